import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData, LoginForm } from "~/components/header";
import { Popup } from "~/components/popup";
import * as s from "~/styles/shell.css";

/** /login: the home page with the login popup open. */
export default function LoginPopup() {
  const { t } = useTranslation();
  const modules = useRootData()?.shell.site.modules ?? [];
  return (
    <Popup title={t("login_title")} testId="login-popup">
      <LoginForm modules={modules} idPrefix="popup-login" />
      <p className={s.inlineForm} style={{ marginTop: 12 }}>
        {modules.includes("DIRECTREG3") ? (
          <Link to="/register" className={s.smallButton}>
            {t("register_button")}
          </Link>
        ) : null}
        <Link to="/forgotPassword" className={s.linkish}>
          {t("forgot_password")}
        </Link>
      </p>
    </Popup>
  );
}
