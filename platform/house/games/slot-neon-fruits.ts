/**
 * Neon Fruits (HOUSE_SLOT_3): 5×3, 25 paylines. The Neon Seven wild doubles every line win it
 * helps to make. Three or more Star scatters pay 1/5/20 times the total bet and award 5/7/10
 * free spins; scatters during free spins retrigger, up to 40 free spins in one feature.
 *
 * Exact RTP (`exactRtp(config)`, a 629-digit fraction; derivation in docs/games/README.md):
 *   95.3029% = lines 70.7521% + scatter 5.5437% + free spins 19.0071%; trigger 2012256/52521875,
 *   6.5024 free spins a feature with retriggers. Max round win 1,378.32 × stake.
 */
import { PAYLINES, slotEngine, type SlotConfig } from "./slot-engine";

export const config: SlotConfig = {
  id: "HOUSE_SLOT_3",
  name: "Neon Fruits",
  symbols: [
    { id: "W", name: "Neon Seven", role: "wild" },
    { id: "S", name: "Star", role: "scatter" },
    { id: "C", name: "Cherry", role: "regular" },
    { id: "G", name: "Grapes", role: "regular" },
    { id: "L", name: "Lemon", role: "regular" },
    { id: "P", name: "Plum", role: "regular" },
    { id: "O", name: "Orange", role: "regular" },
    { id: "M", name: "Melon", role: "regular" },
    { id: "R", name: "Berry", role: "regular" },
  ],
  paylines: PAYLINES.slice(0, 25),
  reels: {
    base: [
      "LSORWGMPROLCMPROGMSLRWCMOPRLGMOPRCM",
      "GSRPMCLORMPGROWLMCSRPOMLGRMOCPRWLMO",
      "CSMLORMWGPROLCMRPOSMGLRCMOWPRLMGORP",
      "OSWRGMPCLORMPROGMLSWCRMOPLRGMOPCRML",
      "RSPMCLORMPGRWOLMCRSPOMLGRMOCPRWLMOG",
    ],
    free: [
      "OSRGPMCLORMPRGOMLWSCRPOMLRGMOCPRMLW",
      "PSMCLORMPGWROLMCRPSOMGLRMCOPWRLMGOR",
      "LSOWRGMPROLCMPROGMSLWRCMOPRLGMOPRCM",
      "GSRPMCLORMPGROWLMCSRPOMLGRMOCPRWLMO",
      "CSMLORMWGPROLCMRPOSMGLRCMOWPRLMGORP",
    ],
  },
  pays: {
    W: [15, 60, 200],
    C: [12, 40, 120],
    G: [10, 30, 90],
    L: [8, 25, 75],
    P: [6, 20, 60],
    O: [5, 15, 45],
    M: [4, 10, 40],
    R: [3, 10, 30],
  },
  wildMultiplier: 2,
  scatterPays: [1, 5, 20],
  maxSpinWin: { base: 858, free: 840 },
  freeSpins: { awards: [5, 7, 10], multiplier: 1, retrigger: true, maxTotal: 40 },
};

/** Line bets 0.01 to 20.00 (stakes 0.25 to 500.00 over 25 lines). */
export const engine = slotEngine(config, { minLineBet: 1n, maxLineBet: 2_000n });
