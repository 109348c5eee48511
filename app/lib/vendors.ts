/**
 * Spec §9 vendor code rules, applied only when the Thai language is offered: codes starting with
 * TCG show as empty, BTI shows as 123BET, and the game type LOTT counts as ELOTT.
 */
export function displayVendorCode(code: string, thaiSupported: boolean): string {
  if (!thaiSupported) return code;
  if (code.startsWith("TCG")) return "";
  if (code === "BTI") return "123BET";
  return code;
}

export function displayGameType(type: string, thaiSupported: boolean): string {
  return thaiSupported && type === "LOTT" ? "ELOTT" : type;
}
