import { style } from "@vanilla-extract/css";

/** The picture (`--picture`) as the background, drawn as an <img> draws its source: stretched to the box. */
export const pictureBackground = "var(--picture) center / 100% 100% no-repeat";
export const background = style({ background: pictureBackground });

/**
 * A section rendered only near the viewport, so the backgrounds inside it are fetched then.
 * `auto` in the intrinsic size keeps the height it last had, so the page does not jump.
 */
export const deferredSection = style({ contentVisibility: "auto", containIntrinsicSize: "auto 160px" });
