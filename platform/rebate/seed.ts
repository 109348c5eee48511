import type { Tx } from "../ledger/service.js";
import { rebateSettings } from "./schema.js";

/**
 * The demo brand's rebate: spec §9 "rebate display by category" (LOTT, ELOTT, FISH, SPORTS,
 * ESPORTS 1 %, RNG 1.2 %, LIVE 0.8 %, PVP none), claimable once a day; kept when it exists.
 */
export async function seedDemoRebate(tx: Pick<Tx, "insert">, merchantCode: string) {
  await tx
    .insert(rebateSettings)
    .values({ merchantCode, rates: { LOTT: 100, ELOTT: 100, FISH: 100, RNG: 120, LIVE: 80, SPORTS: 100, ESPORTS: 100 }, period: "daily", minAmount: 1n, enabled: true })
    .onConflictDoNothing();
}
