import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsvLink, FigureCards, RecordCard } from "~/components/agent";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { MoneyFieldError } from "~/components/money";
import { Pager, PeriodControls } from "~/components/period-controls";
import { agentFieldMessage } from "~/lib/agent-fields";
import { downlineTransferSchema, rebateSchema } from "~/lib/agent-schemas";
import { formatBalance, formatNumber } from "~/lib/format";
import { agentCall, allPages, csvResponse, downlineDetailSchema, downlinesSchema, requireAgent, wantsCsv } from "~/services/agent.server";
import { moneyRefusal, newRequestKey } from "~/services/money.server";
import { readForm } from "~/services/forms.server";
import { PlatformError } from "~/services/platform.server";
import { recordQuery } from "~/services/records.server";
import * as a from "~/styles/agent.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

const PATH = "/agent/downlineManagmentView";
const LEVELS = 10;

function filters(url: URL) {
  const account = (url.searchParams.get("account") ?? "").trim().slice(0, 40);
  const rawDepth = url.searchParams.get("depth") ?? "";
  const depth = /^\d{1,2}$/.test(rawDepth) && Number(rawDepth) >= 1 && Number(rawDepth) <= LEVELS ? Number(rawDepth) : null;
  const detail = (url.searchParams.get("detail") ?? "").trim().toLowerCase().slice(0, 40);
  return { account, depth, detail: /^[a-z0-9_]+$/.test(detail) ? detail : "" };
}

/**
 * Downline management (spec §2): the team searched by account and level, one downline's detail
 * (its own and its team's figures), its rebate within limits, and money to a direct downline.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  const url = new URL(request.url);
  const q = await recordQuery(request);
  const f = filters(url);
  const query = { from: q.range.from, to: q.range.to, account: f.account || undefined, depth: f.depth ?? undefined };
  if (wantsCsv(request)) {
    const rows = await allPages((pageNo) => agentCall(request, "/wps/agent/team/members", { schema: downlinesSchema, query: { ...query, pageNo, pageSize: 500 } }));
    return csvResponse(
      `downlines-${q.view.period.from}-${q.view.period.to}.csv`,
      ["account", "level", "type", "rebate", "createdAt", "deposits", "withdrawals", "betAmount", "validBet", "wins", "profitLoss"],
      rows.map((r) => [r.account, r.depth, r.isAgent ? "agent" : "player", r.rebate, r.createdAt, r.deposits, r.withdrawals, r.betAmount, r.validBet, r.wins, r.profitLoss]),
    );
  }
  const list = await agentCall(request, "/wps/agent/team/members", { schema: downlinesSchema, query: { ...query, pageNo: q.page, pageSize: 20 } });
  let detail = null;
  let detailMissing = false;
  if (f.detail) {
    try {
      detail = await agentCall(request, `/wps/agent/team/members/${encodeURIComponent(f.detail)}`, { schema: downlineDetailSchema, query: { from: q.range.from, to: q.range.to } });
    } catch (e) {
      if (!(e instanceof PlatformError) || e.status !== 404) throw e;
      detailMissing = true;
    }
  }
  const done = url.searchParams.get("done");
  return json({
    view: q.view,
    filters: f,
    list: { ...list, content: list.content.map((r) => ({ ...r, joined: q.dateTime(r.createdAt) })) },
    detail,
    detailMissing,
    done: done === "rebate" || done === "transfer" ? done : null,
    reference: newRequestKey(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAgent(request);
  const form = await readForm(request);
  const account = String(form.get("account") ?? "").trim().toLowerCase().slice(0, 40);
  const back = (done: string) => {
    const url = new URL(request.url);
    url.searchParams.set("detail", account);
    url.searchParams.set("done", done);
    return redirect(`${PATH}?${url.searchParams}`);
  };
  if (form.get("intent") === "transfer") {
    const submission = parseWithZod(form, { schema: downlineTransferSchema });
    const hidden = ["paymentPassword"];
    if (submission.status !== "success") return json({ intent: "transfer", result: submission.reply({ hideFields: hidden }) }, { status: 400 });
    const v = submission.value;
    try {
      await agentCall(request, "/wps/agent/transfer/downline", {
        method: "POST",
        enc: true,
        body: { amount: v.amount, reference: v.reference, paymentPassword: v.paymentPassword, account },
        schema: z.object({ transferId: z.number() }).passthrough(),
      });
      return back("transfer");
    } catch (e) {
      const r = moneyRefusal(e, { INSUFFICIENT_FUNDS: "amount", INVALID_AMOUNT: "amount", AMOUNT_OUT_OF_RANGE: "amount", NOT_YOUR_DOWNLINE: "" });
      const message = r.code === "NOT_YOUR_DOWNLINE" ? "agent_err_not_direct" : r.message;
      const field = r.code === "NOT_YOUR_DOWNLINE" ? "" : r.field;
      return json({ intent: "transfer", result: submission.reply({ hideFields: hidden, ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) }) }, { status: r.status });
    }
  }
  const submission = parseWithZod(form, { schema: rebateSchema() });
  if (submission.status !== "success") return json({ intent: "rebate", result: submission.reply() }, { status: 400 });
  try {
    await agentCall(request, `/wps/agent/team/members/${encodeURIComponent(account)}/rebate`, { method: "PUT", body: { rebate: submission.value.rebate }, schema: z.object({ rebate: z.string() }) });
    return back("rebate");
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    const failures = (e.details.fields ?? {}) as Record<string, { kind: string }>;
    const rebateFailure = failures.rebate ? agentFieldMessage(failures.rebate, () => "err_correct_info") : e.code === "NOT_YOUR_DOWNLINE" ? "agent_err_not_in_team" : "err_correct_info";
    return json({ intent: "rebate", result: submission.reply({ fieldErrors: { rebate: [rebateFailure] } }) }, { status: 400 });
  }
}

export default function DownlineManagement() {
  const { t, i18n } = useTranslation();
  const { view, filters: f, list, detail, detailMissing, done, reference } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const money = (v: string) => formatBalance(v, i18n.language);
  const detailHref = (account: string) => {
    const next = new URLSearchParams(params);
    next.set("detail", account);
    next.delete("done");
    return `?${next}`;
  };
  return (
    <div data-testid="downline-management">
      <div className={a.toolbar}>
        <h1>{t("agent_nav_downlines")}</h1>
        <CsvLink />
      </div>
      {done ? (
        <p role="status" className={m.status} data-testid="downline-done">
          {t(done === "rebate" ? "agent_rebate_saved" : "agent_transfer_done")}
        </p>
      ) : null}
      {detailMissing ? (
        <p role="alert" className={m.status} data-testid="downline-missing">
          {t("agent_err_not_in_team")}
        </p>
      ) : null}
      {detail ? (
        <section className={m.card} aria-labelledby="detail-title" data-testid="downline-detail">
          <h2 id="detail-title">{t("agent_detail_title", { account: detail.member.account })}</h2>
          <dl className={m.details}>
            <dt className={m.term}>{t("agent_level")}</dt>
            <dd className={m.value} data-testid="detail-level">{detail.member.depth}</dd>
            <dt className={m.term}>{t("agent_kind")}</dt>
            <dd className={m.value}>{t(detail.member.isAgent ? "agent_kind_agent" : "agent_kind_player")}</dd>
            <dt className={m.term}>{t("agent_upline")}</dt>
            <dd className={m.value}>{detail.member.upline ?? "—"}</dd>
            <dt className={m.term}>{t("agent_rebate_percent")}</dt>
            <dd className={m.value} data-testid="detail-rebate">{detail.member.rebate}</dd>
            <dt className={m.term}>{t("agent_direct_downlines")}</dt>
            <dd className={m.value}>{detail.member.directDownlines}</dd>
          </dl>
          <h3>{t("agent_own_figures")}</h3>
          <FigureCards figures={detail.own} currency={detail.currency} testId="detail-own" />
          {detail.member.isAgent ? (
            <>
              <h3>{t("agent_team_figures")}</h3>
              <FigureCards figures={detail.team} currency={detail.currency} testId="detail-team" />
            </>
          ) : null}
          {detail.rebateEditable ? (
            <>
              <RebateForm
                key={`r-${detail.member.account}-${detail.member.rebate}`}
                account={detail.member.account}
                current={detail.member.rebate}
                min={detail.rebateMin}
                max={detail.rebateMax}
                lastResult={acted?.intent === "rebate" ? acted.result : null}
              />
              <TransferForm key={`t-${reference}`} account={detail.member.account} reference={reference} lastResult={acted?.intent === "transfer" ? acted.result : null} />
            </>
          ) : (
            <p className={m.muted}>{t("agent_not_direct_note")}</p>
          )}
        </section>
      ) : null}
      <PeriodControls view={view}>
        <div className={m.fieldBlock}>
          <label htmlFor="downline-account">{t("agent_search_account")}</label>
          <input id="downline-account" name="account" type="search" defaultValue={f.account} className={s.field} autoComplete="off" />
        </div>
        <div className={m.fieldBlock}>
          <label htmlFor="downline-depth">{t("agent_level")}</label>
          <select id="downline-depth" name="depth" defaultValue={f.depth ? String(f.depth) : ""} className={s.field}>
            <option value="">{t("agent_level_all")}</option>
            {Array.from({ length: LEVELS }, (_, i) => i + 1).map((d) => (
              <option key={d} value={d}>
                {t("agent_level_n", { level: d })}
              </option>
            ))}
          </select>
        </div>
      </PeriodControls>
      <p className={m.muted} data-testid="downline-total">
        {t("agent_total_found", { total: formatNumber(list.total, i18n.language, 0) })}
      </p>
      {list.content.length === 0 ? (
        <p className={m.status} role="status" data-testid="records-empty">
          {t("agent_no_downlines")}
        </p>
      ) : (
        <ul className={a.rows} data-testid="downline-list">
          {list.content.map((r) => (
            <RecordCard
              key={r.id}
              testId="downline-row"
              title={
                <Link to={detailHref(r.account)} data-testid="downline-account">
                  {r.account}
                </Link>
              }
              aside={<span className={m.tag}>{t(r.isAgent ? "agent_kind_agent" : "agent_kind_player")}</span>}
              pairs={[
                [t("agent_level"), String(r.depth)],
                [t("agent_rebate_percent"), r.rebate],
                [t("agent_joined"), r.joined],
                [t("agent_deposits"), money(r.deposits)],
                [t("agent_valid_bet"), money(r.validBet)],
                [t("agent_member_pl"), money(r.profitLoss)],
              ]}
            />
          ))}
        </ul>
      )}
      <Pager page={list.pageNum} totalPages={list.totalPages} />
    </div>
  );
}

function RebateForm({ account, current, min, max, lastResult }: { account: string; current: string; min: string; max: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/agent-schemas"), (schemas) => schemas.rebateSchema(max));
  const [form, fields] = useForm({
    id: "downline-rebate",
    lastResult,
    defaultValue: { rebate: current },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  return (
    <Form method="post" className={m.formCard} {...getFormProps(form)} onFocus={validation.load} data-testid="rebate-form">
      <h3>{t("agent_set_rebate")}</h3>
      <CsrfInput />
      <input type="hidden" name="account" value={account} />
      <input type="hidden" name="intent" value="rebate" />
      <div className={m.fieldBlock}>
        <label htmlFor={fields.rebate.id}>{t("agent_rebate_percent")}</label>
        <input {...getInputProps(fields.rebate, { type: "text" })} inputMode="decimal" autoComplete="off" className={`${s.field} ${m.wideField}`} />
        <p className={m.hint}>{t("agent_rebate_range", { min, max })}</p>
        <FieldError id={fields.rebate.errorId} errors={fields.rebate.errors} />
      </div>
      <button type="submit" className={s.primaryButton}>
        {t("agent_save")}
      </button>
    </Form>
  );
}

function TransferForm({ account, reference, lastResult }: { account: string; reference: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/agent-schemas"), (schemas) => schemas.downlineTransferSchema);
  const [form, fields] = useForm({
    id: "downline-transfer",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  return (
    <Form method="post" className={m.formCard} {...getFormProps(form)} onFocus={validation.load} data-testid="transfer-form">
      <h3>{t("agent_transfer_title")}</h3>
      <CsrfInput />
      <input type="hidden" name="account" value={account} />
      <input type="hidden" name="intent" value="transfer" />
      <input type="hidden" name="reference" value={reference} />
      {form.errors?.length ? (
        <p className={s.fieldError} role="alert">
          {form.errors.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      <div className={m.fieldBlock}>
        <label htmlFor={fields.amount.id}>{t("money_amount")}</label>
        <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" className={`${s.field} ${m.wideField}`} />
        <MoneyFieldError id={fields.amount.errorId} errors={fields.amount.errors} />
      </div>
      <div className={m.fieldBlock}>
        <label htmlFor={fields.paymentPassword.id}>{t("upline_payment_password")}</label>
        <input {...getInputProps(fields.paymentPassword, { type: "password" })} inputMode="numeric" autoComplete="off" className={`${s.field} ${m.wideField}`} />
        <FieldError id={fields.paymentPassword.errorId} errors={fields.paymentPassword.errors} />
      </div>
      <button type="submit" className={s.primaryButton}>
        {t("agent_transfer_submit")}
      </button>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
