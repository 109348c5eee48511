import type { CSSProperties } from "react";
import * as s from "~/styles/deferred-picture.css";

/**
 * Pictures far down every page (the footer's provider icons and bank logos) that a browser fetches
 * only once the reader gets near them, with scripts on or off (issue 15: a scripts-off phone
 * should download little more than what it shows).
 *
 * `loading="lazy"` defers an image only while scripts run: the HTML standard and Chromium load
 * every image at once when scripting is off, so a scripts-off phone fetched all 84 pictures of the
 * home page, 68 of them in the footer, before the page finished loading. A CSS background is
 * fetched only when its element is rendered, and the footer's sections are
 * `content-visibility: auto` (`deferredSection`): rendered when near the viewport. So the picture
 * is the `<img>`'s background and its `src` a 1-pixel blank (one small file for all of them): the
 * element, its alt text and its size stay those of an image.
 */
export const BLANK_IMAGE = "/blank.gif";

/**
 * A URL as an unquoted CSS `url()` value (the shorter form: these go in every page's markup):
 * whitespace, quotes, parentheses and backslashes escaped.
 */
export function cssUrl(url: string): string {
  return `url(${url.replace(/[\s"'()\\]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)})`;
}

/** The custom property the deferred backgrounds read (`--picture`), set on an element's style. */
export function pictureStyle(src: string): CSSProperties {
  return { ["--picture" as string]: cssUrl(src) } as CSSProperties;
}

export function DeferredPicture({ src, alt, title, width, height }: { src: string; alt: string; title?: string; width: number; height: number }) {
  return <img src={BLANK_IMAGE} alt={alt} title={title} width={width} height={height} className={s.background} style={pictureStyle(src)} />;
}
