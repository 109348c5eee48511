// The jackpot row of the speed issue: what the home page's jackpot answer costs at 0 settled
// rounds today and at BENCH_JACKPOT_ROUNDS (default 1,000,000), on PGlite in memory (the default
// database, in the web process). Run by bench/run.mjs through tsx; prints one Markdown row.
import { sql } from "drizzle-orm";
import { openDb } from "../platform/db/client.ts";
import { runMigrations } from "../platform/db/migrate.ts";
import * as pool from "../platform/games/jackpot-pool.ts";

const ROUNDS = Number(process.env.BENCH_JACKPOT_ROUNDS ?? 1_000_000);
const merchant = { code: "BENCH", currency: "USD" };

const handle = await openDb({ dataDir: "memory://" });
await runMigrations(handle);
const db = handle.db;

async function cost() {
  const times = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await pool.jackpotPool(db, merchant, Date.now(), { cacheMs: 0 });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const at0 = await cost();
// Today's settled rounds, written in bulk (foreign keys and triggers off while seeding, as a
// restore would); the running totals, where the code keeps them, are then rebuilt from the rows.
await db.execute(sql`set session_replication_role = replica`);
for (let done = 0; done < ROUNDS; done += 100_000) {
  const n = Math.min(100_000, ROUNDS - done);
  await db.execute(sql`
    insert into house_rounds (member_id, merchant_code, game_code, category, currency, seed_id, nonce, client_seed, request_key,
      bets, status, stake, win, balance_before, balance_after, settled_at)
    select 1, ${merchant.code}, 'HOUSE_DICE', 'RNG', ${merchant.currency}, 1, g, 'c', 'bench-' || (${done} + g), '[]'::jsonb, 'SETTLED',
      100 + (g % 400), case when g % 1000 = 0 then 60000 else g % 300 end, 0, 0,
      date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' + (g % 3600) * interval '1 second'
    from generate_series(1, ${n}) g`);
}
await db.execute(sql`set session_replication_role = origin`);
if (typeof pool.rebuildJackpotTotals === "function") await pool.rebuildJackpotTotals(db);
const atN = await cost();
const answer = await pool.jackpotPool(db, merchant, Date.now(), { cacheMs: 0 });
if (answer.settledRounds !== ROUNDS) throw new Error(`the pool counted ${answer.settledRounds} rounds, not ${ROUNDS}`);
await handle.close();
console.log(
  `| jackpot answer (GET /lgw/games/jackpot, cache off), PGlite: 0 rounds today / ${ROUNDS.toLocaleString("en")} | ${at0.toFixed(1)} ms / **${atN.toFixed(1)} ms** | ×${(atN / at0).toFixed(1)} |`,
);
