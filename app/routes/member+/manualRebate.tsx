import { getFormProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useMoneyFormat } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { formatRebate } from "~/lib/rebate";
import { requireRealUser } from "~/services/auth.server";
import { setFlash, takeFlash } from "~/services/flash.server";
import { readForm } from "~/services/forms.server";
import { claimRebate, getRebate } from "~/services/rebate.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { rebateClaimSchema } from "~/lib/member-schemas";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

const PATH = "/member/manualRebate";

/**
 * Spec §2 manualRebate, §9 rebate by category: the rebate of the member's valid bets that no
 * claim has covered, per category at the operator's rates, claimed once per period by a form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const { flash, headers } = await takeFlash(request);
  if (trial) return json({ rebate: null, flash: null });
  return json({ rebate: await getRebate(request), flash: flash?.key === "rebate_done" ? flash : null }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: rebateClaimSchema });
  if (trial) return json({ result: submission.reply({ formErrors: ["in_need_true_account"] }) }, { status: 403 });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const outcome = await claimRebate(request, submission.value.period);
  if (!outcome.ok) return json({ result: submission.reply({ formErrors: [outcome.min ? `${outcome.key}|${outcome.min}` : outcome.key] }) }, { status: 400 });
  return redirect(PATH, { headers: { "Set-Cookie": await setFlash({ key: "rebate_done", values: { amount: outcome.amount } }) } });
}

export default function ManualRebate() {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const { rebate, flash } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as { result: SubmissionResult<string[]> } | undefined;
  if (!rebate) {
    return (
      <div data-testid="manual-rebate" className={m.panel}>
        <h1>{t("rebate_title")}</h1>
        <TrialWarning />
      </div>
    );
  }
  const cur = rebate.currency;
  return (
    <div data-testid="manual-rebate" className={m.panel}>
      <h1>{t("rebate_title")}</h1>
      {flash ? (
        <p role="status" className={m.notice} data-testid="rebate-done" key={flash.id}>
          {t("rebate_done", { amount: fmt.amount(flash.values.amount ?? "0", cur) })}
        </p>
      ) : null}
      {!rebate.enabled ? (
        <p className={m.status} role="status" data-testid="rebate-off">
          {t("rebate_off")}
        </p>
      ) : (
        <>
          <p className={m.hint}>
            {t("rebate_intro")} {t(rebate.period.kind === "weekly" ? "rebate_rule_weekly" : "rebate_rule_daily")}
          </p>
          <div className={m.tableWrap}>
            <table className={m.table} data-testid="rebate-table">
              <thead>
                <tr>
                  <th scope="col" className={m.cell}>{t("hr_category")}</th>
                  <th scope="col" className={`${m.cell} ${m.number}`}>{t("rebate_rate")}</th>
                  <th scope="col" className={`${m.cell} ${m.number}`}>{t("rebate_valid_bet")}</th>
                  <th scope="col" className={`${m.cell} ${m.number}`}>{t("rebate_amount")}</th>
                </tr>
              </thead>
              <tbody>
                {rebate.categories.map((c) => (
                  <tr key={c.category} data-testid="rebate-row" data-category={c.category}>
                    <th scope="row" className={m.cell} data-label={t("hr_category")}>
                      {t(`cat_${c.category}`)}
                    </th>
                    <td className={`${m.cell} ${m.number}`} data-label={t("rebate_rate")} data-testid="rebate-rate">
                      {c.rate === null ? t("rebate_none") : formatRebate(Number(c.rate) / 100, fmt.language)}
                    </td>
                    <td className={`${m.cell} ${m.number}`} data-label={t("rebate_valid_bet")} data-testid="rebate-valid-bet">
                      {fmt.amount(c.validBet, cur)}
                    </td>
                    <td className={`${m.cell} ${m.number}`} data-label={t("rebate_amount")} data-testid="rebate-amount">
                      {fmt.amount(c.amount, cur)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className={m.totalRow}>
                  <th scope="row" className={m.cell} data-label={t("hr_category")}>
                    {t("profit_total")}
                  </th>
                  <td className={m.cell} aria-hidden="true" />
                  <td className={`${m.cell} ${m.number}`} data-label={t("rebate_valid_bet")}>
                    {fmt.amount(rebate.validBet, cur)}
                  </td>
                  <td className={`${m.cell} ${m.number}`} data-label={t("rebate_amount")} data-testid="rebate-total">
                    {fmt.amount(rebate.amount, cur)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <ClaimForm key={flash?.id ?? "claim"} lastResult={acted?.result ?? null} />
        </>
      )}
      {rebate.history.length ? (
        <section aria-labelledby="rebate-history-title" className={m.block}>
          <h2 id="rebate-history-title" className={m.blockTitle}>
            {t("rebate_history")}
          </h2>
          <ul className={m.records} data-testid="rebate-history">
            {rebate.history.map((h) => (
              <li key={h.id} className={m.card} data-testid="rebate-history-row">
                <div className={m.recordHead}>
                  <strong className={m.amountText}>{fmt.amount(h.amount, cur)}</strong>
                  <time dateTime={h.createdAt} className={m.hint}>
                    {fmt.dateTime(h.createdAt)}
                  </time>
                </div>
                <span className={m.hint}>
                  {t("rebate_valid_bet")}: {fmt.amount(h.validBet, cur)}
                  {h.lines.length ? ` · ${h.lines.map((l) => t(`cat_${l.category}`)).join(", ")}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function ClaimForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const { rebate } = useLoaderData<typeof loader>();
  const r = rebate!;
  const validation = useSchemaValidation(() => import("~/lib/member-schemas"), (schemas) => schemas.rebateClaimSchema);
  const [form, fields] = useForm({ id: "rebate-claim", lastResult, shouldValidate: "onSubmit", onValidate: validation.onValidate });
  // The form's only field is hidden: its errors show with the form's, above the button.
  const errors = [...(form.errors ?? []), ...(fields.period.errors ?? [])];
  return (
    <section aria-labelledby="rebate-claim-title" className={m.card}>
      <h2 id="rebate-claim-title" className={m.blockTitle}>
        {t("rebate_claimable")}: <span className={m.amountText} data-testid="rebate-claimable">{fmt.amount(r.amount, r.currency)}</span>
      </h2>
      {r.claimed && r.nextClaimAt ? (
        <p className={m.hint} data-testid="rebate-claimed">
          {t("rebate_claimed_period", { date: fmt.dateTime(r.nextClaimAt) })}
        </p>
      ) : null}
      {r.minAmount !== "0.00" && r.minAmount !== "0" ? <p className={m.hint}>{t("rebate_min_hint", { amount: fmt.amount(r.minAmount, r.currency) })}</p> : null}
      <Form method="post" action={PATH} className={m.formStack} {...getFormProps(form)} onFocus={validation.load} data-testid="rebate-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="claim" />
        <input type="hidden" name="period" value={r.period.key} />
        {errors.length ? (
          <p className={s.fieldError} role="alert" id={form.errorId} data-testid="rebate-error">
            {errors
              .map((e) => {
                const [key, min] = e.split("|");
                return t(key!, { bounds: min ? fmt.amount(min, r.currency) : "" });
              })
              .join(" ")}
          </p>
        ) : null}
        <div>
          <button type="submit" className={s.primaryButton} disabled={!r.claimable} aria-describedby={errors.length ? form.errorId : undefined} data-testid="rebate-claim">
            {t("rebate_claim_submit", { amount: fmt.amount(r.amount, r.currency) })}
          </button>
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
