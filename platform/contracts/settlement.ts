import { and, asc, desc, eq, inArray, isNotNull, lt, or, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { merchants } from "../system/schema.js";
import { ensureAccount, postTransfer, withLedgerTx } from "../ledger/service.js";
import { agentContractPayments, agentContracts } from "./schema.js";
import { fromStored } from "./service.js";
import { lastEnded, periodAt, periodOfKey, settle, type DividendPeriod, type Figures, type PeriodSpan, type Scheme } from "./maths.js";

type Contract = typeof agentContracts.$inferSelect;

function rowsOf<T>(r: unknown): T[] {
  return (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * A member's team figures over [from, to): the member and everyone below them, read from the
 * ledger itself (bets, wins and refunds on the members' wallets).
 */
export type FiguresSource = (db: Database, memberId: number, from: Date, to: Date) => Promise<Figures>;

export const ledgerTeamFigures: FiguresSource = async (db, memberId, from, to) => {
  const [row] = rowsOf<{ bets: string; wins: string; refunds: string; active: number }>(
    await db.execute(sql`
      with recursive team(id) as (
        select ${memberId}::int
        union
        select m.id from members m join team t on m.upline_id = t.id
      ),
      moves as (
        select a.member_id, t.kind, t.amount
        from ledger_transfers t
        join ledger_accounts a on a.kind = 'member' and (a.id = t.debit_account_id or a.id = t.credit_account_id)
        where a.member_id in (select id from team)
          and t.kind in ('bet', 'win', 'rollback')
          and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
      )
      select coalesce(sum(amount) filter (where kind = 'bet'), 0)::text as bets,
        coalesce(sum(amount) filter (where kind = 'win'), 0)::text as wins,
        coalesce(sum(amount) filter (where kind = 'rollback'), 0)::text as refunds,
        count(distinct member_id) filter (where kind = 'bet')::int as active
      from moves`),
  );
  const bets = BigInt(row?.bets ?? "0");
  const wins = BigInt(row?.wins ?? "0");
  const refunds = BigInt(row?.refunds ?? "0");
  return { betAmount: bets, validBet: bets - refunds, profitLoss: bets - refunds - wins, activeMembers: Number(row?.active ?? 0) };
};

export const LEDGER_KIND: Record<Scheme, string> = { DAILY_SALARY: "salary", HOURLY_SALARY: "salary", REALTIME_SALARY: "salary", DIVIDEND: "dividend" };

export interface SettleOptions {
  figures?: FiguresSource;
  /** Test hook: called after each contract's payment committed (a crash test throws here). */
  afterContract?: (contractId: number) => void | Promise<void>;
}

/**
 * Pays one contract for one period, exactly once: the payment row (keyed by contract and
 * period) and the ledger movement (keyed the same) commit together or not at all. A repeat, a
 * concurrent twin or a run after a crash finds the row and pays nothing. Returns true when
 * this call wrote the row.
 */
export async function settleContract(db: Database, contract: Contract, span: PeriodSpan, currency: string, figures: FiguresSource = ledgerTeamFigures): Promise<boolean> {
  const [done] = await db
    .select({ id: agentContractPayments.id })
    .from(agentContractPayments)
    .where(and(eq(agentContractPayments.contractId, contract.id), eq(agentContractPayments.periodKey, span.key)))
    .limit(1);
  if (done) return false;
  const scheme = contract.scheme as Scheme;
  const f = await figures(db, contract.downlineId, span.from, span.to);
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
  for (const c of contracts) {
    const spans = periodsFor((c.period as DividendPeriod | null) ?? null).filter((s) => inForce(c, s));
    if (!spans.length) continue;
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
  }
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
