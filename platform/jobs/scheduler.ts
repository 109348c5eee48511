import type { DbHandle } from "../db/client.js";
import type { Logger } from "../http/observability.js";
import { autoReceiveWithdrawals } from "../payments/service.js";
import { runLotteries } from "../lottery/service.js";
import { purgeLaunchTokens } from "../wallet/service.js";

/** Advisory-lock keys of the jobs: one node at a time runs each. */
export const JOB_LOCKS = { withdrawalAutoReceive: 7_310_101, lotteryDraws: 7_310_102, launchTokenPurge: 7_310_103 } as const;

export interface Job {
  name: keyof typeof JOB_LOCKS;
  everyMs: number;
  run(handle: DbHandle, now: Date): Promise<number>;
}

export const JOBS: Job[] = [
  // Spec §4: a payout not confirmed within the operator's minutes counts as received.
  { name: "withdrawalAutoReceive", everyMs: 30_000, run: (h, now) => autoReceiveWithdrawals(h.db, now) },
  // Lottery draws (every 5 minutes for the fast e-lottery): make the coming draws, draw at the
  // draw's time, pay the tickets. Keyed by game and issue, so a repeat changes nothing.
  { name: "lotteryDraws", everyMs: 5_000, run: (h, now) => runLotteries(h.db, now) },
  // Every in-house round and ticket makes a launch token: drop those long expired.
  { name: "launchTokenPurge", everyMs: 60 * 60_000, run: (h, now) => purgeLaunchTokens(h.db, now) },
];

/**
 * The in-process scheduler (ARCHITECTURE.md, Cross-cutting): each job runs on a timer under its
 * advisory lock; every job is safe to repeat. Returns a stop function, which resolves once the
 * runs in progress have finished (the safe point: a job is never cut half way by a shutdown).
 */
export function startScheduler(handle: DbHandle, log: Logger, jobs: Job[] = JOBS): () => Promise<void> {
  const inProgress = new Set<Promise<void>>();
  let stopped = false;
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        const done = await handle.withLock(JOB_LOCKS[job.name], () => job.run(handle, new Date()));
        if (done) log.info({ job: job.name, done }, "job ran");
      } catch (err) {
        log.warn({ err, job: job.name }, "job failed; it runs again on the next tick");
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => {
      const run = tick();
      inProgress.add(run);
      void run.finally(() => inProgress.delete(run));
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.all(inProgress);
  };
}
