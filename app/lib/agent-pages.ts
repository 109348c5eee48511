/**
 * The agent-centre pages (spec §2), in menu order, with their i18n label keys. Pages behind an
 * operator's agent module name it in `flag` (shown only when enabled, spec §2 flagged pages).
 */
export type AgentFlag = "enableCt" | "salary" | "hourSalary" | "agentRealtimeSalary";
export interface AgentPage {
  page: string;
  label: string;
  flag?: AgentFlag;
}

export const AGENT_PAGES: AgentPage[] = [
  { page: "agentTeamOverview", label: "agent_nav_overview" },
  { page: "agentAnnouncement", label: "agent_nav_announcement" },
  { page: "registerCenter", label: "agent_nav_register" },
  { page: "downlineManagmentView", label: "agent_nav_downlines" },
  { page: "personalHistoryCopy", label: "agent_nav_bets" },
  { page: "palStatementsAgentCopy", label: "agent_nav_pl" },
  { page: "agentDownlineTransactionDetailsCopy", label: "agent_nav_transactions" },
  { page: "contract", label: "contract_page_title" },
  { page: "agentRevenueReport", label: "contract_revenue_title" },
  { page: "dividends", label: "contract_dividends_title", flag: "enableCt" },
  { page: "dailyWages", label: "contract_daily_title", flag: "salary" },
  { page: "hourlySalary", label: "contract_hourly_title", flag: "hourSalary" },
  { page: "realtimeSalary", label: "contract_realtime_title", flag: "agentRealtimeSalary" },
];

/** Team transaction filters (the platform's TEAM_TX_TYPES). */
export const TEAM_TX_TYPES = ["deposit", "withdraw", "bet", "win", "rollback", "transfer", "bonus", "commission", "adjustment"] as const;

/** Tier rows of the contract offer form. */
export const TIER_ROWS = 3;

/** The i18n key of a contract scheme's name. */
const SCHEME_KEYS: Record<string, string> = {
  DAILY_SALARY: "contract_scheme_daily",
  HOURLY_SALARY: "contract_scheme_hourly",
  REALTIME_SALARY: "contract_scheme_realtime",
  DIVIDEND: "contract_scheme_dividend",
};
export const schemeKey = (scheme: string) => SCHEME_KEYS[scheme] ?? scheme;
