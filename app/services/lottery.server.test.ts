import { LOTTERY_GAMES, type LotteryGame } from "#platform/lottery/games.js";
import { linesFromForm, lotteryRefusal } from "./lottery.server";
import { PlatformError } from "./platform.server";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const FAST5: LotteryGame = LOTTERY_GAMES.ELOTT_FAST5;

describe("lottery bet forms", () => {
  it("turn a form into lines: several numbers make several lines, a position and pick one", () => {
    expect(linesFromForm(FAST5, form({ type: "LAST2", numbers: "07, 42 07", amount: "2,50" }))).toEqual({
      lines: [
        { type: "LAST2", selection: "07", amount: "2.50" },
        { type: "LAST2", selection: "42", amount: "2.50" },
      ],
    });
    expect(linesFromForm(FAST5, form({ type: "BIG_SMALL", position: "SUM", pick: "B", amount: "1" }))).toEqual({ lines: [{ type: "BIG_SMALL", selection: "SUM-B", amount: "1" }] });
  });

  it("say which field is wrong", () => {
    expect(linesFromForm(FAST5, form({ type: "LAST2", numbers: "7", amount: "x" }))).toEqual({ errors: { amount: ["err_amount_invalid"], numbers: ["lott_err_selection"] } });
    expect(linesFromForm(FAST5, form({ type: "LAST2", numbers: " ", amount: "1" }))).toEqual({ errors: { numbers: ["lott_err_no_bets"] } });
    expect(linesFromForm(FAST5, form({ type: "DIGIT", position: "9", pick: "1", amount: "1" }))).toEqual({ errors: { pick: ["lott_err_selection"] } });
    expect(linesFromForm(FAST5, form({ type: "LO", numbers: "11", amount: "1" }))).toEqual({ errors: { "": ["err_correct_info"] } });
    expect(linesFromForm(FAST5, form({ type: "LAST2", numbers: Array.from({ length: 51 }, (_, i) => String(i).padStart(2, "0")).join(" "), amount: "1" }))).toEqual({ errors: { numbers: ["lott_err_too_many"] } });
  });

  it("place platform refusals beside their field, unknown ones beside the form, and rethrow outages", () => {
    expect(lotteryRefusal(new PlatformError("INSUFFICIENT_FUNDS", "no", 400))).toEqual({ field: "amount", message: "err_insufficient_funds", status: 400 });
    expect(lotteryRefusal(new PlatformError("AMOUNT_OUT_OF_LIMITS", "no", 400, { min: "1.00", max: "10000.00" }))).toEqual({ field: "amount", message: "err_amount_range|1.00 - 10000.00", status: 400 });
    expect(lotteryRefusal(new PlatformError("DRAW_CLOSED", "no", 409))).toEqual({ field: "", message: "lott_err_closed", status: 409 });
    expect(lotteryRefusal(new PlatformError("in_need_true_account", "no", 403))).toEqual({ field: "", message: "in_need_true_account", status: 403 });
    expect(lotteryRefusal(new PlatformError("SOMETHING_NEW", "no", 409))).toEqual({ field: "", message: "err_unknown", status: 400 });
    const outage = new PlatformError("DRAW_NOT_FOUND", "no", 503);
    expect(() => lotteryRefusal(outage)).toThrow(outage);
    expect(() => lotteryRefusal(new TypeError("x"))).toThrow(TypeError);
  });
});
