import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/csrf";
import { Popup } from "~/components/popup";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

/** /register: the home page with the registration popup open; a referralCode in the query is kept. */
export default function RegisterPopup() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Popup title={t("register_title")} testId="register-popup">
      <Form method="post" className={h.formGrid}>
        <CsrfInput />
        <label>
          {t("login_username")}
          <input name="username" autoComplete="username" className={s.field} style={{ width: "100%" }} required />
        </label>
        <label>
          {t("login_password")}
          <input name="password" type="password" autoComplete="new-password" className={s.field} style={{ width: "100%" }} required />
        </label>
        <input type="hidden" name="referralCode" value={params.get("referralCode") ?? ""} />
        <button type="submit" className={s.primaryButton}>
          {t("register_button")}
        </button>
      </Form>
      <p>
        <Link to="/login" className={s.linkish}>
          {t("login_title")}
        </Link>
      </p>
    </Popup>
  );
}
