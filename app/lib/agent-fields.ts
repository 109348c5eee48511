/** Agent form fields without zod, for the page's own scripts; `agent-schemas.ts` builds on them. */

/** A rebate in percent with at most two decimals ("0.8", "1.20"). */
export const REBATE_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;

/** Compares two rebate texts as basis points (no floating point). */
export function rebateBp(text: string): number {
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0").slice(0, 2));
}

/** Platform refusals of the agent calls → i18n keys shown beside the field. */
export function agentFieldMessage(failure: { kind: string; max?: string; min?: string; patternId?: string }, fallback: (f: { kind: string }) => string): string {
  switch (failure.kind) {
    case "rebate_format":
      return "agent_err_rebate_format";
    case "rebate_above":
      return `agent_err_rebate_above|${failure.max ?? ""}`;
    case "rebate_below":
      return `agent_err_rebate_below|${failure.min ?? ""}`;
    case "not_direct":
      return "agent_err_not_direct";
    default:
      return fallback(failure);
  }
}
