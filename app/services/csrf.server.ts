import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { env, secureCookies } from "./env.server";

// `__Host-` in production like every cookie (issue 14): Secure, path /, no Domain.
const cookie = createCookie(secureCookies ? "__Host-csrf" : "csrf", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  secrets: [env.SESSION_SECRET],
});

export const csrf = new CSRF({ cookie, secret: env.SESSION_SECRET });

/** Throws 403 when a form post does not carry the token of its own cookie. */
export async function validateCSRF(formData: FormData, headers: Headers) {
  try {
    await csrf.validate(formData, headers);
  } catch (error) {
    if (error instanceof CSRFError) throw new Response("Invalid CSRF token", { status: 403 });
    throw error;
  }
}
