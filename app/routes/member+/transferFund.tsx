import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { useFormResetKey } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { formatBalance } from "~/lib/format";
import { MAIN_WALLET } from "~/lib/money-fields";
import { walletTransferSchema } from "~/lib/money-schemas";
import { requireRealUser } from "~/services/auth.server";
import { setFlash, takeFlash } from "~/services/flash.server";
import { readForm } from "~/services/forms.server";
import { fundsSchema, memberCall, moneyRefusal, newRequestKey, walletSchema } from "~/services/money.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

const PATH = "/member/transferFund";

/**
 * Wallet transfer (spec §2 transferFund, §6 isSingle). A single-wallet site has nothing to move
 * and says so; a multi-wallet site lists the main and game wallets and moves money between the
 * main wallet and one game wallet. The form carries a key made here, so a double submit moves
 * the money once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const { flash, headers } = await takeFlash(request);
  if (trial) return json({ trial, wallet: null, total: null, reference: "", flash: null });
  const wallet = await memberCall(request, "/wps/v2/wallets/balance", { schema: walletSchema });
  const total = wallet.isSingle ? null : (await memberCall(request, "/wps/member/info/funds/consolidated", { schema: fundsSchema })).total;
  return json({ trial, wallet, total, reference: newRequestKey(), flash }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const form = await readForm(request);
  if (trial) return json({ result: null as SubmissionResult<string[]> | null }, { status: 403 });

  if (form.get("intent") === "all") {
    // Every game wallet with money goes back to the main wallet, each move keyed by the form's key.
    const reference = String(form.get("reference") ?? "");
    if (!/^[A-Za-z0-9_-]{8,60}$/.test(reference)) return json({ result: { status: "error", error: { "": ["err_correct_info"] } } as SubmissionResult<string[]> }, { status: 400 });
    const wallet = await memberCall(request, "/wps/v2/wallets/balance", { schema: walletSchema });
    try {
      for (const w of wallet.wallets) {
        if (/^0+(?:\.0+)?$/.test(w.balance)) continue;
        await memberCall(request, "/wps/relay/GCS_walletTransfer", {
          method: "POST",
          body: { from: w.wallet, to: MAIN_WALLET, amount: w.balance, reference: `${reference}-${w.wallet.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 80) },
          schema: walletSchema.passthrough(),
        });
      }
    } catch (e) {
      const r = moneyRefusal(e);
      return json({ result: { status: "error", error: { "": [r.message] } } as SubmissionResult<string[]> }, { status: r.status });
    }
    return redirect(PATH, { headers: { "Set-Cookie": await setFlash({ key: "wallet_all_done", values: {} }) } });
  }

  const submission = parseWithZod(form, { schema: walletTransferSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  try {
    const done = await memberCall(request, "/wps/relay/GCS_walletTransfer", {
      method: "POST",
      body: { from: v.from, to: v.to, amount: v.amount, reference: v.reference },
      schema: walletSchema.passthrough(),
    });
    return redirect(PATH, {
      headers: { "Set-Cookie": await setFlash({ key: "wallet_done", values: { amount: v.amount, currency: done.currency, from: v.from, to: v.to } }) },
    });
  } catch (e) {
    const r = moneyRefusal(e, { INSUFFICIENT_FUNDS: "amount", INVALID_AMOUNT: "amount" });
    return json({ result: submission.reply(r.field ? { fieldErrors: { [r.field]: [r.message] } } : { formErrors: [r.message] }) }, { status: r.status });
  }
}

export default function TransferFund() {
  const { t, i18n } = useTranslation();
  const { wallet, total, reference, flash } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const formKey = useFormResetKey(flash?.id);
  const money = (amount: string) => formatBalance(amount, i18n.language);
  const names = new Map<string, string>([[MAIN_WALLET, t("wallet_main")], ...(wallet?.wallets ?? []).map((w) => [w.wallet, w.name] as [string, string])]);
  const name = (code: string | undefined) => (code ? (names.get(code) ?? code) : "");
  return (
    <div data-testid="transfer-fund">
      <h1>{t("transfer_fund_title")}</h1>
      {flash ? (
        <p role="status" className={m.status} data-testid="transfer-done">
          {t(flash.key, { ...flash.values, amount: flash.values.amount ? money(flash.values.amount) : "", from: name(flash.values.from), to: name(flash.values.to) })}
        </p>
      ) : null}
      {!wallet ? (
        <TrialWarning />
      ) : wallet.isSingle ? (
        <section className={m.noticeCard} data-testid="single-wallet">
          <p>{t("wallet_single_notice")}</p>
          <p>
            {t("balance")}:{" "}
            <strong className={s.balance} data-testid="wallet-balance">
              {money(wallet.balance)} {wallet.currency}
            </strong>
          </p>
        </section>
      ) : (
        <>
          <div className={m.tableWrap}>
            <table className={m.table} data-testid="wallet-table">
              <caption className={s.visuallyHidden}>{t("transfer_fund_title")}</caption>
              <thead>
                <tr>
                  <th scope="col" className={m.cell}>{t("wallet_column")}</th>
                  <th scope="col" className={`${m.cell} ${m.number}`}>{t("balance")}</th>
                </tr>
              </thead>
              <tbody>
                <tr data-testid="wallet-row" data-wallet={MAIN_WALLET}>
                  <th scope="row" className={m.cell}>{t("wallet_main")}</th>
                  <td data-label={t("balance")} className={`${m.cell} ${m.number}`}>{money(wallet.balance)}</td>
                </tr>
                {wallet.wallets.map((w) => (
                  <tr key={w.wallet} data-testid="wallet-row" data-wallet={w.wallet}>
                    <th scope="row" className={m.cell}>{w.name}</th>
                    <td data-label={t("balance")} className={`${m.cell} ${m.number}`}>{money(w.balance)}</td>
                  </tr>
                ))}
              </tbody>
              {total ? (
                <tfoot>
                  <tr className={m.totalRow}>
                    <th scope="row" className={m.cell}>{t("wallet_total")}</th>
                    <td data-label={t("balance")} className={`${m.cell} ${m.number}`}>
                      {money(total)} {wallet.currency}
                    </td>
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
          {wallet.wallets.length === 0 ? (
            <p className={m.status} data-testid="no-game-wallets">
              {t("wallet_no_vendors")}
            </p>
          ) : (
            <TransferForm
              key={formKey}
              reference={reference}
              wallets={[{ wallet: MAIN_WALLET, name: t("wallet_main") }, ...wallet.wallets]}
              lastResult={acted?.result ?? null}
              gameMoney={wallet.wallets.some((w) => !/^0+(?:\.0+)?$/.test(w.balance))}
            />
          )}
        </>
      )}
    </div>
  );
}

function TransferForm({
  reference,
  wallets,
  lastResult,
  gameMoney,
}: {
  reference: string;
  wallets: Array<{ wallet: string; name: string }>;
  lastResult: SubmissionResult<string[]> | null;
  /** Some game wallet holds money: offer to bring it all back. */
  gameMoney: boolean;
}) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/money-schemas"), (schemas) => schemas.walletTransferSchema);
  const [form, fields] = useForm({
    id: "wallet-transfer",
    lastResult,
    defaultValue: { from: MAIN_WALLET, to: wallets[1]?.wallet ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const select = (f: typeof fields.from, label: string) => (
    <div className={m.fieldBlock}>
      <label htmlFor={f.id}>{label}</label>
      <select {...getSelectProps(f)} className={s.field} style={{ width: "100%" }}>
        {wallets.map((w) => (
          <option key={w.wallet} value={w.wallet}>
            {w.name}
          </option>
        ))}
      </select>
      <FieldError id={f.errorId} errors={f.errors} />
    </div>
  );
  return (
    <section className={m.card} aria-labelledby="wallet-transfer-title">
      <h2 id="wallet-transfer-title">{t("wallet_transfer_heading")}</h2>
      <Form method="post" action={PATH} className={m.formCard} {...getFormProps(form)} onFocus={validation.load} data-testid="wallet-transfer-form">
        <CsrfInput />
        <input type="hidden" name="reference" value={reference} />
        {form.errors?.length ? (
          <p className={s.fieldError} role="alert">
            {form.errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        {select(fields.from, t("wallet_from"))}
        {select(fields.to, t("wallet_to"))}
        <div className={m.fieldBlock}>
          <label htmlFor={fields.amount.id}>{t("money_amount")}</label>
          <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" className={s.field} style={{ width: "100%" }} />
          <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>
        <button type="submit" className={s.primaryButton}>
          {t("wallet_submit")}
        </button>
      </Form>
      {gameMoney ? (
        <Form method="post" action={PATH}>
          <CsrfInput />
          <input type="hidden" name="reference" value={reference} />
          <button type="submit" name="intent" value="all" className={s.smallButton} data-testid="all-to-main">
            {t("wallet_all_to_main")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
