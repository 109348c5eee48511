import { supportedLanguages } from "~/i18n";
import { displayGameType } from "./vendors";

export type PagePrizeMode = "LOTT" | "ELOTT";

/**
 * Spec §4 prize mode: the lottery mode, or the e-lottery mode when the ELOTT category has a
 * TCG_LOTTO_VN or LOTT card. Under the Thai rule of spec §9 the game type LOTT counts as ELOTT,
 * so its cards join the ELOTT category first.
 */
export function prizeModeOf(
  menus: ReadonlyArray<{ gameCategory: string; vendors: ReadonlyArray<{ vassalage: string }> }>,
  thaiSupported: boolean = supportedLanguages.includes("th"),
): PagePrizeMode {
  const elott = menus.filter((m) => displayGameType(m.gameCategory, thaiSupported) === "ELOTT").flatMap((m) => m.vendors);
  return elott.some((v) => v.vassalage === "TCG_LOTTO_VN" || v.vassalage === "LOTT") ? "ELOTT" : "LOTT";
}
