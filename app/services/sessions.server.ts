import { redirect } from "@remix-run/node";
import { z } from "zod";
import { deviceSummary } from "~/lib/user-agent";
import { setFlash } from "./flash.server";
import { readForm } from "./forms.server";
import { callPlatform, PlatformError } from "./platform.server";
import { getSessionToken } from "./session.server";

const sessionsSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.number(),
      current: z.boolean(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
});

/**
 * The member's devices logged in (security centre, ASVS 3.3.4): browser and system by name,
 * address, last use, this one marked. The raw User-Agent never reaches the page.
 */
export async function memberSessions(request: Request) {
  const list = await callPlatform(request, "/wps/member/sessions", { schema: sessionsSchema, token: await getSessionToken(request) });
  return list.sessions.map(({ userAgent, ...rest }) => ({ ...rest, device: deviceSummary(userAgent) }));
}

export type MemberSession = Awaited<ReturnType<typeof memberSessions>>[number];

/**
 * "Log out the other devices": a plain form post (CSRF-checked), then post/redirect/get back to
 * the security centre with a one-time message, so a reload never posts again.
 */
export async function logoutOtherDevices(request: Request, back = "/member/securityCenter"): Promise<Response> {
  await readForm(request);
  let flash: { key: string; values: Record<string, string> };
  try {
    const done = await callPlatform(request, "/wps/member/sessions/revoke-others", {
      method: "POST",
      schema: z.object({ revoked: z.number() }),
      token: await getSessionToken(request),
    });
    flash = { key: "sessions_logged_out", values: { n: String(done.revoked) } };
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    flash = { key: "err_unknown", values: {} };
  }
  return redirect(back, { headers: { "Set-Cookie": await setFlash(flash) } });
}
