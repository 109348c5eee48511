/**
 * Long simulations of the HOUSE slots against their exact RTP (and, with --tables, of
 * blackjack and baccarat against their exact edges). Every spin is a real round: the fair
 * stream for (server seed, slot code, nonce), the slot's engine, its settlement.
 *
 *   npx tsx platform/house/simulate.ts            10^7 spins per slot
 *   npx tsx platform/house/simulate.ts 1000000    another count
 *   npx tsx platform/house/simulate.ts --tables   also 10^6 blackjack and baccarat rounds
 *
 * Work is split over child processes (one per core; they inherit tsx's loader, which worker
 * threads do not on Node 20). The check: |simulated - exact| < 0.2 points; the standard error
 * is printed beside it.
 */
import { fork } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { createRng, hashSeed } from "./fair";
import * as baccarat from "./games/baccarat";
import * as blackjack from "./games/blackjack";
import { exactRtp, type SlotEngine } from "./games/slot-engine";
import { engine as jadeKoi } from "./games/slot-jade-koi";
import { engine as neonFruits } from "./games/slot-neon-fruits";
import { engine as pharaohsGold } from "./games/slot-pharaohs-gold";
import { Rational } from "./rational";

const SLOTS: Record<string, SlotEngine> = { HOUSE_SLOT_1: jadeKoi, HOUSE_SLOT_2: pharaohsGold, HOUSE_SLOT_3: neonFruits };
const SERVER_SEED = hashSeed("HOUSE simulate.ts"); // any 64-hex seed; fixed so runs repeat

interface Job {
  game: string;
  from: number;
  count: number;
}

interface Tally {
  n: number;
  /** Slots: win in line bets. Tables: net result in bet units × 1000 (bets of 1000). */
  sum: number;
  sumSq: number;
  hits: number;
  features: number;
  freeSpins: number;
  best: number;
  /** Baccarat: banker, player, tie and pair net results per unit (sums). */
  extra: number[];
}

function run(job: Job): Tally {
  const t: Tally = { n: 0, sum: 0, sumSq: 0, hits: 0, features: 0, freeSpins: 0, best: 0, extra: [0, 0, 0, 0] };
  const slot = SLOTS[job.game];
  for (let nonce = job.from; nonce < job.from + job.count; nonce++) {
    const rng = createRng({ serverSeed: SERVER_SEED, clientSeed: job.game, nonce });
    let x: number;
    if (slot) {
      const o = slot.draw(rng);
      x = o.totalWin;
      if (o.freeSpinsPlayed > 0) t.features++;
      t.freeSpins += o.freeSpinsPlayed;
    } else if (job.game === "HOUSE_BLACKJACK") {
      let s = blackjack.start(rng, [{ kind: "main", amount: 1000n }]);
      while (s.phase === "PLAYER") s = blackjack.act(rng, s, blackjack.optimalAction(s));
      const st = blackjack.settlement(s)!;
      x = Number(st.totalPayout - st.totalStake);
    } else {
      const o = baccarat.draw(rng);
      const net = (kind: baccarat.BaccaratBetKind) => {
        const [n, d] = baccarat.ratioFor({ kind, amount: 1n }, o);
        return Number(n) / Number(d) - 1;
      };
      t.extra[0]! += net("banker");
      t.extra[1]! += net("player");
      t.extra[2]! += net("tie");
      t.extra[3]! += net("playerPair");
      x = net("banker") * 1000;
    }
    t.n++;
    t.sum += x;
    t.sumSq += x * x;
    if (x > 0) t.hits++;
    if (x > t.best) t.best = x;
  }
  return t;
}

async function parallel(game: string, total: number): Promise<Tally> {
  const workers = Math.max(1, Math.min(availableParallelism(), 8));
  const per = Math.ceil(total / workers);
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, i) => {
      const job: Job = { game, from: i * per, count: Math.max(0, Math.min(per, total - i * per)) };
      return new Promise<Tally>((resolve, reject) => {
        const child = fork(fileURLToPath(import.meta.url), ["--job", JSON.stringify(job)], { execArgv: process.execArgv });
        child.once("message", (t) => resolve(t as Tally));
        child.once("error", reject);
        child.once("exit", (code) => code !== 0 && reject(new Error(`simulation worker exited with ${code}`)));
      });
    }),
  );
  return parts.reduce((a, b) => ({
    n: a.n + b.n,
    sum: a.sum + b.sum,
    sumSq: a.sumSq + b.sumSq,
    hits: a.hits + b.hits,
    features: a.features + b.features,
    freeSpins: a.freeSpins + b.freeSpins,
    best: Math.max(a.best, b.best),
    extra: a.extra.map((x, i) => x + b.extra[i]!),
  }));
}

const pct = (x: number, d = 3) => `${(x * 100).toFixed(d)}%`;

async function main() {
  const args = process.argv.slice(2);
  const spins = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000_000);
  const started = Date.now();
  console.log(`HOUSE slot simulation: ${spins.toLocaleString("en")} paid spins per slot, ${availableParallelism()} cores, server seed ${SERVER_SEED}`);
  console.log("slot          | exact RTP  | simulated  | diff (pts) | s.e. (pts) | |diff| < 0.2 | sd/spin | hit rate | feature 1 in | free spins/feature | best win");
  let allOk = true;
  for (const [code, engine] of Object.entries(SLOTS)) {
    const t0 = Date.now();
    const t = await parallel(code, spins);
    const lines = engine.lines;
    const exact = exactRtp(engine.config).total;
    const sim = Rational.of(BigInt(t.sum), BigInt(t.n * lines));
    const mean = t.sum / t.n / lines;
    const sd = Math.sqrt(t.sumSq / t.n / (lines * lines) - mean * mean);
    const diff = (sim.toNumber() - exact.toNumber()) * 100;
    const se = (sd / Math.sqrt(t.n)) * 100;
    const ok = Math.abs(diff) < 0.2;
    allOk &&= ok;
    console.log(
      [
        code.padEnd(13),
        `${exact.toPercent(4)}%`.padStart(10),
        `${sim.toPercent(4)}%`.padStart(10),
        diff.toFixed(4).padStart(10),
        se.toFixed(4).padStart(10),
        (ok ? "yes" : "NO").padStart(12),
        sd.toFixed(3).padStart(7),
        pct(t.hits / t.n, 2).padStart(8),
        (t.n / t.features).toFixed(1).padStart(12),
        (t.freeSpins / t.features).toFixed(3).padStart(18),
        `${(t.best / lines).toFixed(2)}x (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
      ].join(" | "),
    );
  }
  if (args.includes("--tables")) {
    const rounds = 1_000_000;
    const bj = await parallel("HOUSE_BLACKJACK", rounds);
    const bjExact = Rational.ONE.sub(blackjack.exactReturn()).toNumber();
    const bjMean = bj.sum / bj.n / 1000;
    const bjSe = Math.sqrt(bj.sumSq / bj.n / 1e6 - bjMean * bjMean) / Math.sqrt(bj.n);
    console.log(`blackjack, optimal play, ${rounds.toLocaleString("en")} rounds: edge ${pct(-bjMean)} (s.e. ${pct(bjSe)}), exact ${pct(bjExact, 4)}`);
    const bac = await parallel("HOUSE_BACCARAT", rounds);
    const exact = baccarat.exactProbabilities().returns;
    const names = ["banker", "player", "tie", "playerPair"] as const;
    console.log(
      `baccarat, ${rounds.toLocaleString("en")} coups: ` +
        names.map((k, i) => `${k} edge ${pct(-bac.extra[i]! / bac.n)} (exact ${Rational.ONE.sub(exact[k]).toPercent(4)}%)`).join(", "),
    );
  }
  console.log(`${allOk ? "all slots within 0.2 points" : "SOME SLOT OUTSIDE 0.2 POINTS"} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (!allOk) process.exitCode = 1;
}

const jobArg = process.argv.indexOf("--job");
if (jobArg >= 0) {
  process.send!(run(JSON.parse(process.argv[jobArg + 1]!) as Job), () => process.exit(0));
} else {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
