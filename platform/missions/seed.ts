import type { Tx } from "../ledger/service.js";
import { missions } from "./schema.js";

const tr = (en: string, es: string) => ({ en, es });

/** The demo brand's missions (USD cents); rows that exist are kept. */
export async function seedDemoMissions(tx: Pick<Tx, "insert">, merchantCode: string) {
  await tx
    .insert(missions)
    .values([
      { merchantCode, code: "DAILY_LIVE", title: tr("Bet 20.00 at the live tables today", "Apuesta 20.00 en las mesas en vivo hoy"), category: "LIVE", period: "daily" as const, target: 2_000n, reward: 100n, sort: 0 },
      { merchantCode, code: "WEEKLY_SLOTS", title: tr("Spin 100.00 on slots this week", "Gira 100.00 en tragamonedas esta semana"), category: "RNG", period: "weekly" as const, target: 10_000n, reward: 300n, sort: 1 },
      { merchantCode, code: "WEEKLY_ANY", title: tr("Bet 500.00 in any game this week", "Apuesta 500.00 en cualquier juego esta semana"), category: null, period: "weekly" as const, target: 50_000n, reward: 1_000n, sort: 2 },
    ])
    .onConflictDoNothing();
}
