/**
 * Jade Koi (HOUSE_SLOT_1): 5×3, 10 paylines. Three or more Lotus scatters pay 2/10/50 times the
 * total bet and award 5/8/10 free spins on reels with an extra Jade Dragon wild per reel; no
 * retriggers.
 *
 * Exact RTP (`exactRtp(config)`, derivation in docs/games/README.md):
 *   2019783963067103 / 2096481954249216 = 96.3416% = lines 66.2673% + scatter 10.2881% + free spins 19.7862%;
 *   trigger 23/648, 5.2899 free spins a feature. Max round win 703.5 × stake.
 */
import { PAYLINES, slotEngine, type SlotConfig } from "./slot-engine";

export const config: SlotConfig = {
  id: "HOUSE_SLOT_1",
  name: "Jade Koi",
  symbols: [
    { id: "W", name: "Jade Dragon", role: "wild" },
    { id: "S", name: "Lotus", role: "scatter" },
    { id: "K", name: "Koi", role: "regular" },
    { id: "P", name: "Pearl", role: "regular" },
    { id: "L", name: "Lantern", role: "regular" },
    { id: "A", name: "Ace", role: "regular" },
    { id: "Q", name: "Queen", role: "regular" },
    { id: "J", name: "Jack", role: "regular" },
    { id: "T", name: "Ten", role: "regular" },
  ],
  paylines: PAYLINES.slice(0, 10),
  reels: {
    base: [
      "ASJKLQTAJPWTQLJKATQSJPLATJQKWATLJQPT",
      "LSQTWAPJTQLKJATQPJLSATWKJQATLPJQTAKJ",
      "PSTAJKLQTJAPTQWLJAKSTQJALPTJQKTAWLJQ",
      "KSJLQTAJWPTQLKJATQJSPLATKJQWATLJPQTA",
      "QSWTPAJQLKTJATQPJLASWKTJQALTPJQKTAJL",
    ],
    free: [
      "JSLQWTAJPTQLKJAWTQJSPLATKJQAWTLJPQTAK",
      "QSTPAJKLQTJAWTPQJLASKTQJWALTPJQKTAJLW",
      "ASJKLQTWAJPTQLJKATWSQJPLATJKQATWLJQPT",
      "LSQWTAPJTQLKJAWTQPJSLATKJQWATLPJQTAKJ",
      "PSTAJKLQTJAWPTQLJAKSTQJWALPTJQKTALJWQ",
    ],
  },
  pays: {
    W: [20, 80, 250],
    K: [20, 60, 200],
    P: [15, 50, 150],
    L: [15, 40, 125],
    A: [10, 25, 75],
    Q: [10, 20, 60],
    J: [8, 20, 50],
    T: [6, 15, 40],
  },
  wildMultiplier: 1,
  scatterPays: [2, 10, 50],
  maxSpinWin: { base: 535, free: 650 },
  freeSpins: { awards: [5, 8, 10], multiplier: 1, retrigger: false, maxTotal: 10 },
};

/** Line bets 0.01 to 50.00 (stakes 0.10 to 500.00 over 10 lines). */
export const engine = slotEngine(config, { minLineBet: 1n, maxLineBet: 5_000n });
