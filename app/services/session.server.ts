import { redirect } from "@remix-run/node";
import { appCookie } from "./cookies.server";

/** Spec §9: a remembered login lasts 24 hours. */
export const REMEMBER_SECONDS = 24 * 60 * 60;

/**
 * The session cookie holds the platform's session token (the platform keeps only its hash).
 * In production it is `__Host-` prefixed: Secure, path /, no domain.
 */
export const sessionCookie = appCookie("session");

export async function getSessionToken(request: Request): Promise<string | null> {
  try {
    const value = await sessionCookie.parse(request.headers.get("cookie"));
    return typeof value === "string" && value.length <= 200 ? value : null;
  } catch {
    return null;
  }
}

export function commitSession(token: string, remember: boolean) {
  return sessionCookie.serialize(token, remember ? { maxAge: REMEMBER_SECONDS } : {});
}

export function destroySession() {
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** After login: a fresh cookie (the token is new each time) and the page to go to. */
export async function loginRedirect(token: string, remember: boolean, to: string) {
  return redirect(to, { headers: { "Set-Cookie": await commitSession(token, remember) } });
}
