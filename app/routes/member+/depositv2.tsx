import { safeRedirect } from "~/lib/safe-redirect";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { MessageNotice, MoneyFieldError, StatusTag, useMoneyFormat } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { depositFormSchema } from "~/lib/money-schemas";
import { requireRealUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { channelSchema, depositSchema, memberCall, messageSchema, moneyRefusal, newRequestKey, pageOf } from "~/services/money.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

type Deposit = z.infer<typeof depositSchema>;
type Channel = z.infer<typeof channelSchema>;

const DEPOSIT_MESSAGES = ["deposit_credited", "deposit_failed"];

/**
 * The member's deposits: choose a channel and an amount. A bank transfer shows the account to pay
 * into and the reference to quote; a gateway payment goes to the provider's page, which comes back
 * here with `?deposit=<reference>` to show the outcome. Below: the member's recent deposits.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const url = new URL(request.url);
  const pageNo = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 1000);
  const reference = url.searchParams.get("deposit")?.slice(0, 80) || null;
  if (trial) return json({ trial, channels: [] as Channel[], deposits: { content: [] as Deposit[], pageNum: 1, totalPages: 1 }, shown: null as Deposit | null, messages: [], requestKey: "" });
  const [channels, deposits, messages] = await Promise.all([
    memberCall(request, "/wps/payment/channels", { query: { direction: "DEPOSIT" }, schema: z.array(channelSchema) }),
    memberCall(request, "/wps/payment/deposits", { query: { pageNo }, schema: pageOf(depositSchema) }),
    memberCall(request, "/wps/member/messages", { schema: z.array(messageSchema) }),
  ]);
  let shown = reference ? (deposits.content.find((d) => d.reference === reference) ?? null) : null;
  if (reference && !shown) {
    const recent = await memberCall(request, "/wps/payment/deposits", { query: { pageNo: 1, pageSize: 50 }, schema: pageOf(depositSchema) });
    shown = recent.content.find((d) => d.reference === reference) ?? null;
  }
  return json({
    trial,
    channels,
    deposits,
    shown,
    // The outcome shown above already says what its own message would.
    messages: messages.filter((msg) => !msg.read && DEPOSIT_MESSAGES.includes(msg.type) && msg.reference !== shown?.reference).slice(0, 1),
    requestKey: newRequestKey(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const formData = await readForm(request);
  if (formData.get("intent") === "read") {
    await memberCall(request, "/wps/member/messages/read", { method: "POST", body: { types: ["deposit_credited", "deposit_failed"] }, schema: z.null() });
    const url = new URL(request.url);
    return redirect(`/member/depositv2${url.search}`);
  }
  const submission = parseWithZod(formData, { schema: depositFormSchema });
  if (trial) return json({ result: submission.reply({ formErrors: ["in_need_true_account"] }) }, { status: 403 });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  try {
    const deposit = await memberCall(request, "/wps/payment/deposits", {
      method: "POST",
      body: { channelId: v.channelId, amount: v.amount, requestKey: v.requestKey },
      schema: depositSchema,
    });
    // A gateway payment continues on the provider's page (ours only: never an open redirect).
    const payUrl = deposit.status === "PENDING" ? safeRedirect(deposit.payUrl, "") : "";
    if (payUrl) return redirect(payUrl);
    return redirect(`/member/depositv2?deposit=${encodeURIComponent(deposit.reference)}`);
  } catch (e) {
    const { field, key, status } = moneyRefusal(e);
    return json({ result: submission.reply(field ? { fieldErrors: { [field]: [key] } } : { formErrors: [key] }) }, { status });
  }
}

export default function DepositPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <div data-testid="deposit-page" className={m.panel}>
      <h1>{t("deposit")}</h1>
      {data.trial ? (
        <TrialWarning />
      ) : (
        <>
          {data.shown ? <DepositOutcome deposit={data.shown} /> : null}
          {data.messages.map((msg) => (
            <MessageNotice key={msg.id} message={msg} />
          ))}
          {data.channels.length ? (
            <DepositForm key={data.requestKey} channels={data.channels} requestKey={data.requestKey} lastResult={acted?.result} />
          ) : (
            <p className={m.status}>{t("channels_empty")}</p>
          )}
          <RecentDeposits deposits={data.deposits} />
        </>
      )}
    </div>
  );
}

function DepositForm({ channels, requestKey, lastResult }: { channels: Channel[]; requestKey: string; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const validation = useSchemaValidation(() => import("~/lib/money-schemas"), (schemas) => schemas.depositFormSchema);
  const [form, fields] = useForm({
    id: "deposit",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { channelId: String(channels[0]!.id) },
    onValidate: validation.onValidate,
  });
  const chosen = String(fields.channelId.initialValue ?? channels[0]!.id);
  return (
    <Form method="post" action="/member/depositv2" className={m.formStack} {...getFormProps(form)} onFocus={validation.load} data-testid="deposit-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="deposit" />
      <input type="hidden" name="requestKey" value={requestKey} />
      {form.errors?.length ? (
        <p className={s.fieldError} role="alert">
          {form.errors.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      <fieldset className={m.choices} aria-describedby={fields.channelId.errors ? fields.channelId.errorId : undefined}>
        <legend>{t("deposit_channel")}</legend>
        {channels.map((ch) => (
          <label key={ch.id} className={m.choice}>
            <input type="radio" name={fields.channelId.name} value={String(ch.id)} defaultChecked={chosen === String(ch.id)} />
            <span className={m.choiceText}>
              <strong>{ch.name}</strong>
              <span className={m.hint}>{t("limits", { min: fmt.amount(ch.minAmount), max: fmt.amount(ch.maxAmount) })}</span>
            </span>
          </label>
        ))}
        <MoneyFieldError id={fields.channelId.errorId} errors={fields.channelId.errors} />
      </fieldset>
      <div className={m.formRow}>
        <label htmlFor={fields.amount.id}>{t("amount_label")}</label>
        <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" className={`${s.field} ${m.wideField}`} />
        <MoneyFieldError id={fields.amount.errorId} errors={fields.amount.errors} />
      </div>
      <div>
        <button type="submit" className={s.primaryButton}>
          {t("deposit_submit")}
        </button>
      </div>
    </Form>
  );
}

/** What happened to the deposit the member just made (or came back to). */
function DepositOutcome({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const amount = fmt.amount(deposit.amount, deposit.currency);
  if (deposit.status === "CREDITED" || deposit.status === "FAILED" || deposit.status === "REJECTED") {
    const ok = deposit.status === "CREDITED";
    return (
      <p role="status" className={`${m.notice} ${ok ? "" : m.noticeBad}`} data-testid="deposit-outcome" data-status={deposit.status}>
        <span>{t(ok ? "msg_deposit_credited" : "msg_deposit_failed", { amount })}</span>
        <span className={m.hint}>
          {t("reference_label")}: {deposit.reference}
        </span>
      </p>
    );
  }
  if (deposit.payUrl) {
    return (
      <p role="status" className={m.notice} data-testid="deposit-outcome" data-status={deposit.status}>
        <span>{t("deposit_waiting", { amount })}</span>
        <Link to={deposit.payUrl} className={s.smallButton}>
          {t("pay_now")}
        </Link>
      </p>
    );
  }
  const ch = deposit.channel;
  return (
    <section className={m.card} aria-labelledby="deposit-bank-title" data-testid="deposit-outcome" data-status={deposit.status}>
      <h2 id="deposit-bank-title" className={m.blockTitle}>
        {t("deposit_bank_title")}
      </h2>
      <p role="status" style={{ margin: 0 }}>
        {t("deposit_bank_info")}
      </p>
      <dl className={m.details}>
        {ch?.bankName ? (
          <>
            <dt className={m.term}>{t("bank_name")}</dt>
            <dd className={m.value}>{ch.bankName}</dd>
          </>
        ) : null}
        {ch?.accountName ? (
          <>
            <dt className={m.term}>{t("account_name")}</dt>
            <dd className={m.value}>{ch.accountName}</dd>
          </>
        ) : null}
        {ch?.accountNumber ? (
          <>
            <dt className={m.term}>{t("account_number")}</dt>
            <dd className={m.value}>{ch.accountNumber}</dd>
          </>
        ) : null}
        <dt className={m.term}>{t("amount_label")}</dt>
        <dd className={m.value}>{amount}</dd>
        <dt className={m.term}>{t("reference_label")}</dt>
        <dd className={m.value} data-testid="deposit-reference">
          {deposit.reference}
        </dd>
        <dt className={m.term}>{t("status_label")}</dt>
        <dd className={m.value}>
          <StatusTag prefix="deposit_status_" status={deposit.status} />
        </dd>
      </dl>
    </section>
  );
}

function RecentDeposits({ deposits }: { deposits: { content: Deposit[]; pageNum: number; totalPages: number } }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  return (
    <section aria-labelledby="recent-deposits-title" className={m.block}>
      <h2 id="recent-deposits-title" className={m.blockTitle}>
        {t("recent_deposits")}
      </h2>
      {deposits.content.length ? (
        <ul className={m.records} data-testid="deposit-list">
          {deposits.content.map((d) => (
            <li key={d.id} className={m.card} data-reference={d.reference}>
              <div className={m.recordHead}>
                <span className={m.amountText}>{fmt.amount(d.amount, d.currency)}</span>
                <StatusTag prefix="deposit_status_" status={d.status} />
              </div>
              <span className={m.hint}>
                {fmt.dateTime(d.createdAt)} · {d.channel?.name ?? ""} · {t("reference_label")}: {d.reference}
              </span>
              {d.status === "PENDING" && d.payUrl ? (
                <Link to={d.payUrl} className={s.linkish}>
                  {t("pay_now")}
                </Link>
              ) : d.status === "PENDING" ? (
                <Link to={`/member/depositv2?deposit=${encodeURIComponent(d.reference)}`} className={s.linkish}>
                  {t("deposit_bank_title")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={m.hint}>{t("records_empty")}</p>
      )}
      {deposits.totalPages > 1 ? (
        <nav className={m.pager} aria-label={t("recent_deposits")}>
          {deposits.pageNum > 1 ? <Link to={`?page=${deposits.pageNum - 1}`}>← {t("page_prev")}</Link> : null}
          <span>{t("page_of", { page: deposits.pageNum, total: deposits.totalPages })}</span>
          {deposits.pageNum < deposits.totalPages ? <Link to={`?page=${deposits.pageNum + 1}`}>{t("page_next")} →</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
