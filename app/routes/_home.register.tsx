import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/header";
import { Popup } from "~/components/popup";
import { registerSchema, ruleMessage } from "~/lib/register-schema";
import { getUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { callPlatform, PlatformError } from "~/services/platform.server";
import { commitSession } from "~/services/session.server";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

const settingsSchema = z.object({
  modules: z.array(z.string()),
  fields: z.array(
    z.object({
      field: z.string(),
      acceptedPattern: z.string(),
      patternId: z.string(),
      minLength: z.number(),
      maxLength: z.number(),
      enabled: z.boolean(),
      required: z.boolean(),
    }),
  ),
});

const loginValue = z.object({ token: z.string(), firstTimeLogin: z.boolean(), passwordExpired: z.boolean() });

function settings(request: Request) {
  return callPlatform(request, "/wps/system/setting/register", { schema: settingsSchema });
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A trial member may register a real account; a real member has one.
  const user = await getUser(request);
  if (user && !user.isTrial) throw redirect("/");
  const { modules, fields } = await settings(request);
  if (!modules.includes("DIRECTREG3")) throw redirect("/");
  return json({ fields });
}

/** Platform field refusals as the form's messages (i18n keys). */
function fieldMessage(failure: { kind: string; patternId?: string; min?: number; max?: number }): string {
  switch (failure.kind) {
    case "mismatch":
      return "err_confirm";
    case "taken":
      return "err_username_taken";
    case "invitation":
      return "err_invitation";
    case "required":
      return "err_empty";
    default:
      return ruleMessage({ kind: "pattern", patternId: failure.patternId ?? "ANY", min: failure.min ?? 0, max: failure.max ?? 0 }) ?? "err_correct_info";
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { modules, fields } = await settings(request);
  if (!modules.includes("DIRECTREG3")) throw redirect("/");
  const submission = parseWithZod(formData, { schema: registerSchema(fields) });
  const hidden = ["password", "confirmPassword"];
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 });
  const v = submission.value;
  if (v.website) return json({ result: submission.reply({ formErrors: ["err_correct_info"], hideFields: hidden }) }, { status: 400 });
  try {
    const value = await callPlatform(request, "/wps/member/register", {
      method: "PUT",
      body: {
        user: {
          username: v.username ?? "",
          password: v.password ?? "",
          confirmPassword: v.confirmPassword ?? "",
          ...(v.email ? { email: v.email } : {}),
          ...(v.mobileNum ? { mobileNum: v.mobileNum } : {}),
          ...(v.referralCode ? { referralCode: v.referralCode } : {}),
          registerUrl: new URL(request.url).origin,
          registerMethod: "WEB",
        },
        login: true,
      },
      schema: loginValue,
    });
    // Spec §4: registered players are logged in and sent to the promotions.
    return redirect("/promotions", { headers: { "Set-Cookie": await commitSession(value.token, false) } });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    const failures = (e.details.fields ?? {}) as Record<string, { kind: string }>;
    const fieldErrors = Object.fromEntries(Object.entries(failures).map(([f, failure]) => [f, [fieldMessage(failure)]]));
    return json(
      { result: submission.reply({ hideFields: hidden, ...(Object.keys(fieldErrors).length ? { fieldErrors } : { formErrors: ["err_correct_info"] }) }) },
      { status: 400 },
    );
  }
}

/** /register: the home page with the registration popup open; a referralCode in the query is kept. */
export default function RegisterPopup() {
  const { t } = useTranslation();
  const { fields: rules } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const schema = useMemo(() => registerSchema(rules), [rules]);
  const [form, fields] = useForm({
    id: "register",
    lastResult: acted?.result,
    defaultValue: { referralCode: params.get("referralCode") ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const enabled = (f: string) => rules.some((r) => r.field === f && r.enabled);
  type TextField = (typeof fields)["username"];
  const text = (field: TextField, label: string, type: "text" | "password" | "email" | "tel", autoComplete: string) => (
    <div>
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} className={s.field} style={{ width: "100%" }} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
  return (
    <Popup title={t("register_title")} testId="register-popup">
      <Form method="post" className={h.formGrid} {...getFormProps(form)}>
        <CsrfInput />
        {form.errors?.length ? (
          <p className={s.fieldError} role="alert">
            {form.errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        {text(fields.username, t("login_username"), "text", "username")}
        {text(fields.password, t("login_password"), "password", "new-password")}
        {text(fields.confirmPassword, t("confirm_password"), "password", "new-password")}
        {enabled("email") ? text(fields.email, t("email_label"), "email", "email") : null}
        {enabled("mobileNum") ? text(fields.mobileNum, t("login_mobile"), "tel", "tel") : null}
        {text(fields.referralCode, t("referral_code"), "text", "off")}
        <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
          <label>
            Website
            <input name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <div>
          <label className={s.inlineForm}>
            <input {...getInputProps(fields.terms, { type: "checkbox" })} />
            {t("terms_tick")}
          </label>
          <FieldError id={fields.terms.errorId} errors={fields.terms.errors} />
        </div>
        <div>
          <label className={s.inlineForm}>
            <input {...getInputProps(fields.age, { type: "checkbox" })} />
            {t("age_tick")}
          </label>
          <FieldError id={fields.age.errorId} errors={fields.age.errors} />
        </div>
        <button type="submit" className={s.primaryButton}>
          {t("register_button")}
        </button>
      </Form>
      <p>
        <Link to="/login" className={s.linkish}>
          {t("login_title")}
        </Link>
      </p>
    </Popup>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
