/**
 * Feedback rules of spec §5 and §9, shared by the platform (which enforces them) and the web
 * (which shows them and checks them first). Pure: no database, no env.
 */
export const FEEDBACK_TYPES = ["SUGGESTION", "COMPLAINT", "PAYMENT", "GAME", "ACCOUNT", "OTHER"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
/** Content: at least this many characters (the spec's lower word limit is not given; 5 covers "a word"). */
export const FEEDBACK_MIN_CHARS = 5;
/** Content: at most 140 characters (spec §5, §9). */
export const FEEDBACK_MAX_CHARS = 140;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decoded size cap: a small file must not unpack into gigabytes (16 megapixels). */
export const FEEDBACK_MAX_PIXELS = 16_000_000;
export const FEEDBACK_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;

/** Characters as a reader counts them (code points), not UTF-16 units. */
export function charCount(text: string): number {
  return [...text].length;
}

/** The content's problem as an i18n key (with bounds after "|"), or null. */
export function contentProblem(content: string): string | null {
  const n = charCount(content.trim());
  if (n === 0) return "fb_err_content_required";
  if (n < FEEDBACK_MIN_CHARS || n > FEEDBACK_MAX_CHARS) return `fb_err_content_length|${FEEDBACK_MIN_CHARS}|${FEEDBACK_MAX_CHARS}`;
  return null;
}
