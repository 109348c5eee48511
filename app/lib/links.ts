import { safeRedirect } from "./safe-redirect";

/** Operator-supplied link targets: only web, mail and phone links reach an href. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed.startsWith("/")) return safeRedirect(trimmed, "") || null;
  return /^(https?:|mailto:|tel:)/i.test(trimmed) ? trimmed : null;
}
