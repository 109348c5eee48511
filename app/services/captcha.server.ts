import { z } from "zod";
import { appCookie } from "./cookies.server";
import { callPlatform } from "./platform.server";
import { getLocale } from "./i18n.server";
import { oncePerRequest } from "./shell-cache.server";
import { captchaInPermission } from "./system.server";

/** Which captcha this browser was shown; the login action sends it with the answer. */
export const captchaCookie = appCookie("captcha");


export async function captchaIdFrom(request: Request): Promise<string | undefined> {
  const value = (await captchaCookie.parse(request.headers.get("cookie")).catch(() => null)) as { id?: unknown } | null;
  return typeof value?.id === "string" ? value.id : undefined;
}

const loginStateSchema = z.object({ captchaRequired: z.boolean() });

/**
 * Whether a login from this visitor must carry a captcha. The platform decides (failures from
 * the visitor's address, spec §4 / ADR 014) and the page asks for it up front; never a cookie.
 * Read once per request, whoever asks (the root loader, the visitor memo's key), from the
 * permission answer the request reads anyway; from the login-state call when that answer does not
 * carry it.
 */
export function captchaNeeded(request: Request): Promise<boolean> {
  return oncePerRequest(request, "login-state", async () => {
    try {
      const carried = await captchaInPermission(request, await getLocale(request));
      if (carried !== null) return carried;
      const state = await callPlatform(request, "/wps/session/login-state", { schema: loginStateSchema });
      return state.captchaRequired;
    } catch {
      // When in doubt, show it: a captcha too many costs a second, one too few a refused login.
      return true;
    }
  });
}

/** A login waiting for its second factor (spec §4 unknown IP): the platform's challenge, kept out of the page. */
export const challengeCookie = appCookie("login_challenge");

export interface PendingLogin {
  challenge: string;
  factor: string;
  remember: boolean;
  agent: boolean;
  redirectTo: string;
}

export async function pendingLogin(request: Request): Promise<PendingLogin | null> {
  const v = (await challengeCookie.parse(request.headers.get("cookie")).catch(() => null)) as Partial<PendingLogin> | null;
  return v && typeof v.challenge === "string" && typeof v.factor === "string"
    ? { challenge: v.challenge, factor: v.factor, remember: !!v.remember, agent: !!v.agent, redirectTo: typeof v.redirectTo === "string" ? v.redirectTo : "" }
    : null;
}

/** Set for the browser session of a member's first login: announcements with execution F show then (spec §4). */
export const firstLoginCookie = appCookie("first_login");

export async function isFirstLoginSession(request: Request): Promise<boolean> {
  return (await firstLoginCookie.parse(request.headers.get("cookie")).catch(() => null)) === true;
}
