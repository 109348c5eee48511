import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { ContractTerms, DecisionForm, TierText, actionKey, schemeKey, statusKey } from "~/components/contract-popup";
import { CsrfInput } from "~/components/csrf";
import { useMoneyFormat } from "~/components/money";
import { TIER_ROWS } from "~/lib/agent-pages";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { memberCall } from "~/services/money.server";
import { readForm } from "~/services/forms.server";
import {
  myContractsSchema,
  offerValues,
  postDecision,
  postOffer,
  requireAgentUser,
  type ContractView,
  type OfferValues,
} from "~/services/contracts.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

const PATH = "/agent/contract";
const DONE = ["accept", "reject", "terminate", "offer"] as const;

/** The contract page (spec §3, §4): offers waiting for me, my contracts, those I gave, each with its history, and the offer form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAgentUser(request);
  const data = await memberCall(request, "/wps/agent/contracts", { schema: myContractsSchema });
  const done = new URL(request.url).searchParams.get("done");
  return json({ account: user.account, ...data, done: (DONE as readonly string[]).includes(done ?? "") ? done : null });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAgentUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "offer") {
    const values = offerValues(form);
    const r = await postOffer(request, values);
    if (r.ok) return redirect(`${PATH}?done=offer`);
    return json({ kind: "offer" as const, values, errors: r.errors, autoEnd: r.autoEnd, decisionError: null }, { status: r.autoEnd ? 409 : 400 });
  }
  const done = await postDecision(form, request);
  if (done.ok) return redirect(`${PATH}?done=${done.intent}`);
  return json({ kind: "decision" as const, values: null, errors: {}, autoEnd: null, decisionError: done.error }, { status: 400 });
}

function History({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  return (
    <details className={m.collapsible}>
      <summary className={m.collapsibleSummary}>{t("contract_history")}</summary>
      <ol className={m.records} data-testid={`contract-history-${contract.id}`}>
        {contract.history.map((h, i) => (
          <li key={i} data-testid="contract-event" data-action={h.action}>
            <strong>{t(actionKey(h.action))}</strong> · {h.actor ?? t("contract_by_platform")} · <time dateTime={h.at}>{fmt.dateTime(h.at)}</time>
            <ul>
              {h.tiers.map((tier, j) => (
                <li key={j}>
                  <TierText tier={tier} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </details>
  );
}

function ContractItem({ contract, intents }: { contract: ContractView; intents: ("accept" | "reject" | "terminate")[] }) {
  const { t } = useTranslation();
  return (
    <li className={m.card} data-testid="contract-item" data-contract-id={contract.id} data-status={contract.status}>
      <div className={m.recordHead}>
        <span>#{contract.id}</span>
        <span className={contract.status === "ACTIVE" ? `${m.tag} ${m.tagGood}` : contract.status === "PENDING" ? m.tag : `${m.tag} ${m.tagBad}`} data-testid="contract-status">
          {t(statusKey(contract.status))}
        </span>
      </div>
      <ContractTerms contract={contract} />
      {contract.endsContracts.length && contract.status === "PENDING" ? (
        <p className={m.hint}>{t("contract_auto_end_note", { list: contract.endsContracts.map((e) => `${e.downline} (${e.rate}%)`).join(", ") })}</p>
      ) : null}
      <DecisionForm contract={contract} action={PATH} intents={intents} />
      <History contract={contract} />
    </li>
  );
}

export default function ContractPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const offered = data.mine.filter((c) => c.status !== "PENDING");
  return (
    <div className={m.panel} data-testid="agent-contract">
      <h1>{t("contract_page_title")}</h1>
      {data.done ? (
        <p role="status" className={m.status} data-testid="contract-done">
          {t(`contract_done_${data.done}`)}
        </p>
      ) : null}
      {acted?.decisionError ? (
        <p role="alert" className={s.fieldError} data-testid="contract-error">
          {t(acted.decisionError)}
        </p>
      ) : null}
      <section className={m.block} aria-labelledby="pending-title">
        <h2 id="pending-title" className={m.blockTitle}>
          {t("contract_pending_title")}
        </h2>
        {data.pending.length ? (
          <ul className={m.records}>
            {data.pending.map((c) => (
              <ContractItem key={c.id} contract={c} intents={["accept", "reject"]} />
            ))}
          </ul>
        ) : (
          <p className={m.hint}>{t("contract_none_pending")}</p>
        )}
      </section>
      <section className={m.block} aria-labelledby="mine-title">
        <h2 id="mine-title" className={m.blockTitle}>
          {t("contract_mine_title")}
        </h2>
        {offered.length ? (
          <ul className={m.records}>
            {offered.map((c) => (
              <ContractItem key={c.id} contract={c} intents={c.status === "ACTIVE" ? ["terminate"] : []} />
            ))}
          </ul>
        ) : (
          <p className={m.hint}>{t("contract_none")}</p>
        )}
      </section>
      <section className={m.block} aria-labelledby="given-title">
        <h2 id="given-title" className={m.blockTitle}>
          {t("contract_given_title")}
        </h2>
        {data.given.length ? (
          <ul className={m.records} data-testid="contracts-given">
            {data.given.map((c) => (
              <ContractItem key={c.id} contract={c} intents={c.status === "ACTIVE" || c.status === "PENDING" ? ["terminate"] : []} />
            ))}
          </ul>
        ) : (
          <p className={m.hint}>{t("contract_none")}</p>
        )}
      </section>
      <OfferForm
        key={acted?.autoEnd ? "confirm" : "offer"}
        caps={data.caps}
        values={acted?.kind === "offer" ? acted.values : null}
        errors={acted?.kind === "offer" ? acted.errors : {}}
        autoEnd={acted?.kind === "offer" ? acted.autoEnd : null}
      />
      <p>
        <Link to="/agent/agentRevenueReport" className={s.linkish}>
          {t("contract_revenue_title")}
        </Link>
      </p>
    </div>
  );
}

const SCHEMES = ["DAILY_SALARY", "HOURLY_SALARY", "REALTIME_SALARY", "DIVIDEND"] as const;
const PERIODS = ["daily", "weekly", "semimonthly", "monthly"] as const;
const FIELDS = ["validBet", "profitLoss", "activeMembers", "betAmount", "rate"] as const;
const FIELD_KEYS: Record<(typeof FIELDS)[number], string> = {
  validBet: "contract_valid_bet",
  profitLoss: "contract_profit_loss",
  activeMembers: "contract_active_members",
  betAmount: "contract_bet_amount",
  rate: "contract_rate",
};

function OfferForm({ caps, values, errors, autoEnd }: { caps: Record<string, string>; values: OfferValues | null; errors: Record<string, string>; autoEnd: { id: number; downline: string; rate: string }[] | null }) {
  const { t } = useTranslation();
  const err = (name: string) =>
    errors[name] ? (
      <span id={`${name}-error`} className={s.fieldError} role="alert">
        {t(errors[name]!)}
      </span>
    ) : null;
  const aria = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <section className={m.block} aria-labelledby="offer-title">
      <h2 id="offer-title" className={m.blockTitle}>
        {t("contract_offer_title")}
      </h2>
      <p className={m.hint}>
        {t("contract_caps")}: {SCHEMES.map((sc) => `${t(schemeKey(sc))} ${caps[sc] ?? "0.00"}%`).join(" · ")}
      </p>
      <Form method="post" action={PATH} className={m.formStack} data-testid="offer-form">
        <CsrfInput />
        {err("")}
        {autoEnd?.length ? (
          <div className={`${m.notice} ${m.noticeBad}`} role="alert" data-testid="auto-end-confirm">
            <p>{t("contract_auto_end_confirm")}</p>
            <ul>
              {autoEnd.map((c) => (
                <li key={c.id} data-testid="auto-end-item">
                  #{c.id} {c.downline} ({c.rate}%)
                </li>
              ))}
            </ul>
            <input type="hidden" name="confirmAutoEnd" value="1" />
          </div>
        ) : null}
        <div className={m.formRow}>
          <label htmlFor="offer-downline">{t("contract_downline")}</label>
          <input id="offer-downline" name="downline" defaultValue={values?.downline ?? ""} className={`${s.field} ${m.wideField}`} autoComplete="off" required {...aria("downline")} />
          {err("downline")}
        </div>
        <div className={m.formRow}>
          <label htmlFor="offer-scheme">{t("contract_scheme")}</label>
          <select id="offer-scheme" name="scheme" defaultValue={values?.scheme || "DAILY_SALARY"} className={s.field} {...aria("scheme")}>
            {SCHEMES.map((sc) => (
              <option key={sc} value={sc}>
                {t(schemeKey(sc))}
              </option>
            ))}
          </select>
          {err("scheme")}
        </div>
        <div className={m.formRow}>
          <label htmlFor="offer-period">{t("contract_period")}</label>
          <select id="offer-period" name="period" defaultValue={values?.period || "monthly"} className={s.field} {...aria("period")}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`contract_period_${p}`)}
              </option>
            ))}
          </select>
          <span className={m.hint}>{t("contract_period_hint")}</span>
          {err("period")}
        </div>
        {Array.from({ length: TIER_ROWS }, (_, i) => (
          <fieldset key={i} className={m.choices} data-testid={`tier-${i}`}>
            <legend>{t("contract_tier", { n: i + 1 })}</legend>
            {FIELDS.map((f) => {
              const name = `tiers[${i}].${f}`;
              return (
                <div key={f} className={m.formRow}>
                  <label htmlFor={`tier-${i}-${f}`}>{t(FIELD_KEYS[f])}</label>
                  <input
                    id={`tier-${i}-${f}`}
                    name={name}
                    inputMode={f === "activeMembers" ? "numeric" : "decimal"}
                    defaultValue={values?.tiers[i]?.[f] ?? ""}
                    className={`${s.field} ${m.wideField}`}
                    autoComplete="off"
                    {...aria(name)}
                  />
                  {err(name)}
                </div>
              );
            })}
          </fieldset>
        ))}
        <button type="submit" name="intent" value="offer" className={s.primaryButton} data-testid="offer-submit">
          {t(autoEnd?.length ? "contract_confirm_offer" : "contract_offer_submit")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
