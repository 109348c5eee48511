import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { MessageNotice, MoneyFieldError, StatusTag, useMoneyFormat } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { bankAccountFormSchema, paymentPasswordFormSchema, receiptFormSchema, withdrawFormSchema } from "~/lib/money-schemas";
import { requireRealUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import {
  bankAccountSchema,
  channelSchema,
  memberCall,
  messageSchema,
  moneyRefusal,
  newRequestKey,
  pageOf,
  walletSchema,
  withdrawalSchema,
} from "~/services/money.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

type Withdrawal = z.infer<typeof withdrawalSchema>;
type BankAccount = z.infer<typeof bankAccountSchema>;
type Channel = z.infer<typeof channelSchema>;
type Intent = "paymentPassword" | "bankAccount" | "withdraw" | "receipt";

const bankAccountsSchema = z.object({
  accounts: z.array(bankAccountSchema),
  payeeName: z.string().nullable().optional(),
  paymentPasswordSet: z.boolean(),
});

const WITHDRAW_MESSAGES = ["withdrawal_approved", "withdrawal_rejected"];
/** What a successful post says after its redirect (`?done=`), by intent. */
const DONE_TEXT: Record<string, string> = {
  paymentPassword: "payment_password_saved",
  bankAccount: "bank_added",
  withdraw: "withdraw_requested",
  receipt: "receipt_saved",
};
/** Secrets are never sent back into a re-rendered form. */
const SECRET_FIELDS = ["password", "oldPaymentPassword", "newPaymentPassword", "confirmPaymentPassword", "paymentPassword"];

/**
 * Withdrawals (spec §2 withdraw, §4 withdrawal confirmation): the withdraw password, the bound
 * bank accounts, the request itself (held at once; it cannot be cancelled), and the member's
 * requests with their status and, once paid out, the receipt confirmation.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const url = new URL(request.url);
  const pageNo = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 1000);
  if (trial) {
    return json({
      trial,
      banks: { accounts: [] as BankAccount[], payeeName: null as string | null, paymentPasswordSet: false },
      channels: [] as Channel[],
      wallet: null as { balance: string; currency: string } | null,
      withdrawals: { content: [] as Withdrawal[], pageNum: 1, totalPages: 1 },
      messages: [],
      requestKey: "",
    });
  }
  const [banks, channels, wallet, withdrawals, messages] = await Promise.all([
    memberCall(request, "/wps/member/bank-accounts", { schema: bankAccountsSchema }),
    memberCall(request, "/wps/payment/channels", { query: { direction: "WITHDRAW" }, schema: z.array(channelSchema) }),
    memberCall(request, "/wps/v2/wallets/balance", { schema: walletSchema }),
    memberCall(request, "/wps/payment/withdrawals", { query: { pageNo }, schema: pageOf(withdrawalSchema) }),
    memberCall(request, "/wps/member/messages", { schema: z.array(messageSchema) }),
  ]);
  return json({
    trial,
    banks: { ...banks, payeeName: banks.payeeName ?? null },
    channels,
    wallet: { balance: wallet.balance, currency: wallet.currency },
    withdrawals,
    messages: messages.filter((msg) => !msg.read && WITHDRAW_MESSAGES.includes(msg.type)).slice(0, 1),
    requestKey: newRequestKey(),
  });
}

type Reply = { intent: Intent | null; reference: string | null; result: SubmissionResult<string[]> | null };

function fail(intent: Intent, reference: string | null, result: SubmissionResult<string[]>, status = 400) {
  return json<Reply>({ intent, reference, result }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "read") {
    await memberCall(request, "/wps/member/messages/read", { method: "POST", body: { types: ["withdrawal_approved", "withdrawal_rejected"] }, schema: z.null() });
    // Back to the same page of the list, without the last post's status line.
    const params = new URL(request.url).searchParams;
    params.delete("done");
    return redirect(`/member/withdraw${params.size ? `?${params}` : ""}`);
  }
  const done = (what: Intent) => redirect(`/member/withdraw?done=${what}`);
  /** A platform refusal beside its field, or over the whole form. */
  const refused = (what: Intent, reference: string | null, submission: { reply: (o: object) => SubmissionResult<string[]> }, e: unknown) => {
    const { field, key, status } = moneyRefusal(e);
    return fail(what, reference, submission.reply({ hideFields: SECRET_FIELDS, ...(field ? { fieldErrors: { [field]: [key] } } : { formErrors: [key] }) }), status);
  };

  switch (intent) {
    case "paymentPassword": {
      const submission = parseWithZod(formData, { schema: paymentPasswordFormSchema });
      if (trial) return fail(intent, null, submission.reply({ formErrors: ["in_need_true_account"], hideFields: SECRET_FIELDS }), 403);
      if (submission.status !== "success") return fail(intent, null, submission.reply({ hideFields: SECRET_FIELDS }));
      const v = submission.value;
      try {
        await memberCall(request, "/wps/member/payment-password", {
          method: "PUT",
          enc: true,
          body:
            v.mode === "set"
              ? { password: v.password, newPaymentPassword: v.newPaymentPassword, confirmPaymentPassword: v.confirmPaymentPassword }
              : { oldPaymentPassword: v.oldPaymentPassword, newPaymentPassword: v.newPaymentPassword, confirmPaymentPassword: v.confirmPaymentPassword },
          schema: z.object({ paymentPasswordSet: z.boolean() }),
        });
      } catch (e) {
        return refused(intent, null, submission, e);
      }
      return done(intent);
    }
    case "bankAccount": {
      const submission = parseWithZod(formData, { schema: bankAccountFormSchema });
      if (trial) return fail(intent, null, submission.reply({ formErrors: ["in_need_true_account"] }), 403);
      if (submission.status !== "success") return fail(intent, null, submission.reply());
      try {
        await memberCall(request, "/wps/member/bank-accounts", { method: "POST", body: submission.value, schema: bankAccountSchema });
      } catch (e) {
        return refused(intent, null, submission, e);
      }
      return done(intent);
    }
    case "withdraw": {
      const submission = parseWithZod(formData, { schema: withdrawFormSchema });
      if (trial) return fail(intent, null, submission.reply({ formErrors: ["in_need_true_account"], hideFields: SECRET_FIELDS }), 403);
      if (submission.status !== "success") return fail(intent, null, submission.reply({ hideFields: SECRET_FIELDS }));
      const v = submission.value;
      try {
        await memberCall(request, "/wps/payment/withdraw", {
          method: "POST",
          enc: true,
          body: { bankAccountId: v.bankAccountId, channelId: v.channelId, amount: v.amount, paymentPassword: v.paymentPassword, requestKey: v.requestKey },
          schema: withdrawalSchema,
        });
      } catch (e) {
        return refused(intent, null, submission, e);
      }
      return done(intent);
    }
    case "receipt": {
      const submission = parseWithZod(formData, { schema: receiptFormSchema });
      const reference = String(formData.get("reference") ?? "").slice(0, 80);
      if (trial) return fail(intent, reference, submission.reply({ formErrors: ["in_need_true_account"] }), 403);
      if (submission.status !== "success") return fail(intent, reference, submission.reply());
      const v = submission.value;
      try {
        await memberCall(request, `/wps/payment/withdrawals/${encodeURIComponent(v.reference)}/receipt`, {
          method: "POST",
          body: { receipt: v.receipt, remainingAmount: v.receipt === "PARTIAL" ? v.remainingAmount : undefined },
          schema: withdrawalSchema,
        });
      } catch (e) {
        return refused(intent, reference, submission, e);
      }
      return done(intent);
    }
    default:
      throw json({ message: "Unknown intent" }, { status: 400 });
  }
}

export default function WithdrawPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const doneKey = DONE_TEXT[params.get("done") ?? ""];
  const last = (intent: Intent, reference: string | null = null) =>
    acted && "intent" in acted && acted.intent === intent && (reference === null || acted.reference === reference) ? acted.result : null;
  const { banks, channels, wallet, withdrawals, requestKey } = data;
  return (
    <div data-testid="withdraw-page" className={m.panel}>
      <h1>{t("withdraw")}</h1>
      {data.trial ? (
        <TrialWarning />
      ) : (
        <>
          {doneKey ? (
            <p role="status" className={m.notice} data-testid="withdraw-done">
              {t(doneKey)}
            </p>
          ) : null}
          {data.messages.map((msg) => (
            <MessageNotice key={msg.id} message={msg} />
          ))}

          <Section id="payment-password" title={t("payment_password_title")}>
            {banks.paymentPasswordSet ? (
              <details className={m.collapsible} open={!!last("paymentPassword")}>
                <summary className={m.collapsibleSummary}>{t("payment_password_change")}</summary>
                <PaymentPasswordForm key={requestKey} mode="change" lastResult={last("paymentPassword")} />
              </details>
            ) : (
              <>
                <p className={m.hint}>{t("payment_password_intro")}</p>
                <PaymentPasswordForm key={requestKey} mode="set" lastResult={last("paymentPassword")} />
              </>
            )}
          </Section>

          <Section id="bank-accounts" title={t("bank_accounts_title")}>
            {banks.accounts.length ? (
              <ul className={m.records} data-testid="bank-accounts">
                {banks.accounts.map((b) => (
                  <li key={b.id} className={m.card}>
                    <strong>{b.bankName}</strong>
                    <span>
                      {b.accountName} · {b.accountNumber}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={m.hint}>{t("records_empty")}</p>
            )}
            {banks.accounts.length ? (
              <details className={m.collapsible} open={!!last("bankAccount")}>
                <summary className={m.collapsibleSummary}>{t("bank_add_title")}</summary>
                <BankAccountForm key={requestKey} payeeName={banks.payeeName} lastResult={last("bankAccount")} />
              </details>
            ) : (
              <BankAccountForm key={requestKey} payeeName={banks.payeeName} lastResult={last("bankAccount")} />
            )}
          </Section>

          <Section id="withdraw-request" title={t("withdraw_request_title")}>
            {wallet ? <AvailableBalance balance={wallet.balance} currency={wallet.currency} /> : null}
            {!banks.paymentPasswordSet ? (
              <p className={m.status}>{t("err_payment_password_not_set")}</p>
            ) : !banks.accounts.length ? (
              <p className={m.status}>{t("err_bank_account_required")}</p>
            ) : (
              <WithdrawForm key={requestKey} accounts={banks.accounts} channels={channels} requestKey={requestKey} lastResult={last("withdraw")} />
            )}
            <p className={m.hint}>{t("withdraw_no_cancel")}</p>
          </Section>

          <Section id="withdrawals" title={t("withdrawals_title")}>
            {withdrawals.content.length ? (
              <ul className={m.records} data-testid="withdrawal-list">
                {withdrawals.content.map((w) => (
                  <WithdrawalItem key={w.id} withdrawal={w} formKey={requestKey} lastResult={last("receipt", w.reference)} />
                ))}
              </ul>
            ) : (
              <p className={m.hint}>{t("records_empty")}</p>
            )}
            {withdrawals.totalPages > 1 ? (
              <nav className={m.pager} aria-label={t("withdrawals_title")}>
                {withdrawals.pageNum > 1 ? <Link to={`?page=${withdrawals.pageNum - 1}`}>← {t("page_prev")}</Link> : null}
                <span>{t("page_of", { page: withdrawals.pageNum, total: withdrawals.totalPages })}</span>
                {withdrawals.pageNum < withdrawals.totalPages ? <Link to={`?page=${withdrawals.pageNum + 1}`}>{t("page_next")} →</Link> : null}
              </nav>
            ) : null}
          </Section>
        </>
      )}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={m.block} data-testid={`${id}-section`}>
      <h2 id={`${id}-title`} className={m.blockTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function AvailableBalance({ balance, currency }: { balance: string; currency: string }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  return (
    <p style={{ margin: 0 }}>
      {t("available_balance")}:{" "}
      <strong className={m.amountText} data-testid="available-balance">
        {fmt.amount(balance, currency)}
      </strong>
    </p>
  );
}

function FormErrors({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className={s.fieldError} role="alert">
      {errors.map((e) => t(e)).join(" ")}
    </p>
  );
}

type Field = { id: string; name: string; errorId: string; errors?: string[] };

/** A labelled text or password input with its error underneath. */
function TextRow({ field, label, input }: { field: Field; label: string; input: JSX.Element }) {
  return (
    <div className={m.formRow}>
      <label htmlFor={field.id}>{label}</label>
      {input}
      <MoneyFieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function PaymentPasswordForm({ mode, lastResult }: { mode: "set" | "change"; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/money-schemas"), (schemas) => schemas.paymentPasswordFormSchema);
  const [form, fields] = useForm({
    id: `payment-password-${mode}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const secret = (f: typeof fields.newPaymentPassword, label: string, digits: boolean, autoComplete = "new-password") => (
    <TextRow
      field={f}
      label={label}
      input={<input {...getInputProps(f, { type: "password" })} inputMode={digits ? "numeric" : undefined} autoComplete={autoComplete} className={`${s.field} ${m.wideField}`} />}
    />
  );
  return (
    <Form method="post" action="/member/withdraw" className={m.formStack} {...getFormProps(form)} onFocus={validation.load} data-testid="payment-password-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="paymentPassword" />
      <input type="hidden" name="mode" value={mode} />
      <FormErrors errors={form.errors} />
      {mode === "set" ? secret(fields.password, t("login_password_label"), false, "current-password") : secret(fields.oldPaymentPassword, t("old_payment_password"), true, "off")}
      {secret(fields.newPaymentPassword, t("new_payment_password"), true)}
      {secret(fields.confirmPaymentPassword, t("confirm_payment_password"), true)}
      <div>
        <button type="submit" className={s.primaryButton}>
          {t("payment_password_save")}
        </button>
      </div>
    </Form>
  );
}

function BankAccountForm({ payeeName, lastResult }: { payeeName: string | null; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/money-schemas"), (schemas) => schemas.bankAccountFormSchema);
  const [form, fields] = useForm({
    id: "bank-account",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const text = (f: typeof fields.bankName, label: string, extra: Record<string, string> = {}) => (
    <TextRow field={f} label={label} input={<input {...getInputProps(f, { type: "text" })} {...extra} className={`${s.field} ${m.wideField}`} />} />
  );
  return (
    <Form method="post" action="/member/withdraw" className={m.formStack} {...getFormProps(form)} onFocus={validation.load} data-testid="bank-account-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="bankAccount" />
      <FormErrors errors={form.errors} />
      <p className={m.hint} id="bank-name-note">
        {payeeName ? t("bank_name_note", { name: payeeName }) : t("bank_name_note_first")}
      </p>
      {text(fields.bankName, t("bank_name"), { autoComplete: "off" })}
      {text(fields.accountName, t("account_name"), { autoComplete: "name", "aria-describedby": "bank-name-note" })}
      {text(fields.accountNumber, t("account_number"), { inputMode: "numeric", autoComplete: "off" })}
      <div>
        <button type="submit" className={s.primaryButton}>
          {t("bank_add_submit")}
        </button>
      </div>
    </Form>
  );
}

function WithdrawForm({
  accounts,
  channels,
  requestKey,
  lastResult,
}: {
  accounts: BankAccount[];
  channels: Channel[];
  requestKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const validation = useSchemaValidation(() => import("~/lib/money-schemas"), (schemas) => schemas.withdrawFormSchema);
  const [form, fields] = useForm({
    id: "withdraw",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { bankAccountId: String(accounts[0]!.id), channelId: channels[0] ? String(channels[0].id) : undefined },
    onValidate: validation.onValidate,
  });
  const chosenChannel = String(fields.channelId.initialValue ?? channels[0]?.id ?? "");
  const amountInput = <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" className={`${s.field} ${m.wideField}`} />;
  return (
    <Form method="post" action="/member/withdraw" className={m.formStack} {...getFormProps(form)} onFocus={validation.load} data-testid="withdraw-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="requestKey" value={requestKey} />
      <FormErrors errors={form.errors} />
      <TextRow
        field={fields.bankAccountId}
        label={t("bank_account_label")}
        input={
          <select {...getSelectProps(fields.bankAccountId)} className={`${s.field} ${m.wideField}`}>
            {accounts.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.bankName} · {b.accountNumber}
              </option>
            ))}
          </select>
        }
      />
      {channels.length > 1 ? (
        <fieldset className={m.choices}>
          <legend>{t("deposit_channel")}</legend>
          {channels.map((ch) => (
            <label key={ch.id} className={m.choice}>
              <input type="radio" name={fields.channelId.name} value={String(ch.id)} defaultChecked={chosenChannel === String(ch.id)} />
              <span className={m.choiceText}>
                <strong>{ch.name}</strong>
                <span className={m.hint}>{t("limits", { min: fmt.amount(ch.minAmount), max: fmt.amount(ch.maxAmount) })}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : channels[0] ? (
        <input type="hidden" name={fields.channelId.name} value={String(channels[0].id)} />
      ) : null}
      <div className={m.formRow}>
        <label htmlFor={fields.amount.id}>{t("amount_label")}</label>
        {amountInput}
        {channels.length === 1 ? (
          <span className={m.hint} data-testid="withdraw-limits">
            {t("limits", { min: fmt.amount(channels[0]!.minAmount), max: fmt.amount(channels[0]!.maxAmount) })}
          </span>
        ) : null}
        <MoneyFieldError id={fields.amount.errorId} errors={fields.amount.errors} />
      </div>
      <TextRow
        field={fields.paymentPassword}
        label={t("payment_password_title")}
        input={<input {...getInputProps(fields.paymentPassword, { type: "password" })} inputMode="numeric" autoComplete="off" className={`${s.field} ${m.wideField}`} />}
      />
      <div>
        <button type="submit" className={s.primaryButton}>
          {t("withdraw_submit")}
        </button>
      </div>
    </Form>
  );
}

function WithdrawalItem({ withdrawal: w, formKey, lastResult }: { withdrawal: Withdrawal; formKey: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const awaitingReceipt = w.status === "APPROVED" && w.receipt === "PENDING";
  return (
    <li className={m.card} data-testid="withdrawal" data-reference={w.reference} data-status={w.status}>
      <div className={m.recordHead}>
        <span className={m.amountText}>{fmt.amount(w.amount, w.currency)}</span>
        <StatusTag prefix="withdraw_status_" status={w.status} testId="withdrawal-status" />
      </div>
      <span className={m.hint}>
        {fmt.dateTime(w.createdAt)} · {t("reference_label")}: {w.reference}
      </span>
      {w.bankAccount ? (
        <span className={m.hint}>
          {w.bankAccount.bankName} · {w.bankAccount.accountNumber}
        </span>
      ) : null}
      {w.receipt && w.receipt !== "PENDING" ? (
        <p style={{ margin: 0 }} data-testid="withdrawal-receipt">
          {t("receipt_label")}: <StatusTag prefix="receipt_" status={w.receipt} />
          {w.receipt === "PARTIAL" && w.remainingAmount ? <> · {t("receipt_missing", { amount: fmt.amount(w.remainingAmount, w.currency) })}</> : null}
        </p>
      ) : null}
      {awaitingReceipt ? <ReceiptForm key={formKey} withdrawal={w} lastResult={lastResult} /> : null}
    </li>
  );
}

function ReceiptForm({ withdrawal: w, lastResult }: { withdrawal: Withdrawal; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const validation = useSchemaValidation(() => import("~/lib/money-schemas"), (schemas) => schemas.receiptFormSchema);
  const [form, fields] = useForm({
    id: `receipt-${w.reference}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const chosen = fields.receipt.initialValue;
  const options = ["RECEIVED", "NOT_RECEIVED", "PARTIAL"] as const;
  return (
    <Form method="post" action="/member/withdraw" className={m.formStack} {...getFormProps(form)} onFocus={validation.load} data-testid="receipt-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="receipt" />
      <input type="hidden" name="reference" value={w.reference} />
      <FormErrors errors={form.errors} />
      <fieldset className={m.choices} aria-describedby={fields.receipt.errors ? fields.receipt.errorId : undefined}>
        <legend>{t("receipt_question")}</legend>
        {options.map((o) => (
          <label key={o} className={m.choice}>
            <input type="radio" name={fields.receipt.name} value={o} defaultChecked={chosen === o} />
            <span>{t(`receipt_${o}`)}</span>
          </label>
        ))}
        <MoneyFieldError id={fields.receipt.errorId} errors={fields.receipt.errors} />
      </fieldset>
      <TextRow
        field={fields.remainingAmount}
        label={t("remaining_amount")}
        input={<input {...getInputProps(fields.remainingAmount, { type: "text" })} inputMode="decimal" autoComplete="off" className={`${s.field} ${m.wideField}`} />}
      />
      {w.confirmBy ? <p className={m.hint}>{t("receipt_confirm_by", { time: fmt.dateTime(w.confirmBy) })}</p> : null}
      <div>
        <button type="submit" className={s.primaryButton}>
          {t("receipt_submit")}
        </button>
      </div>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
