import { BLANK_IMAGE, pictureStyle } from "~/components/deferred-picture";
import * as s from "~/styles/shell.css";

/**
 * The brand's app-download QR code, an image the browser fetches once (shell.server.ts, downloadQrSrc).
 * It sits in a closed drop-down and a side menu on every page: with scripts on, a lazy image is
 * fetched only when shown; with scripts off, the HTML standard fetches every image at once, so
 * there the image shows a blank and the code is its background, fetched when the box is drawn
 * (as deferred-picture.tsx does for the footer's pictures).
 */
export function DownloadQr({ src, label, size = 100 }: { src: string; label: string; size?: number }) {
  return (
    <picture>
      <source media="(scripting:none)" srcSet={BLANK_IMAGE} />
      <img
        className={s.qrBox}
        src={src}
        alt={label}
        width={size}
        height={size}
        style={size === 100 ? pictureStyle(src) : { ...pictureStyle(src), width: size, height: size }}
        loading="lazy"
        data-testid="download-qr"
      />
    </picture>
  );
}
