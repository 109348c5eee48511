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

/**
 * A picture deferred by its own box, where pictures sit in a list of their own (a game list's
 * cards, a strip of provider chips): the `<picture>` is rendered only near the viewport (a strip
 * that scrolls sideways counts its own clipping), so with scripts off each background is fetched
 * when its card or chip comes near, not all of them with the page. While skipped, the box has no
 * content to size it: where it is used, a class gives it its size (an aspect ratio, or a width and
 * height) the same as its image's. Longhands, and one more element in the selector than the
 * lists' own `img` rules, so a placeholder colour those set stays under the picture.
 */
export const deferredBox = style({ display: "block", contentVisibility: "auto" });
globalStyle(`picture${deferredBox} > img`, {
  "@media": {
    "(scripting: none)": { backgroundImage: "var(--p, none)", backgroundPosition: "center", backgroundSize: "100% 100%", backgroundRepeat: "no-repeat" },
  },
});
