import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { merchants } from "../system/schema.js";
import { games, winners } from "../games/schema.js";
import { formatAmount, parseAmount } from "../ledger/money.js";
import {
  ensureAccount,
  exchangeStatement,
  exchangeStatementShape,
  InsufficientFunds,
  type Gate,
  MAX_ATTEMPTS,
  movementCtes,
  payloadHash,
  postTransfer,
  RETRYABLE_STATES,
  sqlState,
  withLedgerTx,
  type Executor,
  type PostedTransfer,
  type PostInput,
  type Tx,
} from "../ledger/service.js";
import { Batches, batchesOf, isTransaction, sendBatch, type Queued } from "../db/batches.js";
import { ledgerAccounts } from "../ledger/schema.js";
import { executePrepared, preparedStatement, rowsOf } from "../db/client.js";
import { HOUSE_VENDOR } from "../wallet/service.js";
import { maskAccount } from "../games/demo-catalogue.js";
import { ActionRejected, BetRejected, betsFromJson, betsToJson, toJsonValue, type Bet, type JsonBet, type JsonValue } from "../house/bets.js";
import { createRng, hashSeed, isClientSeed, newSeedPair, rotateSeedPair, type RoundSeeds } from "../house/fair.js";
import { HOUSE_GAMES, houseCatalogue, isHouseGameCode, type HouseGameCode } from "../house/games/index.js";
import { playInstantRound, replayRound, sessionRecord, verifyRound, type RoundRecord } from "../house/rounds.js";
import { fairSeeds, houseRounds } from "./schema.js";

/**
 * In-house rounds (ARCHITECTURE.md, In-house vendor): the member's provably fair seeds, each round's
 * bets and outcome kept for recall, and the money moved through the ledger's postings (stake
 * member → house, payout house → member) in the same database transaction as the nonce and the
 * round record (a new round: one statement), so a round is there whole or not at all (ADR 023).
 * The same requestKey returns the same round; a concurrent twin finds the nonce it read taken,
 * reads again and finds the round.
 */

type Member = typeof members.$inferSelect;
type Round = typeof houseRounds.$inferSelect;

/** Wins of at least this many minor units (with a profit) go on the winners board. */
export const WINNER_BOARD_MIN = 10_000n;

function requireReal(member: Member) {
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
}

// ---------------------------------------------------------------- seeds

async function activeSeed(db: Database, memberId: number) {
  const [row] = await db.select().from(fairSeeds).where(and(eq(fairSeeds.memberId, memberId), eq(fairSeeds.active, true))).limit(1);
  if (row) return row;
  await db.insert(fairSeeds).values(newSeedRow(memberId)).onConflictDoNothing();
  const [made] = await db.select().from(fairSeeds).where(and(eq(fairSeeds.memberId, memberId), eq(fairSeeds.active, true))).limit(1);
  return made!;
}

/** What the member sees before play: the hashes of the current and next server seeds, the client seed, the next nonce. */
export async function seedInfo(db: Database, member: Member) {
  const s = await activeSeed(db, member.id);
  return { serverSeedHash: s.serverSeedHash, nextServerSeedHash: s.nextServerSeedHash, clientSeed: s.clientSeed, nonce: s.nonce };
}

/**
 * Rotates the pair (optionally with a new client seed): the old server seed is revealed, the
 * committed next seed takes its place. Rounds still open keep the seed they started with.
 */
export async function rotateSeeds(db: Database, member: Member, clientSeed?: string) {
  if (clientSeed !== undefined && !isClientSeed(clientSeed)) {
    throw new DomainError("INVALID_CLIENT_SEED", "A client seed is 1-64 printable characters without spaces", 400, { field: "clientSeed" });
  }
  await activeSeed(db, member.id);
  // The kept claim names the seed pair being retired: its write would find it inactive and read.
  keptClaims.get(db)?.delete(member.id);
  const revealed = await db.transaction(async (tx) => {
    const [cur] = await tx.select().from(fairSeeds).where(and(eq(fairSeeds.memberId, member.id), eq(fairSeeds.active, true))).for("update");
    if (!cur) throw new DomainError("SEED_BUSY", "Try again", 409);
    const { revealed: r, pair } = rotateSeedPair(
      { serverSeed: cur.serverSeed, serverSeedHash: cur.serverSeedHash, nextServerSeed: cur.nextServerSeed, nextServerSeedHash: cur.nextServerSeedHash, clientSeed: cur.clientSeed, nonce: cur.nonce },
      clientSeed ?? cur.clientSeed,
    );
    await tx.update(fairSeeds).set({ active: false, revealedAt: new Date() }).where(eq(fairSeeds.id, cur.id));
    await tx.insert(fairSeeds).values({
      memberId: member.id,
      serverSeed: pair.serverSeed,
      serverSeedHash: pair.serverSeedHash,
      nextServerSeed: pair.nextServerSeed,
      nextServerSeedHash: pair.nextServerSeedHash,
      clientSeed: pair.clientSeed,
    });
    return r;
  });
  return { revealed, active: await seedInfo(db, member) };
}

/** Seeds the member retired, with their server seeds now public. */
export async function revealedSeeds(db: Database, member: Member, limit = 20) {
  const rows = await db
    .select()
    .from(fairSeeds)
    .where(and(eq(fairSeeds.memberId, member.id), eq(fairSeeds.active, false)))
    .orderBy(desc(fairSeeds.id))
    .limit(limit);
  return rows.map((r) => ({ serverSeed: r.serverSeed, serverSeedHash: r.serverSeedHash, clientSeed: r.clientSeed, roundsPlayed: r.nonce, revealedAt: r.revealedAt?.toISOString() ?? null }));
}

// ---------------------------------------------------------------- money: one transaction per round

/**
 * What a round needs of its merchant: the currency and whether the member plays from the main
 * wallet (single wallet) or a HOUSE wallet. Kept per database and merchant, and checked against
 * the merchant's row inside the round's first statement, so a change made by the operator (on
 * any node) is never used stale: the round is run again with the new row.
 */
interface MerchantTerms {
  currency: string;
  single: boolean;
}
const termsCache = new WeakMap<object, Map<string, MerchantTerms>>();

async function merchantTerms(db: Database, code: string): Promise<MerchantTerms> {
  let cache = termsCache.get(db);
  if (!cache) termsCache.set(db, (cache = new Map()));
  const hit = cache.get(code);
  if (hit) return hit;
  const [m] = await db.select({ currency: merchants.currency, single: merchants.isSingleWallet }).from(merchants).where(eq(merchants.code, code)).limit(1);
  if (!m) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
  cache.set(code, m);
  return m;
}

/** The merchant's row changed since it was kept: the round's transaction is rolled back and run again. */
class StaleMerchant extends Error {}

/** The two ledger accounts of a member's rounds (ids are cached by the ledger once they exist). */
interface RoundAccounts {
  merchantCode: string;
  currency: string;
  member: number;
  house: number;
}

async function roundAccounts(db: Database, member: Member, terms: MerchantTerms): Promise<RoundAccounts> {
  const base = { merchantCode: member.merchantCode, currency: terms.currency, memberId: member.id };
  const [memberAccount, house] = await Promise.all([
    ensureAccount(db, { ...base, kind: "member", wallet: terms.single ? "MAIN" : HOUSE_VENDOR }),
    ensureAccount(db, { ...base, kind: "house" }),
  ]);
  return { merchantCode: member.merchantCode, currency: terms.currency, member: memberAccount, house };
}

/**
 * A round's stake (member → house) or payout (house → member) as a ledger movement. The keys and
 * references are the ones the vendor wallet gave these movements (vendor HOUSE, transaction ids
 * `house:<round>:stake|act<n>|win`), so a round left open by an earlier version is finished
 * without moving its stake twice.
 */
function roundMove(acc: RoundAccounts, roundId: number, category: string, move: "stake" | `act${number}` | "win", amount: bigint): PostInput {
  const payout = move === "win";
  return {
    merchantCode: acc.merchantCode,
    currency: acc.currency,
    debitAccountId: payout ? acc.house : acc.member,
    creditAccountId: payout ? acc.member : acc.house,
    amount,
    kind: payout ? "win" : "bet",
    key: `wallet:${HOUSE_VENDOR}:house:${roundId}:${move}`,
    reference: `R${roundId}`,
    category,
  };
}

/** A move of a round already written, through the ledger's one-statement posting. */
function postRoundMove(tx: Tx, acc: RoundAccounts, roundId: number, category: string, move: "stake" | `act${number}` | "win", amount: bigint): Promise<PostedTransfer> {
  return postTransfer(tx, roundMove(acc, roundId, category, move, amount));
}

const insufficient = (e: InsufficientFunds, currency: string, field: string) =>
  new DomainError("INSUFFICIENT_FUNDS", "Insufficient balance", 400, { field, balance: formatAmount(e.balance, currency) });

interface Claim {
  existingId: number | null;
  inPlayId: number | null;
  currency: string | null;
  single: boolean | null;
  seed: { id: number; nonce: number; serverSeed: string; serverSeedHash: string; clientSeed: string } | null;
  roundId: number | null;
}

/**
 * The round's first statement, a read: the round already made under this requestKey, else (for a
 * stateful game) the member's round in play, else the member's active seed pair with its next
 * nonce and an id for the new round, and the merchant's row to check the kept terms against.
 * Nothing is taken here: the round's write takes the nonce only if it is still the one read
 * (`insertRound`), so a concurrent round of the same member, a twin of this request or a seed
 * rotation in between make this one read again.
 */
async function readRound(db: Executor, member: Member, game: HouseGameCode, requestKey: string, session: boolean): Promise<Claim> {
  const [row] = rowsOf<{
    existing_id: string | null;
    in_play_id: string | null;
    currency: string | null;
    is_single_wallet: boolean | null;
    seed_id: number | null;
    nonce: number | null;
    server_seed: string | null;
    server_seed_hash: string | null;
    client_seed: string | null;
    round_id: string | null;
  }>(
    await executePrepared(
      db,
      sql`
      with existing as (
        select id from house_rounds where member_id = ${member.id}::int and request_key = ${requestKey}::text
      ),
      in_play as (
        select id from house_rounds
        where ${session}::boolean and member_id = ${member.id}::int and game_code = ${game}::text and status = 'OPEN'
        limit 1
      ),
      seed as (
        select id, nonce, server_seed, server_seed_hash, client_seed from fair_seeds
        where member_id = ${member.id}::int and active and not exists (select 1 from existing) and not exists (select 1 from in_play)
      )
      select (select id::text from existing) as existing_id, (select id::text from in_play) as in_play_id,
        m.currency, m.is_single_wallet, t.id as seed_id, t.nonce, t.server_seed, t.server_seed_hash, t.client_seed,
        case when t.id is null then null else nextval(pg_get_serial_sequence('house_rounds', 'id'))::text end as round_id
      from (select 1) as one left join seed t on true left join merchants m on m.code = ${member.merchantCode}::text`,
    ),
  );
  if (!row) throw new Error("readRound returned no row");
  const id = (v: string | null) => (v === null ? null : Number(v));
  return {
    existingId: id(row.existing_id),
    inPlayId: id(row.in_play_id),
    currency: row.currency,
    single: row.is_single_wallet,
    seed:
      row.seed_id === null
        ? null
        : { id: row.seed_id, nonce: Number(row.nonce), serverSeed: row.server_seed!, serverSeedHash: row.server_seed_hash!, clientSeed: row.client_seed! },
    roundId: id(row.round_id),
  };
}

const epochMs = (column: string) => sql.raw(`(extract(epoch from date_trunc('milliseconds', ${column})) * 1000)::bigint::text`);

/**
/** A value of the round's write, bound by name. */
const ph = (name: string) => sql.placeholder(name);

/**
 * The round's own conditions, before any money moves: no other round of a stateful game in play,
 * the stake allowed, the nonce still the one read with the seed pair active and its server and
 * client seeds the ones drawn from, and the merchant's terms the ones used (the seed row is locked from here to
 * the statement's end: a concurrent round waits, then finds the nonce moved).
 */
const roundGate: Gate = {
  ctes: sql`open as (
        select id from house_rounds
        where ${ph("session")}::boolean and member_id = ${ph("member")}::int and game_code = ${ph("game")}::text and status = 'OPEN'
        limit 1
      ),
      taken as (
        update fair_seeds set nonce = nonce + 1
        where id = ${ph("seed")}::int and active and nonce = ${ph("nonce")}::int and server_seed_hash = ${ph("seed_hash")}::text and client_seed = ${ph("client_seed")}::text
          and exists (select 1 from allowed) and not exists (select 1 from open)
          and exists (select 1 from merchants where code = ${ph("merchant")}::text and currency = ${ph("currency")}::text and is_single_wallet = ${ph("single")}::boolean)
        returning id
      )`,
  holds: sql`exists (select 1 from taken)`,
};

/**
 * The round's write: with a payout, or without (a loss, or a round in play). Prepared, its text
 * built once: planning it on every round cost PostgreSQL 0.4-1.4 ms of parse and bind, and
 * building its text cost Node 50-100 µs.
 */
const roundStatements = [false, true].map((payout) =>
  preparedStatement(() => {
    const posting = exchangeStatementShape(payout, roundGate);
    return sql`
      with ${posting.ctes},
      made as (
        insert into house_rounds (id, member_id, merchant_code, game_code, category, currency, seed_id, nonce, client_seed, request_key,
          bets, state, outcome, status, stake, win, balance_before, balance_after, settled_at)
        overriding system value
        select ${ph("round")}::bigint, ${ph("member")}::int, ${ph("merchant")}::text, ${ph("game")}::text, ${ph("category")}::text, ${ph("currency")}::text,
          ${ph("seed")}::int, ${ph("nonce")}::int, ${ph("client_seed")}::text, ${ph("request_key")}::text, ${ph("bets")}::jsonb, ${ph("state")}::jsonb,
          ${ph("outcome")}::jsonb, ${ph("status")}::text, ${ph("stake")}::bigint, ${ph("win")}::bigint,
          m.balance + ${ph("stake")}::bigint - ${ph("win")}::bigint, case when ${ph("settled")}::boolean then m.balance end,
          case when ${ph("settled")}::boolean then now() end
        from moved m
        where m.id = ${ph("member_account")}::bigint
        returning created_at, settled_at, balance_before, balance_after
      ),
      board as (
        insert into winners (merchant_code, account, node_id, win_amount, currency)
        select ${ph("merchant")}::text, ${ph("masked")}::text, g.node_id, ${ph("win")}::bigint, ${ph("currency")}::text
        from games g where ${ph("big")}::boolean and g.game_code = ${ph("game")}::text and exists (select 1 from made)
        limit 1
      )
      select ${epochMs("m.created_at")} as created_ms, ${epochMs("m.settled_at")} as settled_ms,
        m.balance_before::text as balance_before, m.balance_after::text as balance_after, ${posting.columns},
        case when m.created_at is not null then nextval(pg_get_serial_sequence('house_rounds', 'id'))::text end as next_round_id
      from (select 1) as one left join made m on true ${posting.joins}`;
  }),
);

type NewRound = Omit<Round, "createdAt" | "settledAt" | "actions" | "balanceBefore" | "balanceAfter">;
type Written = { round: Round; nextRoundId: number } | null;
interface RoundWrite {
  member: Member;
  acc: RoundAccounts;
  r: NewRound;
  checks: { terms: MerchantTerms; seedHash: string };
}

/**
 * Writes a new round (`insertRoundAlone`). A settled round of an instant game goes through the
 * database's round batches (ADR 038): rounds of different members written at the same moment
 * share one statement, each written as it would be alone; a round the batch leaves out (its
 * stake refused, its nonce moved, its terms changed, a key used) or a batch that fails is written
 * alone, which answers as before. In a transaction (a request's), the round is written there alone.
 */
async function insertRound(db: Database, member: Member, acc: RoundAccounts, r: NewRound, session: boolean, checks: RoundWrite["checks"]): Promise<Written> {
  if (session || r.status !== "SETTLED" || isTransaction(db)) return insertRoundAlone(db, member, acc, r, session, checks);
  const b = batchesOf(roundBatches, db, () => {
    const made: Batches<RoundWrite, Written> = new Batches((batch) => writeRounds(db, batch, made), "house rounds");
    return made;
  });
  return b.add({ member, acc, r, checks }, [`account:${acc.member}`, `seed:${r.seedId}`, `member:${r.memberId}`]);
}

const roundBatches = new WeakMap<object, Batches<RoundWrite, Written>>();

/** Round batch statements run on `db` and the rounds they carried. */
export function roundBatchCounts(db: Database): { statements: number; rounds: number; leftOut: number; failed: number } {
  const b = roundBatches.get(db);
  return { statements: b?.statements ?? 0, rounds: b?.batched ?? 0, leftOut: b?.leftOut ?? 0, failed: b?.failed ?? 0 };
}

function writeAlone(db: Database, q: Queued<RoundWrite, Written>): Promise<void> {
  const { member, acc, r, checks } = q.item;
  return insertRoundAlone(db, member, acc, r, false, checks).then(q.resolve, q.reject);
}

interface RoundBatchRow {
  ord: number;
  made_id: string | null;
  created_ms: string;
  settled_ms: string;
  balance_before: string;
  balance_after: string;
  next_round_id: string;
}

function writeRounds(db: Database, batch: Queued<RoundWrite, Written>[], b: Batches<RoundWrite, Written>): Promise<void> {
  return sendBatch(b, batch, {
    alone: (q) => writeAlone(db, q),
    statement: async (writes) => rowsOf<RoundBatchRow>(await roundBatchStatement(db, roundBatchValues(writes))),
    answer: (row, w) =>
      row.made_id === null
        ? null
        : {
            round: {
              ...w.r,
              actions: [],
              balanceBefore: BigInt(row.balance_before),
              balanceAfter: BigInt(row.balance_after),
              createdAt: new Date(Number(row.created_ms)),
              settledAt: new Date(Number(row.settled_ms)),
            },
            nextRoundId: Number(row.next_round_id),
          },
  });
}

/** The round batch statement's values: one array per column, in the batch's order. */
function roundBatchValues(writes: RoundWrite[]): Record<string, unknown> {
  const column = (f: (w: RoundWrite) => unknown) => writes.map(f);
  const hash = (w: RoundWrite, move: "stake" | "win", amount: bigint) => payloadHash(roundMove(w.acc, w.r.id, w.r.category, move, amount));
  return {
    round: column((w) => w.r.id),
    member: column((w) => w.r.memberId),
    merchant: column((w) => w.r.merchantCode),
    game: column((w) => w.r.gameCode),
    category: column((w) => w.r.category),
    currency: column((w) => w.r.currency),
    seed: column((w) => w.r.seedId),
    nonce: column((w) => w.r.nonce),
    seed_hash: column((w) => w.checks.seedHash),
    client_seed: column((w) => w.r.clientSeed),
    request_key: column((w) => w.r.requestKey),
    bets: column((w) => JSON.stringify(w.r.bets)),
    outcome: column((w) => JSON.stringify(w.r.outcome)),
    stake: column((w) => w.r.stake.toString()),
    win: column((w) => w.r.win.toString()),
    // As text: the driver sends an array of booleans as one boolean.
    single: column((w) => String(w.checks.terms.single)),
    member_account: column((w) => w.acc.member),
    house_account: column((w) => w.acc.house),
    masked: column((w) => maskAccount(w.member.account)),
    big: column((w) => String(w.r.win >= WINNER_BOARD_MIN && w.r.win > w.r.stake)),
    stake_key: column((w) => roundMove(w.acc, w.r.id, w.r.category, "stake", w.r.stake).key),
    stake_hash: column((w) => hash(w, "stake", w.r.stake)),
    win_key: column((w) => roundMove(w.acc, w.r.id, w.r.category, "win", w.r.win).key),
    win_hash: column((w) => (w.r.win > 0n ? hash(w, "win", w.r.win) : null)),
  };
}

/**
 * Settled rounds of instant games, of different members, in one statement, each written as
 * `insertRoundAlone` writes it (ADR 038):
 * - `allowed`, the rounds whose stake the member's account can pay, whose keys (the ledger's, the
 *   requestKey) are new and whose merchant's terms are the ones used, as of the snapshot;
 * - `taken`, their nonces, each taken only if still the one drawn with, the seed pair active with
 *   the server seed's hash and the client seed drawn from (the seed row stays locked to the end);
 * - `mv`, the stake and the payout of each round whose nonce was taken, posted by the ledger's
 *   `movementCtes` (each account changed once; the rows in order with the balances they left);
 * - `made`, the rounds, with the balances the stake found and the payout left, and `board`,
 *   the winners board's rows;
 * - an id reserved for each member's next round.
 * A round left out writes nothing: the caller writes it alone, which says why.
 */
export const roundBatchStatementSql = (): SQL => sql`
      with r as (
        select * from unnest(${ph("round")}::bigint[], ${ph("member")}::int[], ${ph("merchant")}::text[], ${ph("game")}::text[],
          ${ph("category")}::text[], ${ph("currency")}::text[], ${ph("seed")}::int[], ${ph("nonce")}::int[], ${ph("seed_hash")}::text[],
          ${ph("client_seed")}::text[], ${ph("request_key")}::text[], ${ph("bets")}::jsonb[], ${ph("outcome")}::jsonb[], ${ph("stake")}::bigint[],
          ${ph("win")}::bigint[], ${ph("single")}::text[]::boolean[], ${ph("member_account")}::bigint[], ${ph("house_account")}::bigint[],
          ${ph("masked")}::text[], ${ph("big")}::text[]::boolean[], ${ph("stake_key")}::text[], ${ph("stake_hash")}::text[], ${ph("win_key")}::text[],
          ${ph("win_hash")}::text[])
          with ordinality as r(round_id, member_id, merchant_code, game_code, category, currency, seed_id, nonce, seed_hash, client_seed,
            request_key, bets, outcome, stake, win, single, member_account, house_account, masked, big, stake_key, stake_hash, win_key,
            win_hash, ord)
      ),
      allowed as (
        select r.* from r
        where (select d.kind not in ('member', 'hold') or d.balance >= r.stake from ledger_accounts d where d.id = r.member_account)
          and (select c.id from ledger_accounts c where c.id = r.house_account) is not null
          and (select t.id from ledger_transfers t where t.idempotency_key = r.stake_key) is null
          and (r.win = 0 or (select t.id from ledger_transfers t where t.idempotency_key = r.win_key) is null)
          and (select h.id from house_rounds h where h.member_id = r.member_id and h.request_key = r.request_key) is null
          and (select m.code from merchants m where m.code = r.merchant_code and m.currency = r.currency and m.is_single_wallet = r.single) is not null
      ),
      taken as (
        update fair_seeds s set nonce = s.nonce + 1
        where s.id = any(array(select seed_id from allowed)) and s.active
          and (select a.nonce = s.nonce and a.seed_hash = s.server_seed_hash and a.client_seed = s.client_seed from allowed a where a.seed_id = s.id)
        returning s.id
      ),
      go as (select a.* from allowed a where a.seed_id in (select id from taken)),
      mv as (
        select g.ord * 2 - 1 as ord, g.merchant_code, g.currency, g.member_account as debit, g.house_account as credit, g.stake as amount,
          'bet'::text as kind, g.stake_key as key, g.stake_hash as hash, 'R' || g.round_id as reference, g.category, null::bigint as reverses_id
        from go g
        union all
        select g.ord * 2, g.merchant_code, g.currency, g.house_account, g.member_account, g.win, 'win', g.win_key, g.win_hash, 'R' || g.round_id,
          g.category, null
        from go g where g.win > 0
      ),
      ${movementCtes},
      made as (
        insert into house_rounds (id, member_id, merchant_code, game_code, category, currency, seed_id, nonce, client_seed, request_key,
          bets, state, outcome, status, stake, win, balance_before, balance_after, settled_at)
        overriding system value
        select g.round_id, g.member_id, g.merchant_code, g.game_code, g.category, g.currency, g.seed_id, g.nonce, g.client_seed, g.request_key,
          g.bets, null, g.outcome, 'SETTLED', g.stake, g.win, u.balance + g.stake - g.win, u.balance, now()
        from go g join upd u on u.id = g.member_account
        order by g.ord
        returning id, created_at, settled_at, balance_before, balance_after
      ),
      board as (
        insert into winners (merchant_code, account, node_id, win_amount, currency)
        select g.merchant_code, g.masked, n.node_id, g.win, g.currency
        from go g cross join lateral (select node_id from games where game_code = g.game_code limit 1) n
        where g.big and g.round_id in (select id from made)
      )
      select r.ord::int as ord, m.id::text as made_id, ${epochMs("m.created_at")} as created_ms, ${epochMs("m.settled_at")} as settled_ms,
        m.balance_before::text as balance_before, m.balance_after::text as balance_after,
        case when m.id is not null then nextval(pg_get_serial_sequence('house_rounds', 'id'))::text end as next_round_id
      from r left join made m on m.id = r.round_id`;
const roundBatchStatement = preparedStatement(roundBatchStatementSql);

/**
 * Writes a new round in one statement with its money, a transaction of its own: the nonce taken,
 * if it is still the one the round was drawn with (`seed.nonce`, the seed pair still active, with
 * the server seed's hash and the client seed drawn from); the stake and (a settled win) the
 * payout posted by the ledger's exchange; the round settled or (a stateful game) open with its
 * state; and its winners-board row when the win is board-sized. The round's balances are the ones
 * the stake found and the payout left; it also reserves the id of the member's next round. A
 * refused stake takes no nonce and writes nothing (InsufficientFunds, checked first); a nonce that
 * moved, a seed pair changed, the merchant's terms changed, or another round of a stateful game in
 * play, writes nothing either (null: read again); a requestKey already used fails its unique key.
 */
async function insertRoundAlone(
  db: Executor,
  member: Member,
  acc: RoundAccounts,
  r: NewRound,
  session: boolean,
  checks: { terms: MerchantTerms; seedHash: string },
): Promise<Written> {
  const settled = r.status === "SETTLED";
  const big = settled && r.win >= WINNER_BOARD_MIN && r.win > r.stake;
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  const move = (kind: "stake" | "win", amount: bigint) => roundMove(acc, r.id, r.category, kind, amount);
  const payout = r.win > 0n;
  const posting = exchangeStatement({ out: move("stake", r.stake), back: payout ? move("win", r.win) : null }, roundGate);
  const [row] = rowsOf<{ created_ms: string | null; settled_ms: string | null; balance_before: string | null; balance_after: string | null; next_round_id: string | null }>(
    await roundStatements[payout ? 1 : 0]!(db, {
      ...posting.values,
      session,
      member: r.memberId,
      game: r.gameCode,
      seed: r.seedId,
      nonce: r.nonce,
      seed_hash: checks.seedHash,
      merchant: r.merchantCode,
      currency: r.currency,
      single: checks.terms.single,
      round: r.id,
      category: r.category,
      client_seed: r.clientSeed,
      request_key: r.requestKey,
      bets: json(r.bets),
      state: json(r.state),
      outcome: json(r.outcome),
      status: r.status,
      stake: r.stake.toString(),
      win: r.win.toString(),
      settled,
      member_account: acc.member,
      masked: maskAccount(member.account),
      big,
    }),
  );
  if (!row) throw new Error("the round's statement returned no row");
  if (!posting.read(row)) return null;
  if (!row.created_ms) throw new Error(`round ${r.id}: its money moved but it was not written`);
  const round = {
    ...r,
    actions: [],
    balanceBefore: BigInt(row.balance_before!),
    balanceAfter: row.balance_after === null ? null : BigInt(row.balance_after),
    createdAt: new Date(Number(row.created_ms)),
    settledAt: row.settled_ms === null ? null : new Date(Number(row.settled_ms)),
  };
  return { round, nextRoundId: Number(row.next_round_id) };
}

/**
 * The claim of a member's next round, kept from the write of their last one on this node: the
 * seed pair with the nonce that write left, and a round id that write reserved. A member's next
 * round starts from it without its read statement (ADR 036). Nothing in it is trusted: the write
 * takes the nonce only if the seed row is still active, with that nonce, that server seed's hash
 * and that client seed, and the merchant's terms are still the kept ones; a requestKey already
 * used fails the round's unique key; a refused stake is read before it is answered. When any of that fails, the write changes nothing and the round is read and
 * drawn again as before. A claim is used once (taken out of the map), so a concurrent round of the
 * same member reads. At most KEPT_CLAIMS members are kept per database, oldest dropped first.
 */
export const KEPT_CLAIMS = 10_000;
/**
 * A stale claim costs a write that changes nothing before the read: a member whose rounds go to
 * other nodes too (a balancer without affinity) would pay it on most rounds. Each claim counts
 * how many of the member's recent claims on this node were stale (`misses`); at CLAIM_MISSES the
 * round reads as before, and the read tells whether the claim would have held, which counts it
 * down again (a held one), or keeps it there.
 */
export const CLAIM_MISSES = 2;
type KeptClaim = Claim & { seed: NonNullable<Claim["seed"]>; misses: number };
const keptClaims = new WeakMap<object, Map<number, KeptClaim>>();

function takeKeptClaim(db: Database, memberId: number): KeptClaim | undefined {
  const kept = keptClaims.get(db);
  const claim = kept?.get(memberId);
  if (claim) kept!.delete(memberId);
  return claim;
}

function keepClaim(db: Database, memberId: number, claim: KeptClaim) {
  let kept = keptClaims.get(db);
  if (!kept) keptClaims.set(db, (kept = new Map()));
  kept.delete(memberId);
  kept.set(memberId, claim);
  if (kept.size > KEPT_CLAIMS) kept.delete(kept.keys().next().value!);
}

/** Whether a kept claim names what the read found: the same seed pair at the same nonce, the same terms, nothing made or in play. */
const claimHeld = (kept: KeptClaim, read: Claim) =>
  read.existingId === null && read.inPlayId === null && read.seed?.id === kept.seed.id && read.seed.nonce === kept.seed.nonce &&
  read.seed.serverSeedHash === kept.seed.serverSeedHash && read.seed.clientSeed === kept.seed.clientSeed && read.currency === kept.currency && read.single === kept.single;

// ---------------------------------------------------------------- rounds

export interface BetInput {
  kind: string;
  amount: string;
  [param: string]: unknown;
}

function parseBets(game: HouseGameCode, input: BetInput[], currency: string): Bet[] {
  const bets = input.map((b, i) => {
    const amount = parseAmount(String(b.amount ?? ""), currency);
    if (amount === null || amount <= 0n) throw new DomainError("INVALID_AMOUNT", "Please enter correct information", 400, { field: `bets.${i}.amount` });
    return { ...b, amount } as Bet;
  });
  if (!bets.length) throw new DomainError("NO_BETS", "Place a bet first", 400, { field: "bets" });
  const check = HOUSE_GAMES[game].engine.validateBets(bets as never);
  if (!check.ok) throw new DomainError(check.error.code, check.error.message, 400, { field: "bets", ...(check.error as unknown as Record<string, unknown>) });
  return bets;
}

// ---------------------------------------------------------------- amounts at the API edge

/**
 * Rounds are stored as the engines write them, amounts in minor units (the record is what
 * verification replays). The API shows every bet amount, payout and total as a decimal string of
 * the round's currency (ADR 004), converted here. Game states (`view`, `outcome.outcome`) are the
 * engines' own JSON and are passed through as they are.
 */
const decimal = (minor: JsonValue | undefined, currency: string): JsonValue =>
  typeof minor === "string" && /^-?\d+$/.test(minor) ? formatAmount(BigInt(minor), currency) : (minor ?? null);

const isObject = (v: unknown): v is { [key: string]: JsonValue } => typeof v === "object" && v !== null && !Array.isArray(v);

/** A stored bet (minor units) with a decimal amount. */
const betView = (bet: JsonValue | undefined, currency: string): JsonValue => (isObject(bet) ? { ...bet, amount: decimal(bet.amount, currency) } : (bet ?? null));

/** Stored bets (minor units) with decimal amounts. */
function betsView(bets: unknown, currency: string): JsonBet[] {
  return Array.isArray(bets) ? (bets.map((b: JsonValue) => betView(b, currency)) as JsonBet[]) : [];
}

/** A stored settlement (`settlementToJson`) with decimal stakes, payouts and totals. */
function settlementView(settlement: JsonValue | undefined, currency: string): JsonValue {
  if (!isObject(settlement)) return settlement ?? null;
  const results = Array.isArray(settlement.results)
    ? settlement.results.map((r) => (isObject(r) ? { ...r, bet: betView(r.bet, currency), payout: decimal(r.payout, currency) } : r))
    : (settlement.results ?? null);
  return { ...settlement, results, totalStake: decimal(settlement.totalStake, currency), totalPayout: decimal(settlement.totalPayout, currency) };
}

/** A stored round record with its bets, settlement and totals in decimals (null while the round is open). */
function recordView(record: unknown, currency: string) {
  if (!isObject(record)) return null;
  const r = record as unknown as RoundRecord;
  return {
    ...r,
    bets: betsView(r.bets, currency),
    settlement: settlementView(r.settlement, currency),
    totalStake: decimal(r.totalStake, currency) as string,
    totalPayout: decimal(r.totalPayout, currency) as string,
  };
}

/** A round as the member sees it (the dealer's hole card stays hidden until the end); amounts in decimals. */
export function roundView(r: Round, seedHash?: string) {
  const entry = isHouseGameCode(r.gameCode) ? HOUSE_GAMES[r.gameCode] : undefined;
  let view: unknown = null;
  let legalActions: string[] = [];
  if (r.status === "OPEN" && entry?.type === "session" && r.state) {
    const state = entry.engine.fromJSON(r.state as JsonValue);
    view = toJsonValue(entry.engine.publicView(state));
    legalActions = entry.engine.legalActions(state);
  }
  return {
    id: r.id,
    game: r.gameCode,
    gameName: entry?.name ?? r.gameCode,
    category: r.category,
    currency: r.currency,
    status: r.status,
    bets: betsView(r.bets, r.currency),
    actions: r.actions,
    outcome: recordView(r.outcome, r.currency),
    view,
    legalActions,
    stake: formatAmount(r.stake, r.currency),
    win: formatAmount(r.win, r.currency),
    balanceBefore: formatAmount(r.balanceBefore, r.currency),
    balanceAfter: r.balanceAfter === null ? null : formatAmount(r.balanceAfter, r.currency),
    nonce: r.nonce,
    clientSeed: r.clientSeed,
    serverSeedHash: seedHash ?? null,
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
  };
}

async function seedOf(db: Database, seedId: number) {
  const [s] = await db.select().from(fairSeeds).where(eq(fairSeeds.id, seedId)).limit(1);
  if (!s) throw new Error(`seed ${seedId} missing`);
  return s;
}

const seedsOf = (seed: { serverSeed: string }, r: Round): RoundSeeds => ({ serverSeed: seed.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce });

/** Big wins on the winners board, from real rounds. */
export async function recordBigWin(db: Executor, w: { merchantCode: string; account: string; gameCode: string; stake: bigint; win: bigint; currency: string }) {
  if (w.win < WINNER_BOARD_MIN || w.win <= w.stake) return;
  const [g] = await db.select({ nodeId: games.nodeId }).from(games).where(eq(games.gameCode, w.gameCode)).limit(1);
  if (!g) return;
  await db.insert(winners).values({ merchantCode: w.merchantCode, account: maskAccount(w.account), nodeId: g.nodeId, winAmount: w.win, currency: w.currency });
}

/** Rounds that a retry of their request gets back as they are. */
const keptAsIs = (r: Round) => r.status === "SETTLED" || r.actions.length > 0 || (r.state !== null && HOUSE_GAMES[r.gameCode as HouseGameCode]?.type === "session");

/** A round with its seed (server seed for play, its hash for the view). */
async function roundWithSeed(ex: Executor, where: SQL | undefined) {
  const [row] = await ex
    .select({ round: houseRounds, serverSeed: fairSeeds.serverSeed, seedHash: fairSeeds.serverSeedHash })
    .from(houseRounds)
    .innerJoin(fairSeeds, eq(fairSeeds.id, houseRounds.seedId))
    .where(where)
    .limit(1);
  return row;
}

interface RoundChanges {
  state: unknown;
  actions: string[];
  extraStake: bigint;
  /** Set when the round ends. */
  record: RoundRecord | null;
  /** The stake posted in this transaction (its balance after is the member's now). */
  staked: PostedTransfer | null;
}

/**
 * Saves a move of a round in play, or ends it: the payout posted (nothing for a loss), the record
 * and the balance after kept. Only the first of two concurrent identical moves is kept (the round
 * must still have `n` actions); the other is rolled back whole, its stake included.
 */
async function saveRound(tx: Tx, member: Member, acc: RoundAccounts, round: Round, n: number, c: RoundChanges): Promise<Round> {
  const payout = c.record ? BigInt(c.record.totalPayout) : 0n;
  const paid = payout > 0n ? await postRoundMove(tx, acc, round.id, round.category, "win", payout) : null;
  const after = paid?.creditBalanceAfter ?? c.staked?.debitBalanceAfter;
  const [saved] = await tx
    .update(houseRounds)
    .set({
      state: c.record ? null : c.state,
      actions: c.actions,
      stake: round.stake + c.extraStake,
      ...(c.record
        ? {
            status: "SETTLED" as const,
            outcome: c.record,
            win: payout,
            balanceAfter: after ?? sql`(select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.id} = ${acc.member})`,
            settledAt: sql`now()`,
          }
        : {}),
    })
    .where(and(eq(houseRounds.id, round.id), eq(houseRounds.status, "OPEN"), sql`jsonb_array_length(${houseRounds.actions}) = ${n}`))
    .returning();
  if (!saved) throw new DomainError("ROUND_BUSY", "This move was already made", 409);
  if (c.record) await recordBigWin(tx, { merchantCode: saved.merchantCode, account: member.account, gameCode: saved.gameCode, stake: saved.stake, win: payout, currency: saved.currency });
  return saved;
}

type Played = { view: ReturnType<typeof roundView> } | { refused: InsufficientFunds };

/**
 * The round of a requestKey that was already made: given back as it is, or, when an earlier
 * version left it open between its stake and its payout (each was a transaction of its own then),
 * finished now. Its stake is posted under the key it had, so a stake already taken is not taken
 * again; when it was never taken and the balance is short, the round is dropped as before.
 */
async function keptRound(tx: Tx, member: Member, acc: RoundAccounts, id: number): Promise<Played> {
  const kept = (await roundWithSeed(tx, eq(houseRounds.id, id)))!;
  const round = kept.round;
  if (keptAsIs(round) || !isHouseGameCode(round.gameCode)) return { view: roundView(round, kept.seedHash) };
  const game = round.gameCode;
  const entry = HOUSE_GAMES[game];
  const seeds = seedsOf(kept, round);
  const bets = betsFromJson(round.bets as JsonValue[]);
  let staked: PostedTransfer;
  try {
    staked = await postRoundMove(tx, acc, round.id, round.category, "stake", round.stake);
  } catch (e) {
    if (!(e instanceof InsufficientFunds)) throw e;
    await tx.delete(houseRounds).where(and(eq(houseRounds.id, round.id), eq(houseRounds.status, "OPEN")));
    return { refused: e };
  }
  const changes = { actions: [], extraStake: 0n, staked: staked.replayed ? null : staked };
  if (entry.type === "instant") {
    const { record } = playInstantRound(game, seeds, bets);
    return { view: roundView(await saveRound(tx, member, acc, round, 0, { ...changes, state: null, record }), kept.seedHash) };
  }
  const state = entry.engine.start(createRng(seeds), bets as never);
  const record = entry.engine.settlement(state) ? sessionRecord(game, seeds, bets, [], state) : null;
  return { view: roundView(await saveRound(tx, member, acc, round, 0, { ...changes, state: record ? null : entry.engine.toJSON(state), record }), kept.seedHash) };
}

/** A fresh seed pair's row for a member who has none (their first round or seed view). */
function newSeedRow(memberId: number) {
  const pair = newSeedPair();
  return { memberId, serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, nextServerSeed: pair.nextServerSeed, nextServerSeedHash: pair.nextServerSeedHash, clientSeed: pair.clientSeed };
}

/** How many times a round is read and drawn again when its nonce moved before its write. */
const ROUND_ATTEMPTS = MAX_ATTEMPTS;

/**
 * A round in two statements, without BEGIN and COMMIT: a read (the replay and in-play checks, the
 * seed pair and its next nonce), the outcome drawn, then one statement that takes the nonce and
 * writes the stake, the payout and the round together, a transaction of its own, so nothing of
 * it is left when it fails; or in one, the write alone, from the member's kept claim (ADR 036).
 * When the nonce moved in between (another round of the member, a twin of this request, a seed
 * rotation, another node), that statement writes nothing and the round is read and drawn again:
 * an outcome is only kept with the nonce it was drawn from. A round an earlier version left open
 * is finished in a transaction (`keptRound`).
 */
async function startRound(
  db: Database,
  member: Member,
  game: HouseGameCode,
  bets: Bet[] | { invalid: unknown },
  requestKey: string,
  terms: MerchantTerms,
  acc: RoundAccounts,
): Promise<Played> {
  const entry = HOUSE_GAMES[game];
  const session = entry.type === "session";
  // The member's kept claim (ADR 036), used in place of the first read while the member's recent
  // claims here held. A request whose bets are invalid is only answered when it made a round
  // already: the read says.
  const kept = Array.isArray(bets) ? takeKeptClaim(db, member.id) : undefined;
  const trusted = kept && kept.misses < CLAIM_MISSES ? kept : undefined;
  let misses = 0;
  for (let attempt = 1; ; attempt++) {
    let claim = attempt === 1 && trusted ? trusted : await readRound(db, member, game, requestKey, session);
    if (attempt === 1 && kept && !trusted) misses = claimHeld(kept, claim) ? kept.misses - 1 : CLAIM_MISSES;
    // The kept claim's write changed nothing: stale, unless the read finds it held (the balance was short).
    if (attempt === 2 && trusted) misses = claimHeld(trusted, claim) ? trusted.misses : trusted.misses + 1;
    if (claim.existingId === null && claim.inPlayId === null && !claim.seed) {
      await db.insert(fairSeeds).values(newSeedRow(member.id)).onConflictDoNothing();
      claim = await readRound(db, member, game, requestKey, session);
    }
    const existing = claim.existingId;
    if (existing !== null) return withLedgerTx(db, (tx) => keptRound(tx, member, acc, existing));
    if (claim.currency === null) throw new DomainError("MERCHANT_NOT_FOUND", "No such merchant", 404);
    if (claim.currency !== terms.currency || claim.single !== terms.single) throw new StaleMerchant();
    if (claim.inPlayId !== null) throw new DomainError("ROUND_IN_PLAY", "Finish the round in play first", 409, { roundId: claim.inPlayId });
    if (!Array.isArray(bets)) throw bets.invalid;
    const seed = claim.seed!;
    const seeds: RoundSeeds = { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce };
    const stake = bets.reduce((s, b) => s + b.amount, 0n);

    let record: RoundRecord | null;
    let state: unknown = null;
    if (entry.type === "instant") {
      record = playInstantRound(game, seeds, bets).record;
    } else {
      const started = entry.engine.start(createRng(seeds), bets as never);
      record = entry.engine.settlement(started) ? sessionRecord(game, seeds, bets, [], started) : null;
      if (!record) state = entry.engine.toJSON(started);
    }
    const written = await insertRound(
      db,
      member,
      acc,
      {
        id: claim.roundId!,
        memberId: member.id,
        merchantCode: member.merchantCode,
        gameCode: game,
        category: entry.category,
        currency: terms.currency,
        seedId: seed.id,
        nonce: seed.nonce,
        clientSeed: seed.clientSeed,
        requestKey,
        bets: betsToJson(bets),
        state,
        outcome: record,
        status: record ? "SETTLED" : "OPEN",
        stake,
        win: record ? BigInt(record.totalPayout) : 0n,
      },
      session,
      { terms, seedHash: seed.serverSeedHash },
    ).catch((e: unknown) => {
      // A deadlock, or a key written meanwhile (a twin's round, or this requestKey's round when
      // the claim was a kept one): nothing was written; read again.
      if (RETRYABLE_STATES.has(sqlState(e) ?? "") && attempt < ROUND_ATTEMPTS) return null;
      if (e instanceof InsufficientFunds) {
        // The stake is checked before the rest of the write: a kept claim's refusal may be a
        // requestKey whose round is made (a retry after the balance was spent), a round in play
        // or the merchant's terms changed. The read says which, and answers as it always did.
        if (claim === trusted) return null;
        // Refused after a read: nothing was taken; what was read is the member's next claim.
        keepClaim(db, member.id, { ...claim, seed, misses });
      }
      throw e;
    });
    if (written) {
      // The write found the merchant's row as `terms` says, the seed pair active at this nonce.
      keepClaim(db, member.id, { existingId: null, inPlayId: null, currency: terms.currency, single: terms.single, seed: { ...seed, nonce: seed.nonce + 1 }, roundId: written.nextRoundId, misses });
      return { view: roundView(written.round, seed.serverSeedHash) };
    }
    if (attempt >= ROUND_ATTEMPTS) throw new DomainError("SEED_BUSY", "Try again", 409);
  }
}

/**
 * Plays (instant games) or starts (blackjack, three card poker, hi-lo) a round, in one database
 * transaction. The same requestKey returns the same round, concurrent twins included.
 */
export async function playRound(db: Database, member: Member, input: { game: string; bets: BetInput[]; requestKey: string }) {
  requireReal(member);
  if (!isHouseGameCode(input.game)) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  const game = input.game;
  for (let attempt = 1; ; attempt++) {
    const terms = await merchantTerms(db, member.merchantCode);
    let bets: Bet[] | { invalid: unknown };
    try {
      bets = parseBets(game, input.bets, terms.currency);
    } catch (e) {
      // The bets are only read for a new round: a retry of a request that made one gets it back.
      const [known] = await db.select({ id: houseRounds.id }).from(houseRounds).where(and(eq(houseRounds.memberId, member.id), eq(houseRounds.requestKey, input.requestKey))).limit(1);
      if (!known) throw e;
      bets = { invalid: e };
    }
    const acc = await roundAccounts(db, member, terms);
    let played: Played;
    try {
      played = await startRound(db, member, game, bets, input.requestKey, terms, acc);
    } catch (e) {
      if (e instanceof StaleMerchant && attempt < 3) {
        termsCache.get(db)?.delete(member.merchantCode);
        continue;
      }
      // Rolled back whole: no round, no nonce, no movement.
      if (e instanceof InsufficientFunds) throw insufficient(e, terms.currency, "bets");
      throw e;
    }
    if ("refused" in played) throw insufficient(played.refused, terms.currency, "bets");
    return played.view;
  }
}

/**
 * A decision in a stateful round (hit, stand, double, split; play or fold; higher, lower, cash out):
 * the move's extra stake, the new state and (when it ends the round) the payout, in one transaction.
 */
export async function actInRound(db: Database, member: Member, roundId: number, action: string) {
  requireReal(member);
  const [kept] = await db
    .select({ round: houseRounds, serverSeed: fairSeeds.serverSeed, seedHash: fairSeeds.serverSeedHash, currency: merchants.currency, single: merchants.isSingleWallet })
    .from(houseRounds)
    .innerJoin(fairSeeds, eq(fairSeeds.id, houseRounds.seedId))
    .innerJoin(merchants, eq(merchants.code, houseRounds.merchantCode))
    .where(and(eq(houseRounds.id, roundId), eq(houseRounds.memberId, member.id)))
    .limit(1);
  if (!kept) throw new DomainError("ROUND_NOT_FOUND", "No such round", 404);
  const round = kept.round;
  if (round.status !== "OPEN" || !round.state) throw new DomainError("ROUND_FINISHED", "This round is over", 409);
  if (!isHouseGameCode(round.gameCode)) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  const game = round.gameCode;
  const entry = HOUSE_GAMES[game];
  if (entry.type !== "session") throw new DomainError("ROUND_FINISHED", "This round is over", 409);
  const state = entry.engine.fromJSON(round.state as JsonValue);
  if (!entry.engine.legalActions(state).includes(action)) throw new DomainError("ILLEGAL_ACTION", "That move is not possible now", 400, { field: "action" });
  const seeds = seedsOf(kept, round);
  const n = round.actions.length;
  const extra = entry.engine.stakeFor(state, action);
  let next: unknown;
  try {
    // The table's limits bound what an action may pay (hi-lo's cash-out, a double's payout).
    next = entry.engine.act(createRng(seeds), state, action, entry.engine.defaultLimits);
  } catch (e) {
    if (e instanceof ActionRejected) throw new DomainError(e.error.code, e.error.message, 400, { field: "action" });
    throw e;
  }
  const actions = [...round.actions, action];
  const record = entry.engine.settlement(next) ? sessionRecord(game, seeds, betsFromJson(round.bets as JsonValue[]), actions, next) : null;
  const acc = await roundAccounts(db, member, { currency: kept.currency, single: kept.single });
  try {
    const saved = await withLedgerTx(db, async (tx) => {
      // A twin of this move posts under the same key (a replay) and is then refused by saveRound.
      const staked = extra > 0n ? await postRoundMove(tx, acc, round.id, round.category, `act${n}`, extra) : null;
      return saveRound(tx, member, acc, round, n, { state: entry.engine.toJSON(next), actions, extraStake: extra, record, staked: staked?.replayed ? null : staked });
    });
    return roundView(saved, kept.seedHash);
  } catch (e) {
    if (e instanceof InsufficientFunds) throw new DomainError("INSUFFICIENT_FUNDS", "Insufficient balance", 400, { field: "action" });
    throw e;
  }
}

export async function getRound(db: Database, member: Member, roundId: number) {
  const [round] = await db.select().from(houseRounds).where(and(eq(houseRounds.id, roundId), eq(houseRounds.memberId, member.id))).limit(1);
  if (!round) throw new DomainError("ROUND_NOT_FOUND", "No such round", 404);
  const seed = await seedOf(db, round.seedId);
  return roundView(round, seed.serverSeedHash);
}

/** The member's round in play of a stateful game, to resume after a reload or a crash. */
export async function openRound(db: Database, member: Member, game: string) {
  const [round] = await db
    .select()
    .from(houseRounds)
    .where(and(eq(houseRounds.memberId, member.id), eq(houseRounds.gameCode, game), eq(houseRounds.status, "OPEN")))
    .orderBy(desc(houseRounds.id))
    .limit(1);
  if (!round) return null;
  const seed = await seedOf(db, round.seedId);
  return roundView(round, seed.serverSeedHash);
}

/** The betting record (personalHistoryCopy): rounds newest first, by game or category and period. */
export async function bettingRecord(
  db: Database,
  member: Member,
  opts: { game?: string; category?: string; from?: Date; to?: Date; pageNo: number; pageSize: number },
) {
  const where = and(
    eq(houseRounds.memberId, member.id),
    opts.game ? eq(houseRounds.gameCode, opts.game) : undefined,
    opts.category ? eq(houseRounds.category, opts.category) : undefined,
    opts.from ? gte(houseRounds.createdAt, opts.from) : undefined,
    opts.to ? lt(houseRounds.createdAt, opts.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(houseRounds).where(where).orderBy(desc(houseRounds.id)).limit(opts.pageSize).offset((opts.pageNo - 1) * opts.pageSize),
    db.select({ n: count() }).from(houseRounds).where(where),
  ]);
  const seedIds = [...new Set(rows.map((r) => r.seedId))];
  const seeds = seedIds.length ? await db.select({ id: fairSeeds.id, hash: fairSeeds.serverSeedHash }).from(fairSeeds).where(inArray(fairSeeds.id, seedIds)) : [];
  const hashOf = new Map(seeds.map((s) => [s.id, s.hash]));
  return {
    content: rows.map((r) => roundView(r, hashOf.get(r.seedId))),
    pageNum: opts.pageNo,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / opts.pageSize)),
    total: total?.n ?? 0,
  };
}

/**
 * Public verification of a settled round: once its server seed is revealed, the round is
 * replayed from (server seed, client seed, nonce, bets, actions) and compared with the record.
 */
export async function verifyStoredRound(db: Database, roundId: number) {
  const [round] = await db.select().from(houseRounds).where(eq(houseRounds.id, roundId)).limit(1);
  if (!round || round.status !== "SETTLED" || !round.outcome) throw new DomainError("ROUND_NOT_FOUND", "No such settled round", 404);
  const seed = await seedOf(db, round.seedId);
  const record = round.outcome as RoundRecord;
  const base = {
    roundId: round.id,
    game: round.gameCode,
    gameName: isHouseGameCode(round.gameCode) ? HOUSE_GAMES[round.gameCode].name : round.gameCode,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    currency: round.currency,
    bets: betsView(record.bets, round.currency),
    actions: record.actions,
    outcome: record.outcome,
    totalStake: formatAmount(BigInt(record.totalStake), round.currency),
    totalPayout: formatAmount(BigInt(record.totalPayout), round.currency),
  };
  if (!seed.revealedAt) return { ...base, revealed: false as const, serverSeed: null, result: null };
  // Replayed from the stored record (minor units), shown in decimals like the rest.
  const result = verifyRound({ ...record, serverSeed: seed.serverSeed });
  const shown = result.settlement === undefined ? result : { ...result, settlement: settlementView(result.settlement, round.currency) };
  return { ...base, revealed: true as const, serverSeed: seed.serverSeed, hashMatches: hashSeed(seed.serverSeed) === seed.serverSeedHash, result: shown };
}

/**
 * Recomputes a round from seeds the member supplies (no database): the verify page's calculator.
 * Bet amounts are decimal strings of `currency`, as round views and the stored check show them;
 * the totals come back the same way.
 */
export function verifyManual(input: { game: string; serverSeed: string; clientSeed: string; nonce: number; bets: BetInput[]; actions: string[]; currency: string }) {
  if (!isHouseGameCode(input.game)) throw new DomainError("GAME_NOT_FOUND", "No such game", 404);
  const currency = input.currency;
  const bets = input.bets.map((b, i) => {
    const amount = parseAmount(String(b.amount ?? ""), currency);
    if (amount === null) throw new DomainError("INVALID_REQUEST", `bets.${i}.amount must be a decimal amount of ${currency}`, 400, { field: `bets.${i}.amount` });
    return { ...b, amount } as Bet;
  });
  try {
    const replayed = replayRound(input.game, { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce }, bets, input.actions);
    return {
      serverSeedHash: hashSeed(input.serverSeed),
      currency,
      outcome: replayed.outcome,
      totalStake: formatAmount(replayed.settlement.totalStake, currency),
      totalPayout: formatAmount(replayed.settlement.totalPayout, currency),
    };
  } catch (e) {
    if (e instanceof BetRejected || e instanceof ActionRejected || e instanceof TypeError || (e instanceof Error && e.name === "FairSeedError")) {
      throw new DomainError("INVALID_REQUEST", e.message, 400);
    }
    throw e;
  }
}

export { houseCatalogue };
