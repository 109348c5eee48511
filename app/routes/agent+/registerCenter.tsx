import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import QRCode from "qrcode";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { agentFieldMessage } from "~/lib/agent-fields";
import { downlineSchema } from "~/lib/agent-schemas";
import { platformFieldMessage } from "~/lib/field-rules";
import { agentCall, profileSchema, requireAgent } from "~/services/agent.server";
import { readForm } from "~/services/forms.server";
import { PlatformError } from "~/services/platform.server";
import * as a from "~/styles/agent.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

const PATH = "/agent/registerCenter";

/**
 * Register centre (spec §2): the agent's invitation (link, code, QR code) and a form that makes a
 * direct downline, player or agent, with a rebate never above the agent's own.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  const profile = await agentCall(request, "/wps/agent/profile", { schema: profileSchema });
  const link = `${new URL(request.url).origin}/register?${new URLSearchParams({ affiliateCode: profile.affiliateCode })}`;
  const qr = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  const created = new URL(request.url).searchParams.get("created");
  return json({ profile, link, qr: `data:image/svg+xml;base64,${Buffer.from(qr).toString("base64")}`, created: created && /^[a-z0-9_]{1,40}$/.test(created) ? created : null });
}

function downlineFieldMessage(field: string, f: { kind: string; patternId?: string; min?: number; max?: number }): string {
  if (f.kind === "taken") return "err_username_taken";
  return platformFieldMessage(field, f) ?? "err_correct_info";
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAgent(request);
  const form = await readForm(request);
  const profile = await agentCall(request, "/wps/agent/profile", { schema: profileSchema });
  const submission = parseWithZod(form, { schema: downlineSchema(profile.rebate) });
  const hidden = ["password"];
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 });
  const v = submission.value;
  try {
    const made = await agentCall(request, "/wps/agent/team/members", {
      method: "POST",
      body: { username: v.username, password: v.password, kind: v.kind, rebate: v.rebate },
      schema: z.object({ account: z.string() }),
    });
    return redirect(`${PATH}?${new URLSearchParams({ created: made.account })}`);
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    const failures = (e.details.fields ?? {}) as Record<string, { kind: string }>;
    const fieldErrors = Object.fromEntries(Object.entries(failures).map(([f, failure]) => [f, [agentFieldMessage(failure, (x) => downlineFieldMessage(f, x))]]));
    return json(
      { result: submission.reply({ hideFields: hidden, ...(Object.keys(fieldErrors).length ? { fieldErrors } : { formErrors: ["err_correct_info"] }) }) },
      { status: 400 },
    );
  }
}

export default function RegisterCenter() {
  const { t } = useTranslation();
  const { profile, link, qr, created } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <div data-testid="register-center">
      <h1>{t("agent_nav_register")}</h1>
      {created ? (
        <p role="status" className={m.status} data-testid="downline-created">
          {t("agent_created", { account: created })}{" "}
          <Link to={`/agent/downlineManagmentView?${new URLSearchParams({ detail: created })}`}>{t("agent_view_downline")}</Link>
        </p>
      ) : null}
      <section className={m.card} aria-labelledby="invite-title">
        <h2 id="invite-title">{t("agent_invite_title")}</h2>
        <div className={a.invite}>
          <div>
            <p className={m.muted}>{t("agent_invite_code")}</p>
            <p className={a.code} data-testid="affiliate-code">
              {profile.affiliateCode}
            </p>
          </div>
          <div>
            <p className={m.muted}>{t("agent_invite_link")}</p>
            <p className={a.linkText}>
              <a href={link} data-testid="invite-link">
                {link}
              </a>
            </p>
          </div>
          <img src={qr} alt={t("agent_invite_qr")} className={a.qr} width={180} height={180} data-testid="invite-qr" />
        </div>
      </section>
      <DownlineForm key={created ?? "form"} maxRebate={profile.rebate} lastResult={acted?.result ?? null} />
    </div>
  );
}

function DownlineForm({ maxRebate, lastResult }: { maxRebate: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/agent-schemas"), (schemas) => schemas.downlineSchema(maxRebate));
  const [form, fields] = useForm({
    id: "register-downline",
    lastResult,
    defaultValue: { kind: "player", rebate: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const kind = fields.kind;
  return (
    <section className={m.card} aria-labelledby="downline-title">
      <h2 id="downline-title">{t("agent_create_title")}</h2>
      <Form method="post" action={PATH} className={m.formCard} {...getFormProps(form)} onFocus={validation.load} data-testid="downline-form">
        <CsrfInput />
        {form.errors?.length ? (
          <p className={s.fieldError} role="alert">
            {form.errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        <div className={m.fieldBlock}>
          <label htmlFor={fields.username.id}>{t("login_username")}</label>
          <input {...getInputProps(fields.username, { type: "text" })} autoComplete="off" className={`${s.field} ${m.wideField}`} />
          <FieldError id={fields.username.errorId} errors={fields.username.errors} />
        </div>
        <div className={m.fieldBlock}>
          <label htmlFor={fields.password.id}>{t("login_password")}</label>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={`${s.field} ${m.wideField}`} />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <fieldset className={m.choices} aria-describedby={kind.errors?.length ? kind.errorId : undefined}>
          <legend>{t("agent_kind")}</legend>
          {(["player", "agent"] as const).map((k) => (
            <label key={k} className={m.choice}>
              <input type="radio" name={kind.name} value={k} defaultChecked={(kind.initialValue ?? "player") === k} data-testid={`kind-${k}`} />
              <span>{t(k === "player" ? "agent_kind_player" : "agent_kind_agent")}</span>
            </label>
          ))}
          <FieldError id={kind.errorId} errors={kind.errors} />
        </fieldset>
        <div className={m.fieldBlock}>
          <label htmlFor={fields.rebate.id}>{t("agent_rebate_percent")}</label>
          <input {...getInputProps(fields.rebate, { type: "text" })} inputMode="decimal" autoComplete="off" className={`${s.field} ${m.wideField}`} />
          <p className={m.hint}>{t("agent_rebate_max", { max: maxRebate })}</p>
          <FieldError id={fields.rebate.errorId} errors={fields.rebate.errors} />
        </div>
        <button type="submit" className={s.primaryButton}>
          {t("agent_create_submit")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
