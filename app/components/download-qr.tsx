import * as s from "~/styles/shell.css";

/** The brand's app-download QR code, an image the browser fetches once (shell.server.ts, downloadQrSrc). */
export function DownloadQr({ src, label, size = 100 }: { src: string; label: string; size?: number }) {
  return <img className={s.qrBox} src={src} alt={label} width={size} height={size} style={size === 100 ? undefined : { width: size, height: size }} loading="lazy" data-testid="download-qr" />;
}
