import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { z } from "zod";
import { changePasswordSchema } from "~/lib/auth-schemas";
import { effectiveRule, platformFieldMessage, ruleHint } from "~/lib/field-rules";
import { readForm } from "./forms.server";
import { callPlatform, PlatformError } from "./platform.server";
import { getSessionToken } from "./session.server";

const FIELD_MESSAGES: Record<string, string> = {
  required: "err_empty",
  wrong: "err_old_password",
  same: "err_same_password",
  mismatch: "err_confirm",
};

const rulesSchema = z.object({
  fields: z.array(
    z.object({ field: z.string(), acceptedPattern: z.string(), patternId: z.string(), minLength: z.number(), maxLength: z.number(), enabled: z.boolean(), required: z.boolean() }),
  ),
});

/**
 * The password rule in force for this site, as the hint beside a new-password field (the
 * operator's rule, or the ASVS default). Without an answer from the platform the form still
 * renders, without the hint; the platform checks the rule either way.
 */
export async function newPasswordHint(request: Request): Promise<{ key: string; bounds: string } | null> {
  try {
    const { fields } = await callPlatform(request, "/wps/system/setting/register", { schema: rulesSchema });
    return ruleHint({ ...effectiveRule(fields, "password")!, field: "newPassword" });
  } catch (e) {
    if (e instanceof PlatformError) return null;
    throw e;
  }
}

/** The change-password post, for the forced-change popup and the security centre alike. */
export async function handleChangePassword(request: Request) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hidden = ["oldPassword", "newPassword", "confirmNewPassword"];
  if (submission.status !== "success") return { ok: false as const, response: json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 }) };
  const v = submission.value;
  try {
    await callPlatform(request, "/wps/member/password", {
      method: "PUT", enc: true,
      body: { oldPassword: v.forced ? undefined : v.oldPassword, newPassword: v.newPassword ?? "", confirmNewPassword: v.confirmNewPassword ?? "" },
      schema: z.object({ changed: z.boolean() }),
      token: await getSessionToken(request),
    });
    return { ok: true as const };
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    const fields = (e.details.fields ?? {}) as Record<string, { kind: string; patternId?: string; min?: number; max?: number }>;
    const fieldErrors = Object.fromEntries(
      Object.entries(fields).map(([f, failure]) => [
        f,
        [FIELD_MESSAGES[failure.kind] ?? platformFieldMessage(f, failure) ?? "err_correct_info"],
      ]),
    );
    const formErrors = Object.keys(fieldErrors).length ? undefined : [e.code === "in_need_true_account" ? "in_need_true_account" : "err_correct_info"];
    return {
      ok: false as const,
      response: json({ result: submission.reply({ hideFields: hidden, fieldErrors, ...(formErrors ? { formErrors } : {}) }) }, { status: e.status === 401 ? 401 : 400 }),
    };
  }
}
