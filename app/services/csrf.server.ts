import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { appCookie } from "./cookies.server";
import { env } from "./env.server";

const cookie = appCookie("csrf");

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
