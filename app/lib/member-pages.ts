/**
 * The member-centre pages (spec §2), in menu order, with their i18n label keys. `agentOnly`
 * entries are hidden from members; `needsUpline` only when the member has one.
 */
export const MEMBER_PAGES = [
  { page: "securityCenter", label: "security_centre_title" },
  { page: "depositv2", label: "deposit" },
  { page: "withdraw", label: "withdraw" },
  { page: "transferFund", label: "transfer_fund_title" },
  { page: "transferUpline", label: "transfer_upline_title" },
  { page: "personalHistoryCopy", label: "betting_record" },
  { page: "transactionHistory", label: "transaction_history_title" },
  { page: "personalProfit", label: "personal_profit_title" },
  { page: "bonusDetails", label: "bonus_details_title" },
  { page: "messageV2", label: "msg_centre_title" },
] as const;
