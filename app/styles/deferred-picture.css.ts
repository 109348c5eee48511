import { globalStyle, style } from "@vanilla-extract/css";

/**
 * A picture (`--p`) as a background, drawn as an <img> draws its source: stretched to the box.
 * Without `--p` (a box that shares a class with these, like the authenticator's inline QR code in
 * qrBox) it is no picture: a bare `var(--p)` would void the whole declaration, colour too.
 */
export const pictureBackground = "var(--p, none) center / 100% 100% no-repeat";

/**
 * A section rendered only near the viewport, so the backgrounds inside it are fetched then.
 * `auto` in the intrinsic size keeps the height it last had, so the page does not jump.
 */
export const deferredSection = style({ contentVisibility: "auto", containIntrinsicSize: "auto 160px" });

// deferred-picture.tsx: with scripts off, the image shows a blank and its picture is its background.
globalStyle(`${deferredSection} picture > img`, { "@media": { "(scripting: none)": { background: pictureBackground } } });
