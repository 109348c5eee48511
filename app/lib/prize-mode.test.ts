import { prizeModeOf } from "./prize-mode";

const menu = (gameCategory: string, ...vassalages: string[]) => ({ gameCategory, vendors: vassalages.map((vassalage) => ({ vassalage })) });

describe("prize mode (spec §4)", () => {
  it.each([
    ["an ELOTT category with a TCG_LOTTO_VN card", [menu("ELOTT", "TCG_LOTTO_VN")], false, "ELOTT"],
    ["an ELOTT category with a LOTT card", [menu("ELOTT", "ELOTT", "LOTT")], false, "ELOTT"],
    ["an ELOTT category without either", [menu("ELOTT", "TCG_SEA", "ELOTT"), menu("LOTT", "LOTT", "TCG_LOTTO_VN")], false, "LOTT"],
    ["no ELOTT category", [menu("LOTT", "LOTT")], false, "LOTT"],
    ["the Thai rule: LOTT counts as ELOTT", [menu("ELOTT", "TCG_SEA"), menu("LOTT", "LOTT")], true, "ELOTT"],
    ["the Thai rule with a LOTT category of other cards", [menu("LOTT", "TCG_SEA")], true, "LOTT"],
  ] as const)("%s", (_, menus, thai, mode) => {
    expect(prizeModeOf(menus, thai)).toBe(mode);
  });
});
