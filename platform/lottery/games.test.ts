import { newServerSeed } from "../house/fair.js";
import { chiSquareUniform } from "../house/testing/stats.js";
import {
  bettingDrawAt,
  drawNumbers,
  expectedReturn,
  issueOf,
  LOTTERY_GAMES,
  lineReturn,
  lineWin,
  lotteryPagePath,
  nextDrawAt,
  normaliseSelection,
  prizeModeFor,
  SEA_TIERS,
  VN_TIERS,
  type BetType,
  type LotteryGame,
} from "./games.js";

const FAST5: LotteryGame = LOTTERY_GAMES.ELOTT_FAST5;
const DAILY3: LotteryGame = LOTTERY_GAMES.LOTT_DAILY3;
const VN: LotteryGame = LOTTERY_GAMES.VN_MB;
const SEA: LotteryGame = LOTTERY_GAMES.SEA_4D;
const at = (iso: string) => Date.parse(iso);

describe("lottery schedule", () => {
  it("draws the fast e-lottery every 5 minutes, numbered 001-288 within the UTC day", () => {
    const s = FAST5.schedule;
    expect(new Date(nextDrawAt(s, at("2026-11-22T10:02:13Z"))).toISOString()).toBe("2026-11-22T10:05:00.000Z");
    expect(new Date(nextDrawAt(s, at("2026-11-22T10:05:00Z"))).toISOString()).toBe("2026-11-22T10:10:00.000Z");
    expect(issueOf(s, at("2026-11-22T00:05:00Z"))).toBe("20261122-001");
    expect(issueOf(s, at("2026-11-22T10:05:00Z"))).toBe("20261122-121");
    expect(issueOf(s, at("2026-11-23T00:00:00Z"))).toBe("20261122-288");
    // Bets close 30 s before the draw and go to the next one.
    expect(issueOf(s, bettingDrawAt(s, at("2026-11-22T10:04:29Z")))).toBe("20261122-121");
    expect(issueOf(s, bettingDrawAt(s, at("2026-11-22T10:04:30Z")))).toBe("20261122-122");
  });

  it("draws the daily games once a day at their time, numbered by date", () => {
    expect(new Date(nextDrawAt(DAILY3.schedule, at("2026-11-22T13:29:59Z"))).toISOString()).toBe("2026-11-22T13:30:00.000Z");
    expect(new Date(nextDrawAt(DAILY3.schedule, at("2026-11-22T13:30:00Z"))).toISOString()).toBe("2026-11-23T13:30:00.000Z");
    expect(issueOf(VN.schedule, nextDrawAt(VN.schedule, at("2026-11-22T12:00:00Z")))).toBe("20261123");
    expect(issueOf(SEA.schedule, bettingDrawAt(SEA.schedule, at("2026-11-22T10:55:00Z")))).toBe("20261123");
    expect(issueOf(SEA.schedule, bettingDrawAt(SEA.schedule, at("2026-11-22T10:54:59Z")))).toBe("20261122");
  });
});

describe("lottery draws", () => {
  it("are a function of the seed and the issue", () => {
    const seed = newServerSeed();
    for (const g of [FAST5, DAILY3, VN, SEA]) {
      expect(drawNumbers(g, seed, "20261122")).toEqual(drawNumbers(g, seed, "20261122"));
      expect(drawNumbers(g, seed, "20261122")).not.toEqual(drawNumbers(g, seed, "20261123"));
    }
  });

  it("give the VN draw its 27 prizes with their digit counts", () => {
    const n = drawNumbers(VN, newServerSeed(), "20261122");
    expect(Object.values(n).flat()).toHaveLength(27);
    for (const t of VN_TIERS) {
      expect(n[t.tier]).toHaveLength(t.count);
      for (const x of n[t.tier]!) expect(x).toMatch(new RegExp(`^\\d{${t.digits}}$`));
    }
  });

  it("give the SEA 4D draw 23 different 4-digit numbers", () => {
    for (let i = 0; i < 50; i++) {
      const n = drawNumbers(SEA, newServerSeed(), "20261122");
      const all = Object.values(n).flat();
      expect(all).toHaveLength(23);
      expect(new Set(all).size).toBe(23);
      for (const t of SEA_TIERS) expect(n[t.tier]).toHaveLength(t.count);
    }
  });

  it("draws each digit uniformly (chi-square over 20,000 fast draws, 99%)", () => {
    // A fixed seed, as the house RNG's statistics tests use: five rows tested at 99% each
    // failed one run in twenty on a fresh random seed, which says nothing about the draw.
    const seed = "5e".repeat(32);
    const counts = Array.from({ length: 5 }, () => new Array<number>(10).fill(0));
    const N = 20_000;
    for (let i = 0; i < N; i++) [...drawNumbers(FAST5, seed, `x-${i}`).N![0]!].forEach((d, p) => counts[p]![Number(d)]! += 1);
    counts.forEach((row, p) => expect(chiSquareUniform(row).pValue, `position ${p}`).toBeGreaterThan(0.01));
  });
});

describe("lottery bets", () => {
  it("normalise valid selections and refuse others", () => {
    expect(normaliseSelection(FAST5, "DIGIT", " 3-7 ")).toBe("3-7");
    expect(normaliseSelection(FAST5, "DIGIT", "6-7")).toBeNull();
    expect(normaliseSelection(DAILY3, "DIGIT", "4-1")).toBeNull();
    expect(normaliseSelection(FAST5, "BIG_SMALL", "sum-b")).toBe("SUM-B");
    expect(normaliseSelection(FAST5, "ODD_EVEN", "2-B")).toBeNull();
    expect(normaliseSelection(FAST5, "LAST3", "012")).toBe("012");
    expect(normaliseSelection(FAST5, "LAST3", "12")).toBeNull();
    expect(normaliseSelection(VN, "LO", "07")).toBe("07");
    expect(normaliseSelection(VN, "DIGIT", "1-1")).toBeNull();
    expect(normaliseSelection(SEA, "BIG", "0042")).toBe("0042");
    expect(normaliseSelection(SEA, "SMALL", "42")).toBeNull();
  });

  it("pay digit games by position, side, parity and last digits", () => {
    const n = { N: ["90817"] }; // sum 25: big, odd
    const r = (type: BetType, selection: string) => lineReturn(FAST5, "ELOTT", { type, selection }, n);
    expect(r("DIGIT", "1-9")).toBe(9_800);
    expect(r("DIGIT", "1-0")).toBe(0);
    expect(r("BIG_SMALL", "2-S")).toBe(1_960);
    expect(r("BIG_SMALL", "SUM-B")).toBe(1_960);
    expect(r("ODD_EVEN", "SUM-O")).toBe(1_960);
    expect(r("ODD_EVEN", "3-E")).toBe(1_960);
    expect(r("LAST2", "17")).toBe(98_000);
    expect(r("LAST3", "817")).toBe(980_000);
    expect(lineReturn(FAST5, "ZY", { type: "DIGIT", selection: "1-9" }, n)).toBe(9_900);
    expect(lineWin(1_000n, 9_800)).toBe(9_800n);
    expect(lineWin(333n, 1_960)).toBe(652n);
  });

  it("pay VN lô once per prize ending in the pair, đề and 3 càng on the special prize", () => {
    const n = { DB: ["12345"], G1: ["00045"], G2: ["11111", "22245"], G3: ["1", "2", "3", "4", "5", "6"].map((x) => `9999${x}`), G4: ["1245", "0000", "1111", "2222"], G5: ["3333", "4444", "5555", "6666", "7777", "8888"], G6: ["111", "222", "333"], G7: ["45", "12", "13", "14"] };
    expect(lineReturn(VN, "LOTT", { type: "LO", selection: "45" }, n)).toBe(3_600 * 5);
    expect(lineReturn(VN, "LOTT", { type: "DE", selection: "45" }, n)).toBe(98_000);
    expect(lineReturn(VN, "LOTT", { type: "BA_CANG", selection: "345" }, n)).toBe(980_000);
    expect(lineReturn(VN, "LOTT", { type: "BA_CANG", selection: "245" }, n)).toBe(0);
  });

  it("pay SEA 4D big on every tier and small on the top three", () => {
    const n = { P1: ["1234"], P2: ["0001"], P3: ["0002"], STARTER: Array.from({ length: 10 }, (_, i) => `10${i}0`), CONSOLATION: Array.from({ length: 10 }, (_, i) => `20${i}0`) };
    expect(lineReturn(SEA, "SEA", { type: "BIG", selection: "1234" }, n)).toBe(3_750_000);
    expect(lineReturn(SEA, "SEA", { type: "BIG", selection: "1030" }, n)).toBe(270_000);
    expect(lineReturn(SEA, "SEA", { type: "SMALL", selection: "1030" }, n)).toBe(0);
    expect(lineReturn(SEA, "SEA", { type: "SMALL", selection: "0002" }, n)).toBe(1_600_000);
    expect(lineReturn(SEA, "SEA", { type: "SEA2D", selection: "34" }, n)).toBe(96_000);
  });

  it("return exactly what docs/games/lottery.md says, and a simulation agrees", () => {
    const table: Array<[LotteryGame, "LOTT" | "ZY" | "ELOTT" | "SEA", BetType, number]> = [
      [FAST5, "ELOTT", "DIGIT", 980],
      [FAST5, "ZY", "BIG_SMALL", 990],
      [DAILY3, "LOTT", "LAST3", 980],
      [VN, "LOTT", "LO", 972],
      [VN, "ZY", "DE", 990],
      [SEA, "SEA", "BIG", 960],
      [SEA, "SEA", "SMALL", 960],
      [SEA, "SEA", "SEA2D", 960],
    ];
    for (const [g, mode, type, permille] of table) expect(expectedReturn(g, mode, type)).toBeCloseTo(permille, 9);
    // 40,000 VN draws: lô on "07" returns 0.972 per unit within 3 standard errors (about 0.03).
    const seed = newServerSeed();
    let total = 0;
    const N = 40_000;
    for (let i = 0; i < N; i++) total += lineReturn(VN, "LOTT", { type: "LO", selection: "07" }, drawNumbers(VN, seed, `s${i}`));
    expect(Math.abs(total / N / 1000 - 0.972)).toBeLessThan(0.03);
  });

  it("pick the asked prize mode only where the game offers it, and route launches per spec §2", () => {
    expect(prizeModeFor(FAST5, "ZY")).toBe("ZY");
    expect(prizeModeFor(FAST5, "SEA")).toBe("ELOTT");
    expect(prizeModeFor(VN, "ELOTT")).toBe("ELOTT");
    expect(prizeModeFor(VN, null)).toBe("LOTT");
    expect(prizeModeFor(SEA, "LOTT")).toBe("SEA");
    expect(lotteryPagePath("TCG_LOTTO_VN", "VN_MB")).toBe("/vnLottery?gameCode=VN_MB");
    expect(lotteryPagePath("TCG_SEA", "SEA_4D")).toBe("/seaLottery?gameCode=SEA_4D");
    expect(lotteryPagePath("ELOTT", "ELOTT_FAST5")).toBe("/lottery?gameCode=ELOTT_FAST5");
  });
});
