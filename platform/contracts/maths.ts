/**
 * The settlement maths of agent contracts (spec §4, §9), pure: no database, no clock, no env.
 * Amounts are integer minor units (bigint); rates are hundredths of a percent ("1.25" % → 125).
 */

export const SCHEMES = ["DAILY_SALARY", "HOURLY_SALARY", "REALTIME_SALARY", "DIVIDEND"] as const;
export type Scheme = (typeof SCHEMES)[number];
export const DIVIDEND_PERIODS = ["daily", "weekly", "semimonthly", "monthly"] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];

/** A rate is at most 100 %, in steps of 0.01 %. */
export const RATE_SCALE = 10_000n;
export const MAX_RATE = 10_000;

export interface Tier {
  validBet?: bigint;
  profitLoss?: bigint;
  activeMembers?: number;
  betAmount?: bigint;
  /** Hundredths of a percent. */
  rate: number;
}

/** A team's figures over one period: bets net of refunds, the house's result, members who bet, gross bets. */
export interface Figures {
  validBet: bigint;
  /** The house's profit from the team (bets − refunds − wins): positive when the team lost. */
  profitLoss: bigint;
  activeMembers: number;
  betAmount: bigint;
}

export const THRESHOLDS = ["validBet", "profitLoss", "activeMembers", "betAmount"] as const;
export type Threshold = (typeof THRESHOLDS)[number];

/** "1.25" → 125; null for anything else than 0.01 … 100 with at most two decimals. */
export function parseRate(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const v = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0") || "0");
  return v >= 1 && v <= MAX_RATE ? v : null;
}

export function formatRate(rate: number): string {
  return `${Math.floor(rate / 100)}.${String(rate % 100).padStart(2, "0")}`;
}

export type TierIssue = { index: number; field: Threshold | "rate" | "tiers"; code: TierIssueCode };
export type TierIssueCode = "NO_TIERS" | "TOO_MANY_TIERS" | "NO_THRESHOLD" | "SAME_THRESHOLDS" | "NOT_INCREASING" | "RATE_DECREASING" | "RATE_ABOVE_UPLINE" | "OUT_OF_RANGE";

export const MAX_TIERS = 10;

/**
 * Tiers must all use the same thresholds, each strictly above the tier before, with rates that
 * never go down, and no rate above `cap` (the upline's own rate for the scheme).
 */
export function validateTiers(tiers: Tier[], cap: number): TierIssue[] {
  const issues: TierIssue[] = [];
  if (!tiers.length) return [{ index: 0, field: "tiers", code: "NO_TIERS" }];
  if (tiers.length > MAX_TIERS) return [{ index: MAX_TIERS, field: "tiers", code: "TOO_MANY_TIERS" }];
  const used = THRESHOLDS.filter((f) => tiers[0]![f] !== undefined);
  tiers.forEach((tier, index) => {
    const mine = THRESHOLDS.filter((f) => tier[f] !== undefined);
    if (!mine.length) issues.push({ index, field: "tiers", code: "NO_THRESHOLD" });
    else if (mine.join() !== used.join()) issues.push({ index, field: mine.find((f) => !used.includes(f)) ?? used.find((f) => !mine.includes(f))!, code: "SAME_THRESHOLDS" });
    for (const f of mine) {
      const v = tier[f]!;
      if (v < 0 || (f === "activeMembers" && (!Number.isSafeInteger(v) || (v as number) > 1_000_000))) issues.push({ index, field: f, code: "OUT_OF_RANGE" });
    }
    if (!Number.isInteger(tier.rate) || tier.rate < 1 || tier.rate > MAX_RATE) issues.push({ index, field: "rate", code: "OUT_OF_RANGE" });
    else if (tier.rate > cap) issues.push({ index, field: "rate", code: "RATE_ABOVE_UPLINE" });
    const prev = tiers[index - 1];
    if (prev) {
      for (const f of used) {
        const a = prev[f];
        const b = tier[f];
        if (a !== undefined && b !== undefined && !(b > a)) issues.push({ index, field: f, code: "NOT_INCREASING" });
      }
      if (tier.rate < prev.rate) issues.push({ index, field: "rate", code: "RATE_DECREASING" });
    }
  });
  return issues;
}

/** The highest rate in a contract's tiers: what a downline's rates are compared with. */
export function topRate(tiers: Pick<Tier, "rate">[]): number {
  return tiers.reduce((m, t) => Math.max(m, t.rate), 0);
}

/** A tier is reached when every threshold it sets is met; the highest reached wins (-1: none). */
export function chooseTier(tiers: Tier[], f: Figures): number {
  let reached = -1;
  tiers.forEach((t, i) => {
    const ok =
      (t.validBet === undefined || f.validBet >= t.validBet) &&
      (t.profitLoss === undefined || f.profitLoss >= t.profitLoss) &&
      (t.activeMembers === undefined || f.activeMembers >= t.activeMembers) &&
      (t.betAmount === undefined || f.betAmount >= t.betAmount);
    if (ok) reached = i;
  });
  return reached;
}

/** `base × rate`, rounded down to the minor unit (the operator never pays a fraction it does not have). */
export function applyRate(base: bigint, rate: number): bigint {
  if (base <= 0n) return 0n;
  return (base * BigInt(rate)) / RATE_SCALE;
}

export interface Payment {
  tier: number;
  rate: number;
  /** What the rate applies to: valid bet (salaries) or profit net of the carried loss (dividends). */
  base: bigint;
  amount: bigint;
  /** Dividends: the loss carried into the next period (≤ 0). */
  carryOut: bigint;
}

/**
 * One period's payment. Salaries pay the rate of the tier reached on the period's valid bet.
 * Dividends pay it on the house's profit from the team after the loss carried in; a period that
 * ends below zero pays nothing and carries its loss forward (nothing is ever taken back).
 */
export function settle(scheme: Scheme, tiers: Tier[], f: Figures, carryIn: bigint = 0n): Payment {
  const tier = chooseTier(tiers, f);
  const rate = tier < 0 ? 0 : tiers[tier]!.rate;
  if (scheme !== "DIVIDEND") {
    return { tier, rate, base: f.validBet, amount: tier < 0 ? 0n : applyRate(f.validBet, rate), carryOut: 0n };
  }
  const net = f.profitLoss + (carryIn < 0n ? carryIn : 0n);
  if (net <= 0n) return { tier, rate, base: net, amount: 0n, carryOut: net };
  return { tier, rate, base: net, amount: tier < 0 ? 0n : applyRate(net, rate), carryOut: 0n };
}

// ---------------------------------------------------------------- periods (UTC)

export interface PeriodSpan {
  key: string;
  from: Date;
  to: Date;
}

const pad = (n: number) => String(n).padStart(2, "0");
const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The period of a scheme that contains `at`. Keys are readable and sort in time order. */
export function periodAt(scheme: Scheme, period: DividendPeriod | null, at: Date): PeriodSpan {
  const t = at.getTime();
  if (scheme === "REALTIME_SALARY") {
    const from = new Date(t - (t % 300_000));
    return { key: `${day(from)}T${pad(from.getUTCHours())}:${pad(from.getUTCMinutes())}`, from, to: new Date(from.getTime() + 300_000) };
  }
  if (scheme === "HOURLY_SALARY") {
    const from = new Date(t - (t % 3_600_000));
    return { key: `${day(from)}T${pad(from.getUTCHours())}`, from, to: new Date(from.getTime() + 3_600_000) };
  }
  const y = at.getUTCFullYear();
  const mo = at.getUTCMonth();
  const d = at.getUTCDate();
  const p = scheme === "DAILY_SALARY" ? "daily" : (period ?? "monthly");
  if (p === "daily") {
    const from = new Date(Date.UTC(y, mo, d));
    return { key: day(from), from, to: new Date(Date.UTC(y, mo, d + 1)) };
  }
  if (p === "weekly") {
    const dow = (at.getUTCDay() + 6) % 7; // Monday first
    const from = new Date(Date.UTC(y, mo, d - dow));
    return { key: `W${day(from)}`, from, to: new Date(Date.UTC(y, mo, d - dow + 7)) };
  }
  if (p === "semimonthly") {
    const first = d <= 15;
    const from = new Date(Date.UTC(y, mo, first ? 1 : 16));
    return { key: `${y}-${pad(mo + 1)}-${first ? "H1" : "H2"}`, from, to: first ? new Date(Date.UTC(y, mo, 16)) : new Date(Date.UTC(y, mo + 1, 1)) };
  }
  return { key: `${y}-${pad(mo + 1)}`, from: new Date(Date.UTC(y, mo, 1)), to: new Date(Date.UTC(y, mo + 1, 1)) };
}

/** The last period of the scheme that has ended by `now`. */
export function lastEnded(scheme: Scheme, period: DividendPeriod | null, now: Date): PeriodSpan {
  const current = periodAt(scheme, period, now);
  return periodAt(scheme, period, new Date(current.from.getTime() - 1));
}

/** The span of a period key, or null when the key is not one of the scheme's. */
export function periodOfKey(scheme: Scheme, period: DividendPeriod | null, key: string): PeriodSpan | null {
  let at: Date | null = null;
  const m = /^W?(\d{4})-(\d{2})(?:-(\d{2}|H1|H2))?(?:T(\d{2})(?::(\d{2}))?)?$/.exec(key);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m;
  const dayNum = d === "H1" ? 1 : d === "H2" ? 16 : d ? Number(d) : 1;
  at = new Date(Date.UTC(Number(y), Number(mo) - 1, dayNum, Number(h ?? 0), Number(mi ?? 0)));
  if (Number.isNaN(at.getTime())) return null;
  const span = periodAt(scheme, period, at);
  return span.key === key ? span : null;
}
