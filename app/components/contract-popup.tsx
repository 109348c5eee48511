import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { schemeKey } from "~/lib/agent-pages";
import type { ContractState, ContractView } from "~/services/contracts.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { CsrfInput } from "./csrf";
import { Popup } from "./popup";

export { schemeKey };
export const statusKey = (status: string) => `contract_status_${status.toLowerCase()}`;
export const actionKey = (action: string) => `contract_action_${action.toLowerCase()}`;

type Tier = ContractView["tiers"][number];

/** A tier in words: each threshold it sets, then its rate. */
export function TierText({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  const parts = [
    tier.validBet !== undefined ? `${t("contract_valid_bet")} ≥ ${tier.validBet}` : null,
    tier.profitLoss !== undefined ? `${t("contract_profit_loss")} ≥ ${tier.profitLoss}` : null,
    tier.activeMembers !== undefined ? `${t("contract_active_members")} ≥ ${tier.activeMembers}` : null,
    tier.betAmount !== undefined ? `${t("contract_bet_amount")} ≥ ${tier.betAmount}` : null,
  ].filter(Boolean);
  return (
    <span>
      {parts.join(", ")} → <strong>{tier.rate}%</strong>
    </span>
  );
}

export function ContractTerms({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  return (
    <div className={m.choiceText}>
      <p className={m.value}>
        {t(schemeKey(contract.scheme))}
        {contract.period ? ` · ${t(`contract_period_${contract.period}`)}` : ""} · {t("contract_from_to", { upline: contract.upline, downline: contract.downline })}
      </p>
      <ol data-testid="contract-tiers">
        {contract.tiers.map((tier, i) => (
          <li key={i}>
            <TierText tier={tier} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The decision form of spec §4: a hidden contractId and one submit button per allowed intent. */
export function DecisionForm({ contract, action, returnTo, intents }: { contract: ContractView; action: string; returnTo?: string; intents: ("accept" | "reject" | "terminate")[] }) {
  const { t } = useTranslation();
  if (!intents.length) return null;
  return (
    <Form method="post" action={action} className={m.buttonRow} data-testid={`decision-form-${contract.id}`} preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="contractId" value={contract.id} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      {intents.map((intent) => (
        <button key={intent} type="submit" name="intent" value={intent} className={intent === "accept" ? s.primaryButton : s.field} data-testid={`contract-${intent}`}>
          {t(`contract_intent_${intent}`)}
        </button>
      ))}
    </Form>
  );
}

/** The contract popup (spec §2): on any page, opened by `?popup=contract` and by itself while an offer waits. */
export function ContractPopup() {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRouteLoaderData("root") as { contracts?: ContractState | null } | undefined;
  const state = root?.contracts;
  if (!state?.open) return null;
  const params = new URLSearchParams(location.search);
  params.delete("popup");
  params.delete("contractError");
  const here = location.pathname + (params.size ? `?${params}` : "");
  return (
    <Popup title={t("contract_popup_title")} testId="contract-popup" closeTo={`/contract?${new URLSearchParams({ close: "1", returnTo: here })}`}>
      {state.error ? (
        <p role="alert" className={s.fieldError} data-testid="contract-error">
          {t(state.error)}
        </p>
      ) : null}
      {state.pending.length ? (
        <ul className={m.records}>
          {state.pending.map((c) => (
            <li key={c.id} className={m.card} data-testid="contract-offer">
              <ContractTerms contract={c} />
              {c.endsContracts.length ? (
                <p className={m.hint}>{t("contract_auto_end_note", { list: c.endsContracts.map((e) => `${e.downline} (${e.rate}%)`).join(", ") })}</p>
              ) : null}
              <DecisionForm contract={c} action="/contract" returnTo={here} intents={["accept", "reject"]} />
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="contract-none">{t("contract_none_pending")}</p>
      )}
    </Popup>
  );
}

/** Pending decisions for the agent's landing page (`/agentHome` slot): each offer with its decision form. */
export function PendingContracts() {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRouteLoaderData("root") as { contracts?: ContractState | null } | undefined;
  const pending = root?.contracts?.pending ?? [];
  if (!pending.length) return null;
  return (
    <section className={m.card} aria-labelledby="pending-contracts-title" data-testid="pending-contracts">
      <h2 id="pending-contracts-title">{t("contract_pending_title")}</h2>
      <ul className={m.records}>
        {pending.map((c) => (
          <li key={c.id}>
            <ContractTerms contract={c} />
            <DecisionForm contract={c} action="/contract" returnTo={location.pathname} intents={["accept", "reject"]} />
          </li>
        ))}
      </ul>
    </section>
  );
}
