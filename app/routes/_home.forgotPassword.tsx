import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/csrf";
import { Popup } from "~/components/popup";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

/** The forgot-password popup over the home page (the accounts work answers its post). */
export default function ForgotPasswordPopup() {
  const { t } = useTranslation();
  return (
    <Popup title={t("forgot_title")} testId="forgot-popup">
      <Form method="post" className={h.formGrid}>
        <CsrfInput />
        <label>
          {t("login_username")}
          <input name="username" autoComplete="username" className={s.field} style={{ width: "100%" }} required />
        </label>
        <label>
          E-mail
          <input name="email" type="email" autoComplete="email" className={s.field} style={{ width: "100%" }} required />
        </label>
        <button type="submit" className={s.primaryButton}>
          {t("forgot_title")}
        </button>
      </Form>
    </Popup>
  );
}
