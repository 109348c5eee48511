import { betFormValues, describeBet, diceOdds, fromMinor, gameBets, HOUSE_CODES, parseBetForm, parseDiceTarget, rouletteInside, toMinor } from "./house-bets";

const form = (values: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
};

describe("house bet forms", () => {
  it("has a form for every in-house game and none for other codes", () => {
    expect(HOUSE_CODES).toHaveLength(15);
    for (const code of HOUSE_CODES) expect(gameBets(code)).not.toBeNull();
    expect(gameBets("HOUSE_NOPE")).toBeNull();
    expect(gameBets("toString")).toBeNull();
  });

  it("turns filled roulette spots and picks into the platform's bets, skipping empty ones", () => {
    const def = gameBets("HOUSE_ROULETTE")!;
    const parsed = parseBetForm(form({ a_red: "10", a_n17: "1,50", a_n18: " ", p_split: "17-20", a_split: "2", p_corner: "1-2-4-5", a_dozen2: "3.25" }), def);
    expect(parsed).toEqual({
      bets: [
        { kind: "red", amount: "10" },
        { kind: "dozen", amount: "3.25", target: 2 },
        { kind: "straight", amount: "1.50", numbers: [17] },
        { kind: "split", amount: "2", numbers: [17, 20] },
      ],
      fields: ["a_red", "a_dozen2", "a_n17", "a_split"],
    });
  });

  it("refuses malformed amounts and a pick without its choice, beside the field", () => {
    const def = gameBets("HOUSE_SICBO")!;
    expect(parseBetForm(form({ a_big: "abc", a_total: "5" }), def)).toEqual({ errors: { a_big: ["err_amount_invalid"], p_total: ["hb_err_choose"] } });
    expect(parseBetForm(form({ a_small: "0" }), def)).toEqual({ errors: { a_small: ["err_amount_invalid"] } });
    expect(parseBetForm(form({ p_total: "9" }), def)).toEqual({ errors: { "": ["hb_err_no_bets"] } });
    expect(parseBetForm(form({ p_total: "99", a_total: "1" }), def)).toEqual({ errors: { p_total: ["hb_err_choose"] } });
  });

  it("reads a dice bet with its target in hundredths", () => {
    const def = gameBets("HOUSE_DICE")!;
    expect(parseBetForm(form({ d_kind: "under", d_target: "49.5", a_dice: "2" }), def)).toEqual({ bets: [{ kind: "under", amount: "2", target: 4950 }], fields: ["a_dice"] });
    expect(parseBetForm(form({ d_kind: "over", d_target: "99.99", a_dice: "2" }), def)).toEqual({ errors: { d_target: ["hb_err_dice_target"] } });
    expect(parseBetForm(form({ d_kind: "sideways", d_target: "50", a_dice: "2" }), def)).toEqual({ errors: { d_kind: ["hb_err_choose"] } });
    expect(parseBetForm(form({ d_kind: "over", d_target: "50" }), def)).toEqual({ errors: { a_dice: ["err_empty"] } });
  });

  it("keeps what was typed for the form shown again, and nothing else", () => {
    const def = gameBets("HOUSE_BACCARAT")!;
    expect(betFormValues(form({ a_banker: "5", a_tie: "", csrf: "x", requestKey: "abcdefgh" }), def)).toEqual({ a_banker: "5" });
  });

  it("knows the layout's inside bets", () => {
    const inside = rouletteInside();
    expect(inside.split).toHaveLength(60);
    expect(inside.street).toHaveLength(12);
    expect(inside.corner).toHaveLength(22);
    expect(inside.sixLine).toHaveLength(11);
  });

  it("prices dice like the engine: 1% edge, multiplier rounded down", () => {
    expect(diceOdds("over", 5000)).toEqual({ chance: "49.99", multiplier: "1.9803" });
    expect(diceOdds("under", 200)).toEqual({ chance: "2.00", multiplier: "49.5000" });
    expect(diceOdds("under", 9801)).toBeNull();
    expect(parseDiceTarget("7,5")).toBe(750);
    expect(parseDiceTarget("100")).toBeNull();
  });

  it("describes placed bets in the words of their spot", () => {
    expect(describeBet("HOUSE_ROULETTE", { kind: "split", numbers: [17, 20], amount: "200" })).toEqual({ parts: [{ key: "hb_split" }, { text: "17-20" }], sep: " " });
    expect(describeBet("HOUSE_ROULETTE", { kind: "straight", numbers: [5], amount: "100" })).toEqual({ parts: [{ key: "hb_straight" }, { text: "5" }], sep: " " });
    expect(describeBet("HOUSE_FPC", { kind: "single", symbols: ["CRAB"], amount: "100" })).toEqual({ key: "hb_fpc_crab" });
    expect(describeBet("HOUSE_DICE", { kind: "over", target: 4250, amount: "100" })).toEqual({ key: "hb_dice_over_n", args: { target: "42.50" } });
  });

  it("converts amounts without floats", () => {
    expect(toMinor("12.5")).toBe(1250n);
    expect(toMinor("0.07")).toBe(7n);
    expect(fromMinor(1250n)).toBe("12.50");
    expect(fromMinor("5", 0)).toBe("5");
    expect(fromMinor(-5n)).toBe("-0.05");
  });
});
