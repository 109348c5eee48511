import { schemeKey } from "./agent-pages";

/**
 * Message texts are chosen at read time: the kind names the i18n keys, the parameters fill
 * them (spec §3 "Messages"). Kinds without texts yet read as a generic message.
 */
export const MESSAGE_TEXT_KINDS = [
  "new_mail",
  "deposit_credited",
  "deposit_failed",
  "withdrawal_approved",
  "withdrawal_rejected",
  "promotion",
  "bonus_paid",
  "contract",
  "contract_paid",
  "feedback_answer",
  "rebate_paid",
  "mission_reward",
  "referral_reward",
  "points_approved",
  "points_rejected",
];

type Params = Record<string, string | number | boolean | null>;
type T = (key: string, options?: Record<string, unknown>) => string;

export function messageTitle(t: T, kind: string, params: Params): string {
  if (!MESSAGE_TEXT_KINDS.includes(kind)) return t("msg_kind_other_title");
  return t(`msg_kind_${kind}_title`, { ...params, interpolation: { escapeValue: false } }) || t("msg_kind_other_title");
}

/** The body; `amount` (a platform decimal such as "20.00") is shown in the reader's number format. */
export function messageBody(t: T, kind: string, params: Params, formatAmount?: (decimal: string) => string): string {
  if (!MESSAGE_TEXT_KINDS.includes(kind)) return typeof params.text === "string" ? params.text : "";
  const amount = typeof params.amount === "string" && /^-?\d+(\.\d+)?$/.test(params.amount) && formatAmount ? formatAmount(params.amount) : params.amount;
  // A contract's scheme (DAILY_SALARY, ...) is named in the reader's language.
  const schemeName = typeof params.scheme === "string" ? t(schemeKey(params.scheme)) : undefined;
  return t(`msg_kind_${kind}_body`, { ...params, amount, schemeName, interpolation: { escapeValue: false } });
}
