import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useRootData } from "~/components/header";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** App download and install guide (iOS profile, Lite, Android). */
export default function Download() {
  const { t } = useTranslation();
  const shell = useRootData()?.shell;
  return (
    <div data-testid="download-page">
      <h1>{t("down_title")}</h1>
      {shell ? <div className={s.qrBox} role="img" aria-label={t("scan_to_download")} dangerouslySetInnerHTML={{ __html: shell.download.qr }} /> : null}
      <ul>
        <li>{t("down_ios")}</li>
        <li>{t("down_android")}</li>
        <li>{t("down_lite")}</li>
      </ul>
      <p>{t("down_guide")}</p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
