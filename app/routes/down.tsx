import { DownloadQr } from "~/components/download-qr";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useRootData } from "~/components/header";

export const handle = { layout: "full" };

/** App download and install guide (iOS profile, Lite, Android). */
export default function Download() {
  const { t } = useTranslation();
  const shell = useRootData()?.shell;
  return (
    <div data-testid="download-page">
      <h1>{t("down_title")}</h1>
      {shell ? <DownloadQr src={shell.download.qr} label={t("scan_to_download")} /> : null}
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
