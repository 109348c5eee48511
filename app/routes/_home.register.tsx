import { getFormProps, getInputProps, useForm, type FieldMetadata } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { Popup } from "~/components/popup";
import { SendCodeButton } from "~/components/send-code";
import { effectiveRule, platformFieldMessage, ruleHint } from "~/lib/field-rules";
import { registerMobileSchema, registerSchema } from "~/lib/register-schema";
import { useSchemaValidation } from "~/lib/validation";
import { RequiredMark, RequiredNote, TextField } from "~/components/form-field";
import { getUser } from "~/services/auth.server";
import { CODE_ERRORS } from "~/lib/code-errors";
import { readForm } from "~/services/forms.server";
import { getLocale } from "~/services/i18n.server";
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

/** Sends a registration to the platform; on success the new member is logged in and sent to the promotions (spec §4). */
async function submitRegistration(request: Request, path: string, user: Record<string, string>) {
  const value = await callPlatform(request, path, {
    method: "PUT",
    enc: true,
    body: { user: { ...user, registerUrl: new URL(request.url).origin, registerMethod: "WEB" }, login: true },
    schema: loginValue,
  });
  return redirect("/promotions", { headers: { "Set-Cookie": await commitSession(value.token, false) } });
}

function settings(request: Request) {
  return callPlatform(request, "/wps/system/setting/register", { schema: settingsSchema });
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A trial member may register a real account; a real member has one.
  const user = await getUser(request);
  if (user && !user.isTrial) throw redirect("/");
  const { modules, fields } = await settings(request);
  if (!modules.includes("DIRECTREG3")) throw redirect("/");
  return json({ fields, modules });
}

/** Platform field refusals as the form's messages (i18n keys). */
function fieldMessage(field: string, failure: { kind: string; patternId?: string; min?: number; max?: number }): string {
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
      return platformFieldMessage(field, failure) ?? "err_correct_info";
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { modules, fields } = await settings(request);
  if (!modules.includes("DIRECTREG3")) throw redirect("/");
  const hidden = ["password", "confirmPassword"];
  if (formData.get("mode") === "mobile" && modules.includes("MOBILENUMREG3")) return registerByMobile(request, formData, fields, modules.includes("REGMOBVERF3"));
  const submission = parseWithZod(formData, { schema: registerSchema(fields) });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 });
  const v = submission.value;
  if (v.website) return json({ result: submission.reply({ formErrors: ["err_correct_info"], hideFields: hidden }) }, { status: 400 });
  try {
    return await submitRegistration(request, "/wps/member/register", {
      username: v.username ?? "",
      password: v.password ?? "",
      confirmPassword: v.confirmPassword ?? "",
      ...(v.email ? { email: v.email } : {}),
      ...(v.mobileNum ? { mobileNum: v.mobileNum } : {}),
      ...(v.referralCode ? { referralCode: v.referralCode } : {}),
    });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    const failures = (e.details.fields ?? {}) as Record<string, { kind: string }>;
    const fieldErrors = Object.fromEntries(Object.entries(failures).map(([f, failure]) => [f, [fieldMessage(f, failure)]]));
    return json(
      { result: submission.reply({ hideFields: hidden, ...(Object.keys(fieldErrors).length ? { fieldErrors } : { formErrors: ["err_correct_info"] }) }) },
      { status: 400 },
    );
  }
}

const MOBILE_ERRORS: Record<string, string> = {
  CODE_MISSING: "err_code_missing",
  CODE_INVALID: "err_code_invalid",
  CODE_EXPIRED: "err_code_expired",
  taken: "err_username_taken",
};

async function registerByMobile(request: Request, formData: FormData, fields: z.infer<typeof settingsSchema>["fields"], codeRequired: boolean) {
  const hidden = ["password", "confirmPassword", "verificationCode"];
  const submission = parseWithZod(formData, { schema: registerMobileSchema(fields, codeRequired) });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hidden }), sentUntil: null as string | null }, { status: 400 });
  const v = submission.value;
  if (v.website) return json({ result: submission.reply({ formErrors: ["err_correct_info"], hideFields: hidden }), sentUntil: null }, { status: 400 });
  try {
    if (v.intent === "sendCode") {
      const sent = await callPlatform(request, "/wps/sms/register", {
        method: "POST",
        // The SMS goes out in the reader's language.
        language: await getLocale(request),
        body: { countryDialingCode: v.countryDialingCode, mobileNo: v.mobileNum },
        schema: z.object({ resendAt: z.string() }),
      });
      return json({ result: submission.reply({ hideFields: hidden }), sentUntil: sent.resendAt as string | null });
    }
    return await submitRegistration(request, "/wps/member/registerMobile", {
      mobileNum: v.mobileNum ?? "",
      countryDialingCode: v.countryDialingCode ?? "",
      verificationCode: v.verificationCode ?? "",
      password: v.password ?? "",
      confirmPassword: v.confirmPassword ?? "",
      ...(v.referralCode ? { referralCode: v.referralCode } : {}),
    });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    if (typeof e.details.resendAt === "string") return json({ result: submission.reply({ hideFields: hidden }), sentUntil: e.details.resendAt as string | null });
    const failures = (e.details.fields ?? {}) as Record<string, { kind: string }>;
    const fieldErrors = Object.fromEntries(Object.entries(failures).map(([f, failure]) => [f, [MOBILE_ERRORS[failure.kind] ?? fieldMessage(f, failure)]]));
    const mapped = CODE_ERRORS[e.code];
    if (mapped?.[0]) fieldErrors[mapped[0]] = [mapped[1]];
    const formErrors = [mapped && !mapped[0] ? mapped[1] : "err_correct_info"];
    return json(
      { result: submission.reply({ hideFields: hidden, ...(Object.keys(fieldErrors).length ? { fieldErrors } : { formErrors }) }), sentUntil: null },
      { status: 400 },
    );
  }
}

/** /register: the home page with the registration popup open; a referralCode in the query is kept. */
export default function RegisterPopup() {
  const { t } = useTranslation();
  const { modules } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const both = modules.includes("USERNAMEREG3") && modules.includes("MOBILENUMREG3");
  const mobile = modules.includes("MOBILENUMREG3") && (params.get("mode") === "mobile" || !modules.includes("USERNAMEREG3"));
  const referral = params.get("referralCode") ?? params.get("affiliateCode");
  const modeHref = (mode: string) => `/register?${new URLSearchParams({ ...(referral ? { referralCode: referral } : {}), mode })}`;
  return (
    <Popup title={t("register_title")} testId="register-popup">
      {both ? (
        <nav className={s.inlineForm} style={{ marginBottom: 10 }}>
          <Link to={modeHref("username")} replace className={s.smallButton} aria-current={!mobile ? "page" : undefined}>
            {t("register_mode_username")}
          </Link>
          <Link to={modeHref("mobile")} replace className={s.smallButton} aria-current={mobile ? "page" : undefined}>
            {t("register_mode_mobile")}
          </Link>
        </nav>
      ) : null}
      {mobile ? <MobileRegisterForm /> : <UsernameRegisterForm />}
      <p>
        <Link to="/login" className={s.linkish}>
          {t("login_title")}
        </Link>
      </p>
    </Popup>
  );
}

type Tick = FieldMetadata;

/** Terms and age ticks (spec §5), both required. */
function Ticks({ terms, age }: { terms: Tick; age: Tick }) {
  const { t } = useTranslation();
  return (
    <>
      {([
        [terms, "terms_tick"],
        [age, "age_tick"],
      ] as const).map(([field, label]) => (
        <div key={label}>
          <label className={s.inlineForm}>
            <input
              {...getInputProps(field, { type: "checkbox" })}
              aria-required="true"
              aria-invalid={field.errors?.length ? true : undefined}
              aria-describedby={field.errors?.length ? field.errorId : undefined}
            />
            {t(label)}
            <RequiredMark />
          </label>
          <FieldError id={field.errorId} errors={field.errors} />
        </div>
      ))}
    </>
  );
}

function Honeypot() {
  return (
    <div aria-hidden="true" style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" }}>
      <label>
        Website
        <input name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

function MobileRegisterForm() {
  const { t } = useTranslation();
  const { fields: rules, modules } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const codeRequired = modules.includes("REGMOBVERF3");
  const validation = useSchemaValidation(() => import("~/lib/register-schema"), (schemas) => schemas.registerMobileSchema(rules, codeRequired));
  const [form, fields] = useForm({
    id: "register-mobile",
    lastResult: acted?.result,
    // An agent's invitation link says ?affiliateCode=: the same invitation field.
    defaultValue: { referralCode: params.get("referralCode") ?? params.get("affiliateCode") ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  type F = (typeof fields)["mobileNum"];
  const text = (field: F, label: string, type: "text" | "password" | "tel", autoComplete: string, required = false, hint: Parameters<typeof TextField>[0]["hint"] = null) => (
    <TextField field={field} label={label} type={type} autoComplete={autoComplete} required={required} hint={hint} />
  );
  const passwordHint = ruleHint(effectiveRule(rules, "password"));
  return (
    <Form method="post" action={`/register?mode=mobile`} className={h.formGrid} {...getFormProps(form)} onFocus={validation.load} data-testid="register-mobile-form">
      <CsrfInput />
      <input type="hidden" name="mode" value="mobile" />
      {form.errors?.length ? (
        <p className={s.fieldError} role="alert">
          {form.errors.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      <RequiredNote />
      {text(fields.countryDialingCode, t("country_code"), "text", "tel-country-code")}
      {text(fields.mobileNum, t("login_mobile"), "tel", "tel-national", true, t("login_mobile_hint"))}
      {codeRequired ? (
        <>
          <SendCodeButton sentUntil={acted && "sentUntil" in acted && typeof acted.sentUntil === "string" ? acted.sentUntil : null} />
          {text(fields.verificationCode, t("login_code"), "text", "one-time-code", true)}
        </>
      ) : null}
      {text(fields.password, t("login_password"), "password", "new-password", true, passwordHint)}
      {text(fields.confirmPassword, t("confirm_password"), "password", "new-password", true)}
      {text(fields.referralCode, t("referral_code"), "text", "off")}
      <Honeypot />
      <Ticks terms={fields.terms as unknown as Tick} age={fields.age as unknown as Tick} />
      <button type="submit" className={s.primaryButton}>
        {t("register_button")}
      </button>
    </Form>
  );
}

function UsernameRegisterForm() {
  const { t } = useTranslation();
  const { fields: rules } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const validation = useSchemaValidation(() => import("~/lib/register-schema"), (schemas) => schemas.registerSchema(rules));
  const [form, fields] = useForm({
    id: "register",
    lastResult: acted?.result,
    // An agent's invitation link says ?affiliateCode=: the same invitation field.
    defaultValue: { referralCode: params.get("referralCode") ?? params.get("affiliateCode") ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const enabled = (f: string) => rules.some((r) => r.field === f && r.enabled);
  type Field = (typeof fields)["username"];
  /** Each field shows the operator's rule for it up front, and its asterisk when required. */
  const text = (field: Field, label: string, type: "text" | "password" | "email" | "tel", autoComplete: string, ruleField?: string) => {
    const rule = ruleField ? effectiveRule(rules, ruleField) : null;
    return (
      <TextField field={field} label={label} type={type} autoComplete={autoComplete} required={!!rule?.required} hint={ruleHint(rule)} />
    );
  };
  return (
      <Form method="post" action="/register" className={h.formGrid} {...getFormProps(form)} onFocus={validation.load}>
        <CsrfInput />
        {form.errors?.length ? (
          <p className={s.fieldError} role="alert">
            {form.errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        <RequiredNote />
        {text(fields.username, t("login_username"), "text", "username", "username")}
        {text(fields.password, t("login_password"), "password", "new-password", "password")}
        <TextField field={fields.confirmPassword} label={t("confirm_password")} type="password" autoComplete="new-password" required />
        {enabled("email") ? text(fields.email, t("email_label"), "email", "email", "email") : null}
        {enabled("mobileNum") ? text(fields.mobileNum, t("login_mobile"), "tel", "tel", "mobileNum") : null}
        {text(fields.referralCode, t("referral_code"), "text", "off")}
        <Honeypot />
        <Ticks terms={fields.terms as unknown as Tick} age={fields.age as unknown as Tick} />
        <button type="submit" className={s.primaryButton}>
          {t("register_button")}
        </button>
      </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
