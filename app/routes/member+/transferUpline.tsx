import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { useFormResetKey } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { formatBalance } from "~/lib/format";
import { uplineTransferSchema } from "~/lib/money-schemas";
import { requireRealUser } from "~/services/auth.server";
import { setFlash, takeFlash } from "~/services/flash.server";
import { readForm } from "~/services/forms.server";
import { memberCall, moneyRefusal, newRequestKey, walletSchema } from "~/services/money.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

const PATH = "/member/transferUpline";
const TRANSFER = "/wps/member/transfer/upline";
const transferResult = z.object({ transferId: z.number(), replayed: z.boolean(), to: z.string(), balance: z.string(), currency: z.string() });


/**
 * Transfer to upline (spec §2, §6): money from the main balance to the member's upline, guarded
 * by the payment password. Without an upline, or before a payment password is set, the page
 * explains instead of offering a form that cannot succeed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const { flash, headers } = await takeFlash(request);
  if (trial) return json({ trial, state: null, balance: "", currency: "", reference: "", flash: null });
  const [wallet, info] = await Promise.all([
    memberCall(request, "/wps/v2/wallets/balance", { schema: walletSchema }),
    memberCall(request, "/wps/member/info", { schema: z.object({ hasUpline: z.boolean(), paymentPasswordSet: z.boolean() }) }),
  ]);
  const state = !info.hasUpline ? ("no-upline" as const) : !info.paymentPasswordSet ? ("no-password" as const) : ("ready" as const);
  return json({ trial, state, balance: wallet.balance, currency: wallet.currency, reference: newRequestKey(), flash }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const form = await readForm(request);
  if (trial) return json({ result: null as SubmissionResult<string[]> | null, state: null }, { status: 403 });
  const submission = parseWithZod(form, { schema: uplineTransferSchema });
  const hidden = ["paymentPassword"];
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: hidden }), state: null }, { status: 400 });
  const v = submission.value;
  try {
    const done = await memberCall(request, TRANSFER, {
      method: "POST",
      enc: true,
      body: { amount: v.amount, reference: v.reference, paymentPassword: v.paymentPassword },
      schema: transferResult,
    });
    return redirect(PATH, {
      headers: { "Set-Cookie": await setFlash({ key: "upline_done", values: { amount: v.amount, currency: done.currency, account: done.to } }) },
    });
  } catch (e) {
    const r = moneyRefusal(e, { INSUFFICIENT_FUNDS: "amount", INVALID_AMOUNT: "amount" });
    const state = r.code === "NO_UPLINE" ? ("no-upline" as const) : r.code === "PAYMENT_PASSWORD_NOT_SET" ? ("no-password" as const) : null;
    const reply = submission.reply({ hideFields: hidden, ...(r.field ? { fieldErrors: { [r.field]: [r.message] } } : { formErrors: [r.message] }) });
    return json({ result: reply, state }, { status: r.status });
  }
}

export default function TransferUpline() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const formKey = useFormResetKey(data.flash?.id);
  const state = acted?.state ?? data.state;
  const money = (amount: string) => formatBalance(amount, i18n.language);
  return (
    <div data-testid="transfer-upline">
      <h1>{t("transfer_upline_title")}</h1>
      {data.flash ? (
        <p role="status" className={m.status} data-testid="transfer-done">
          {t(data.flash.key, { ...data.flash.values, amount: money(data.flash.values.amount ?? "0") })}
        </p>
      ) : null}
      {data.trial || !state ? (
        <TrialWarning />
      ) : (
        <>
          <p>
            {t("balance")}:{" "}
            <strong className={s.balance} data-testid="upline-balance">
              {money(data.balance)} {data.currency}
            </strong>
          </p>
          {state === "no-upline" ? (
            <section className={m.noticeCard} role="status" data-testid="no-upline">
              <p>
                <strong>{t("err_no_upline")}</strong>
              </p>
              <p>{t("upline_none_info")}</p>
            </section>
          ) : state === "no-password" ? (
            <section className={m.noticeCard} role="status" data-testid="payment-password-missing">
              <p>
                <strong>{t("err_payment_password_not_set")}</strong>
              </p>
              <p>{t("upline_password_info")}</p>
              <p>
                <Link to="/member/withdraw" className={s.primaryButton} data-testid="set-payment-password">
                  {t("upline_set_password")}
                </Link>
              </p>
            </section>
          ) : (
            <UplineForm key={formKey} reference={data.reference} lastResult={acted?.result ?? null} />
          )}
        </>
      )}
    </div>
  );
}

function UplineForm({ reference, lastResult }: { reference: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/money-schemas"), (schemas) => schemas.uplineTransferSchema);
  const [form, fields] = useForm({
    id: "upline-transfer",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  return (
    <section className={m.card} aria-labelledby="upline-title">
      <h2 id="upline-title">{t("upline_heading")}</h2>
      <p className={m.muted}>{t("upline_intro")}</p>
      <Form method="post" action={PATH} className={m.formCard} {...getFormProps(form)} onFocus={validation.load} data-testid="upline-form">
        <CsrfInput />
        <input type="hidden" name="reference" value={reference} />
        {form.errors?.length ? (
          <p className={s.fieldError} role="alert">
            {form.errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        <div className={m.fieldBlock}>
          <label htmlFor={fields.amount.id}>{t("money_amount")}</label>
          <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" className={s.field} style={{ width: "100%" }} />
          <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>
        <div className={m.fieldBlock}>
          <label htmlFor={fields.paymentPassword.id}>{t("upline_payment_password")}</label>
          <input
            {...getInputProps(fields.paymentPassword, { type: "password" })}
            inputMode="numeric"
            autoComplete="off"
            className={s.field}
            style={{ width: "100%" }}
          />
          <FieldError id={fields.paymentPassword.errorId} errors={fields.paymentPassword.errors} />
        </div>
        <button type="submit" className={s.primaryButton}>
          {t("upline_submit")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
