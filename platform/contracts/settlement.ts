import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { merchants } from "../system/schema.js";
import { ensureAccount, postTransfer, withLedgerTx } from "../ledger/service.js";
import { formatAmount } from "../ledger/money.js";
import { postMessage } from "../messages/service.js";
import { agentContractPayments, agentContracts } from "./schema.js";
import { fromStored } from "./service.js";
import { teamFigures } from "../agents/team.js";
import { lastEnded, periodAt, periodOfKey, settle, type DividendPeriod, type Figures, type PeriodSpan, type Scheme } from "./maths.js";

type Contract = typeof agentContracts.$inferSelect;

/** A downline's team figures over [from, to), as the contract's tiers read them. */
export type FiguresSource = (db: Database, who: { merchantCode: string; memberId: number }, from: Date, to: Date) => Promise<Figures>;

/**
 * The team figures of the agent centre (ADR 011, `teamFigures`: the downline's team below it,
 * from the ledger, rounds and tickets), turned the way the tiers read them: valid bet, gross bet,
 * active members, and profit and loss as the house's result (positive when the team lost).
 */
export const agentTeamFigures: FiguresSource = async (db, who, from, to) => {
  const f = await teamFigures(db, { merchantCode: who.merchantCode, agentId: who.memberId, from, to });
  return { validBet: f.validBet, betAmount: f.betAmount, activeMembers: f.activeMembers, profitLoss: -f.profitLoss };
};

export const LEDGER_KIND: Record<Scheme, string> = { DAILY_SALARY: "salary", HOURLY_SALARY: "salary", REALTIME_SALARY: "salary", DIVIDEND: "dividend" };

export interface SettleOptions {
  figures?: FiguresSource;
  /** Test hook: called after each contract's payment committed (a crash test throws here). */
  afterContract?: (contractId: number) => void | Promise<void>;
  /**
   * Contracts settled at once (default 1). Each contract is its own keyed unit (its periods stay
   * in order, for the dividend's carried loss), so several may run side by side on PostgreSQL's
   * pool; PGlite has one connection, where more than 1 only interleaves.
   */
  concurrency?: number;
}

/** Contracts settled at once by the jobs on PostgreSQL: a few of the pool's 10 connections, the rest left to requests. */
export const SETTLEMENT_CONCURRENCY = 3;

/**
 * Runs `work` over `items` with at most `concurrency` at once. After the first failure no new
 * item starts; the ones in flight finish (each is exactly-once on its own), then the failure is thrown.
 */
async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * Pays one contract for one period, exactly once: the payment row (keyed by contract and
 * period) and the ledger movement (keyed the same) commit together or not at all. A repeat, a
 * concurrent twin or a run after a crash finds the row and pays nothing. Returns true when
 * this call wrote the row.
 */
export async function settleContract(db: Database, contract: Contract, span: PeriodSpan, currency: string, figures: FiguresSource = agentTeamFigures): Promise<boolean> {
  const [done] = await db
    .select({ id: agentContractPayments.id })
    .from(agentContractPayments)
    .where(and(eq(agentContractPayments.contractId, contract.id), eq(agentContractPayments.periodKey, span.key)))
    .limit(1);
  if (done) return false;
  const scheme = contract.scheme as Scheme;
  const f = await figures(db, { merchantCode: contract.merchantCode, memberId: contract.downlineId }, span.from, span.to);
  // Dividends carry the loss of the latest earlier period forward.
  let carryIn = 0n;
  if (scheme === "DIVIDEND") {
    const [prev] = await db
      .select({ carryOut: agentContractPayments.carryOut })
      .from(agentContractPayments)
      .where(and(eq(agentContractPayments.contractId, contract.id), lt(agentContractPayments.periodFrom, span.from)))
      .orderBy(desc(agentContractPayments.periodFrom))
      .limit(1);
    carryIn = prev?.carryOut ?? 0n;
  }
  const pay = settle(scheme, contract.tiers.map(fromStored), f, carryIn);
  const member = { merchantCode: contract.merchantCode, currency, memberId: contract.downlineId };
  const [from, to] = pay.amount > 0n ? await Promise.all([ensureAccount(db, { ...member, kind: "commission" }), ensureAccount(db, { ...member, kind: "member" })]) : [0, 0];
  return withLedgerTx(db, async (tx) => {
    const [row] = await tx
      .insert(agentContractPayments)
      .values({
        contractId: contract.id,
        merchantCode: contract.merchantCode,
        memberId: contract.downlineId,
        scheme,
        periodKey: span.key,
        periodFrom: span.from,
        periodTo: span.to,
        validBet: f.validBet,
        profitLoss: f.profitLoss,
        activeMembers: f.activeMembers,
        betAmount: f.betAmount,
        tier: pay.tier,
        rate: pay.rate,
        base: pay.base,
        amount: pay.amount,
        carryIn,
        carryOut: pay.carryOut,
      })
      .onConflictDoNothing()
      .returning({ id: agentContractPayments.id });
    if (!row) return false;
    if (pay.amount > 0n) {
      const posted = await postTransfer(tx, {
        merchantCode: contract.merchantCode,
        currency,
        debitAccountId: from,
        creditAccountId: to,
        amount: pay.amount,
        kind: LEDGER_KIND[scheme],
        key: `contract:${contract.id}:${span.key}`,
        reference: `contract:${contract.id}:${span.key}`,
        category: scheme,
      });
      await tx.update(agentContractPayments).set({ transferId: posted.id }).where(eq(agentContractPayments.id, row.id));
      // The agent is told in the message centre, in the same transaction as the money.
      await postMessage(tx, {
        memberId: contract.downlineId,
        kind: "contract_paid",
        params: { scheme, period: span.key, amount: formatAmount(pay.amount, currency), currency, reference: `contract:${contract.id}:${span.key}` },
        dedupeKey: `contract:${contract.id}:${span.key}`,
      });
    }
    return true;
  });
}

/** How many past periods a run looks back for ones it missed (a node down for a while). */
const LOOK_BACK: Record<Scheme, number> = { REALTIME_SALARY: 12, HOURLY_SALARY: 6, DAILY_SALARY: 3, DIVIDEND: 2 };

/** Contracts of a scheme in force at some time in [from, to). */
async function contractsInForce(db: Database, scheme: Scheme, from: Date, to: Date, merchantCode?: string) {
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.scheme, scheme),
        merchantCode ? eq(agentContracts.merchantCode, merchantCode) : undefined,
        inArray(agentContracts.status, ["ACTIVE", "TERMINATED", "ENDED"]),
        isNotNull(agentContracts.acceptedAt),
        lt(agentContracts.acceptedAt, to),
        or(isNull(agentContracts.endedAt), gt(agentContracts.endedAt, from)),
      ),
    )
    .orderBy(asc(agentContracts.id));
}

const inForce = (c: Contract, span: PeriodSpan) => !!c.acceptedAt && c.acceptedAt < span.to && (!c.endedAt || c.endedAt > span.from);

async function currencies(db: Database) {
  return new Map((await db.select({ code: merchants.code, currency: merchants.currency }).from(merchants)).map((m) => [m.code, m.currency]));
}

/**
 * The job of a scheme: every contract in force pays each ended period it has not been paid for
 * (the last few, oldest first, so a dividend's carried loss is there before the next period).
 * Daily wages are paid the next day, dividends after their period. Returns the payments made.
 */
export async function runSettlement(db: Database, scheme: Scheme, now: Date, options: SettleOptions = {}): Promise<number> {
  const cur = await currencies(db);
  const periodsFor = (period: DividendPeriod | null) => {
    const spans: PeriodSpan[] = [];
    let span = lastEnded(scheme, period, now);
    for (let i = 0; i < LOOK_BACK[scheme]; i++) {
      spans.unshift(span);
      span = periodAt(scheme, period, new Date(span.from.getTime() - 1));
    }
    return spans;
  };
  const oldest = periodsFor("monthly")[0]!.from;
  const contracts = await contractsInForce(db, scheme, oldest, now);
  let paid = 0;
  await eachLimited(contracts, options.concurrency ?? 1, async (c) => {
    const spans = periodsFor((c.period as DividendPeriod | null) ?? null).filter((s) => inForce(c, s));
    if (!spans.length) return;
    const done = new Set(
      (
        await db
          .select({ key: agentContractPayments.periodKey })
          .from(agentContractPayments)
          .where(and(eq(agentContractPayments.contractId, c.id), inArray(agentContractPayments.periodKey, spans.map((s) => s.key))))
      ).map((r) => r.key),
    );
    for (const span of spans) {
      if (done.has(span.key)) continue;
      if (await settleContract(db, c, span, cur.get(c.merchantCode) ?? "USD", options.figures)) paid++;
    }
    await options.afterContract?.(c.id);
  });
  return paid;
}

/**
 * Sandbox: settles one period of a scheme now, by its key, for every contract of the merchant
 * in force in it, ended or not (testers need not wait for the clock). Still keyed: the period
 * is never paid twice, not even when the clock's own run comes later.
 */
export async function runPeriodNow(db: Database, merchantCode: string, scheme: Scheme, key: string | null, now: Date, options: SettleOptions = {}) {
  const cur = await currencies(db);
  const currency = cur.get(merchantCode);
  if (!currency) return null;
  const contracts = await contractsInForce(db, scheme, new Date(0), new Date("9999-12-31T00:00:00Z"), merchantCode);
  const results: { contractId: number; periodKey: string; paid: boolean }[] = [];
  for (const c of contracts) {
    const period = (c.period as DividendPeriod | null) ?? null;
    const span = key ? periodOfKey(scheme, period, key) : periodAt(scheme, period, now);
    if (!span || !inForce(c, span)) continue;
    results.push({ contractId: c.id, periodKey: span.key, paid: await settleContract(db, c, span, currency, options.figures) });
    await options.afterContract?.(c.id);
  }
  return results;
}
