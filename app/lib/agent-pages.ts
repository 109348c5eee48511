/**
 * The agent-centre pages (spec §2), in menu order, with their i18n label keys. Pages behind an
 * operator flag name it in `module` (shown only when enabled): the contract pages add themselves
 * here, one line each.
 */
export interface AgentPage {
  page: string;
  label: string;
  module?: string;
}

export const AGENT_PAGES: AgentPage[] = [
  { page: "agentTeamOverview", label: "agent_nav_overview" },
  { page: "agentAnnouncement", label: "agent_nav_announcement" },
  { page: "registerCenter", label: "agent_nav_register" },
  { page: "downlineManagmentView", label: "agent_nav_downlines" },
  { page: "personalHistoryCopy", label: "agent_nav_bets" },
  { page: "palStatementsAgentCopy", label: "agent_nav_pl" },
  { page: "agentDownlineTransactionDetailsCopy", label: "agent_nav_transactions" },
];
