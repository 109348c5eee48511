/** What a member-centre entry's badge counts (spec §2: missions, messages and rewards). */
export type MemberBadge = "unread" | "missions" | "rewards";

export interface MemberPage {
  page: string;
  /** i18n key of the menu label. */
  label: string;
  badge?: MemberBadge;
  /** Shown only while the referral promotion runs, to players (spec §6 invite-friends). */
  needsReferral?: boolean;
}

/** The member-centre pages (spec §2), in menu order, with their i18n label keys. */
export const MEMBER_PAGES: readonly MemberPage[] = [
  { page: "securityCenter", label: "security_centre_title" },
  { page: "depositv2", label: "deposit" },
  { page: "withdraw", label: "withdraw" },
  { page: "transferFund", label: "transfer_fund_title" },
  { page: "transferUpline", label: "transfer_upline_title" },
  { page: "personalHistoryCopy", label: "betting_record" },
  { page: "transactionHistory", label: "transaction_history_title" },
  { page: "personalProfit", label: "personal_profit_title" },
  { page: "bonusDetails", label: "bonus_details_title" },
  { page: "rewardCenter", label: "promo_rewards_title", badge: "rewards" },
  { page: "missionLeaderboard", label: "mission_title", badge: "missions" },
  { page: "manualRebate", label: "rebate_title" },
  { page: "referral", label: "referral_title", needsReferral: true },
  { page: "messageV2", label: "msg_centre_title", badge: "unread" },
];
