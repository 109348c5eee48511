import { z } from "zod";
import { appCookie } from "./cookies.server";

/**
 * A one-time message carried across a post/redirect/get: set by the action's redirect, read
 * (and cleared) by the next page load. Signed and short-lived (path / like every `__Host-` cookie).
 */
const flashCookie = appCookie("flash");

const flashSchema = z.object({ id: z.string().max(20), key: z.string().max(60), values: z.record(z.string().max(100)).default({}) });
export type Flash = z.infer<typeof flashSchema>;

/** The Set-Cookie value of a message; each message has its own id, so a page can tell a new one from the last. */
export async function setFlash(flash: Omit<Flash, "id">): Promise<string> {
  return flashCookie.serialize({ ...flash, id: crypto.randomUUID().slice(0, 8) });
}

/** The pending message, if any, and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit | undefined }> {
  const raw = await flashCookie.parse(request.headers.get("cookie")).catch(() => null);
  if (!raw) return { flash: null, headers: undefined };
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) } };
}
