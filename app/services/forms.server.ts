import { json } from "@remix-run/node";
import { validateCSRF } from "./csrf.server";

/** The posted form, CSRF-checked; a body that is not a form is a 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw json({ message: "Expected a form post" }, { status: 400 });
  }
  await validateCSRF(formData, request.headers);
  return formData;
}
