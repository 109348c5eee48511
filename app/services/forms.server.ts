import { json } from "@remix-run/node";
import { CSRFError } from "remix-utils/csrf/server";
import { csrf } from "./csrf.server";

/** A form has tens of fields; thousands are an attack on the parser (issue 14). */
export const MAX_FORM_FIELDS = 200;
const MAX_FORM_BYTES = 256 * 1024;

/** What the "page expired" answer carries back so the form can be sent again (issue 14). */
export interface ExpiredFormData {
  kind: "expired";
  action: string;
  /** The fields to send again; never passwords, codes or captchas. Empty for cross-site posts. */
  fields: [string, string][];
}

/** Fields never sent back to the browser: secrets and one-time answers. */
const SECRET_FIELD = /pass|code|captcha|csrf|otp|pin/i;

/** True when the browser says the post came from another site. */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (origin === "null" && site === "same-origin") return false;
  if (!origin || origin === "null") return origin === "null";
  try {
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * The posted form, CSRF-checked. A body that is not a form, or is too big, is a 400 that never
 * echoes it. A missing, stale or mismatched token is a 403 that lets the page show the form
 * again with "the page expired" and the input kept (passwords excepted), for same-site posts.
 */
export async function readForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_FORM_BYTES) throw json({ message: "Form too large" }, { status: 413 });
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw json({ message: "Expected a form post" }, { status: 400 });
  }
  let count = 0;
  for (const _ of formData.keys()) {
    if (++count > MAX_FORM_FIELDS) throw json({ message: "Too many form fields" }, { status: 400 });
  }
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (!(error instanceof CSRFError)) throw error;
    const url = new URL(request.url);
    const fields: [string, string][] = [];
    if (!isCrossSite(request)) {
      for (const [name, value] of formData.entries()) {
        if (typeof value === "string" && !SECRET_FIELD.test(name) && value.length <= 2000) fields.push([name, value]);
      }
    }
    throw json<ExpiredFormData>({ kind: "expired", action: url.pathname + url.search, fields }, { status: 403 });
  }
  return formData;
}
