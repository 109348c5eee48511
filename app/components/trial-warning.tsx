import { Link } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import * as s from "~/styles/shell.css";

/** Spec §4/§8: a trial member tries something that needs a real account. */
export function TrialWarning() {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="trial-warning">
      <p>{t("in_need_true_account")}</p>
      <Link to="/register" className={s.primaryButton}>
        {t("in_increase_submit")}
      </Link>
    </div>
  );
}
