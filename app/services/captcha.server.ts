import { createCookie } from "@remix-run/node";
import { secureCookies } from "./env.server";

/** Which captcha this browser was shown; the login action sends it with the answer. */
export const captchaCookie = createCookie("captcha", { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies, maxAge: 300 });

/** Once a login failed in this browser, the captcha shows from then on (spec §4). */
export const needCaptchaCookie = createCookie("login_captcha", { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies });

export async function captchaIdFrom(request: Request): Promise<string | undefined> {
  const value = (await captchaCookie.parse(request.headers.get("cookie")).catch(() => null)) as { id?: unknown } | null;
  return typeof value?.id === "string" ? value.id : undefined;
}

export async function captchaNeeded(request: Request): Promise<boolean> {
  return (await needCaptchaCookie.parse(request.headers.get("cookie")).catch(() => null)) === true;
}

/** A login waiting for its second factor (spec §4 unknown IP): the platform's challenge, kept out of the page. */
export const challengeCookie = createCookie("login_challenge", { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies, maxAge: 600 });

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
export const firstLoginCookie = createCookie("first_login", { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies });

export async function isFirstLoginSession(request: Request): Promise<boolean> {
  return (await firstLoginCookie.parse(request.headers.get("cookie")).catch(() => null)) === true;
}
