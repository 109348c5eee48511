import { Link, useLocation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/translation";
import { formatBalance } from "~/lib/format";
import * as a from "~/styles/agent.css";
import * as s from "~/styles/shell.css";

type Figures = {
  members: number;
  newMembers: number;
  activeMembers: number;
  deposits: string;
  withdrawals: string;
  betAmount: string;
  validBet: string;
  wins: string;
  profitLoss: string;
  income?: string;
};

/** The team figures as cards (agentTeamOverview, agentHome, a downline's detail). */
export function FigureCards({ figures, currency, testId = "team-figures" }: { figures: Figures; currency: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  const money = (v: string) => formatBalance(v, i18n.language);
  const items: Array<[string, string, string]> = [
    ["members", "agent_members", String(figures.members)],
    ["newMembers", "agent_new_members", String(figures.newMembers)],
    ["activeMembers", "agent_active_members", String(figures.activeMembers)],
    ["deposits", "agent_deposits", money(figures.deposits)],
    ["withdrawals", "agent_withdrawals", money(figures.withdrawals)],
    ["betAmount", "agent_bet_amount", money(figures.betAmount)],
    ["validBet", "agent_valid_bet", money(figures.validBet)],
    ["wins", "agent_wins", money(figures.wins)],
    ["profitLoss", "agent_team_pl", money(figures.profitLoss)],
  ];
  if (figures.income !== undefined) items.push(["income", "agent_my_income", money(figures.income)]);
  return (
    <ul className={a.figures} data-testid={testId} aria-label={t("agent_figures_in", { currency })}>
      {items.map(([key, label, value]) => (
        <li key={key} className={a.figure} data-testid={`figure-${key}`}>
          <p className={a.figureLabel}>{t(label)}</p>
          <p className={a.figureValue} data-value={value}>
            {value}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** One record as a card: a title line and label/value pairs that wrap on a phone. */
export function RecordCard({ title, aside, pairs, testId, children }: { title: ReactNode; aside?: ReactNode; pairs: Array<[string, ReactNode]>; testId?: string; children?: ReactNode }) {
  return (
    <li className={a.row} data-testid={testId}>
      <div className={a.rowHead}>
        <span className={a.rowTitle}>{title}</span>
        {aside ? <span>{aside}</span> : null}
      </div>
      <dl className={a.pairs}>
        {pairs.map(([label, value]) => (
          <div key={label} className={a.pair}>
            <dt className={a.pairLabel}>{label}</dt>
            <dd className={a.pairValue}>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </li>
  );
}

/**
 * The report's CSV, every page, with the filters and period kept: `/agent/export/<page>` runs the
 * page's own loader with `format=csv` as a resource route (a page route's loader answer is
 * rendered into its HTML, so a download from the page's own URL would be the page).
 */
export function CsvLink({ label = "agent_export_csv" }: { label?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const next = new URLSearchParams(params);
  next.delete("page");
  next.delete("format");
  const page = pathname.split("/").filter(Boolean)[1] ?? "agentTeamOverview";
  const query = next.toString();
  return (
    <a href={`/agent/export/${page}${query ? `?${query}` : ""}`} className={s.smallButton} download data-testid="csv-export">
      {t(label)}
    </a>
  );
}

export function AgentLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={s.smallButton}>
      {children}
    </Link>
  );
}
