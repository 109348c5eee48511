import type { CSSProperties } from "react";
import { deferredBox } from "~/styles/deferred-picture.css";

/**
 * Pictures far down every page (the footer's provider icons and bank logos) that a browser fetches
 * only once the reader gets near them, with scripts on or off (issue 15: a scripts-off phone
 * should download little more than what it shows).
 *
 * `loading="lazy"` defers an image only while scripts run: the HTML standard and Chromium load
 * every image at once when scripting is off, so a scripts-off phone fetched all 84 pictures of the
 * home page, 68 of them in the footer, before the page had loaded. So:
 * - with scripts on, this is a plain lazy `<img>` of the picture;
 * - with scripts off, the `<picture>`'s `(scripting: none)` source, a 1-pixel blank (one small
 *   file for all of them), stands in for it, and the picture is drawn as the image's CSS
 *   background instead (`--p`, styles in deferred-picture.css.ts). A browser fetches a background
 *   only when its element is rendered, and the sections holding these are `content-visibility:
 *   auto` (`deferredSection`): rendered when near the viewport.
 * The `<img>`'s `src`, alt text and size are the picture's either way.
 *
 * Pictures in a list of their own (a game list's cards, the providers' chips) are deferred by
 * their own box instead (`own`, `deferredBox`): a phone's first view of `/rng` without scripts
 * fetched all 72 of its pictures, of which about nine are on the screen.
 */
export const BLANK_IMAGE = "/blank.gif";

/**
 * A URL as an unquoted CSS `url()` value (the shorter form: these go in every page's markup):
 * whitespace, quotes, parentheses and backslashes escaped.
 */
export function cssUrl(url: string): string {
  return `url(${url.replace(/[\s"'()\\]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)})`;
}

/** The custom property the deferred backgrounds read (`--p`), set on an element's style. */
export function pictureStyle(src: string): CSSProperties {
  return { ["--p" as string]: cssUrl(src) } as CSSProperties;
}

/**
 * The size comes from the page's styles (where many of these sit in a row, the markup stays short).
 * With `own`, the picture is deferred by its own box, which those styles must size without its
 * image (deferred-picture.css.ts); without, by the `deferredSection` around it.
 */
export function DeferredPicture({ src, alt, own = false }: { src: string; alt: string; own?: boolean }) {
  return (
    <picture className={own ? deferredBox : undefined}>
      <source media="(scripting:none)" srcSet={BLANK_IMAGE} />
      <img src={src} alt={alt} loading="lazy" style={pictureStyle(src)} />
    </picture>
  );
}
