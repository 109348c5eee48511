/**
 * Pharaoh's Gold (HOUSE_SLOT_2): 5×3, 20 paylines. Three or more Pyramid scatters pay 1/5/20
 * times the total bet and award 4/6/8 free spins where every win is doubled; scatters during
 * free spins retrigger, up to 40 free spins in one feature.
 *
 * Exact RTP (`exactRtp(config)`, a 249-digit fraction; derivation in docs/games/README.md):
 *   95.1810% = lines 65.4271% + scatter 5.0797% + free spins 24.6742%; trigger 23/648,
 *   4.9298 free spins a feature with retriggers. Max round win 2,353.65 × stake.
 */
import { PAYLINES, slotEngine, type SlotConfig } from "./slot-engine";

export const config: SlotConfig = {
  id: "HOUSE_SLOT_2",
  name: "Pharaoh's Gold",
  symbols: [
    { id: "W", name: "Pharaoh", role: "wild" },
    { id: "S", name: "Pyramid", role: "scatter" },
    { id: "E", name: "Eye of Horus", role: "regular" },
    { id: "B", name: "Scarab", role: "regular" },
    { id: "N", name: "Ankh", role: "regular" },
    { id: "A", name: "Ace", role: "regular" },
    { id: "K", name: "King", role: "regular" },
    { id: "Q", name: "Queen", role: "regular" },
    { id: "J", name: "Jack", role: "regular" },
  ],
  paylines: PAYLINES.slice(0, 20),
  reels: {
    base: [
      "BSJAQENKJQABJKWNQAESJKQANBJQKEJAWNQK",
      "ESQNKJAQWBJKNEQAJKQSBNAJEQKWAJNQBKJA",
      "WSKJBAQENKJQAJBKQNASWEJQKANJBQKEJAQN",
      "ASQENKJAQBWJKNQEAJKSQANBJQKEAWJNQKBJ",
      "NSKJWAQBJKNEQAJKQBNSAJEWQKAJNQBKJAEQ",
    ],
    free: [
      "QSENKJAQBWJKNQEAJKQSBNAJQEKWAJNQBKJA",
      "KSWJABQJKNEQAJKBQNASWJEQKAJNBQKJEAQN",
      "JSAQENKJQABJKWNQAEJSKQANBJQKEAJWNQKB",
      "QSNKJAQWBJKNEQAJKQBSNAJEQWKAJNQBKJAE",
      "KSJBAQENKJQAJBKQNWASEJKQANJBQKEJAQNW",
    ],
  },
  pays: {
    W: [20, 80, 250],
    E: [20, 60, 200],
    B: [15, 50, 150],
    N: [15, 40, 125],
    A: [10, 25, 75],
    K: [10, 20, 60],
    Q: [8, 20, 50],
    J: [5, 15, 40],
  },
  wildMultiplier: 1,
  scatterPays: [1, 5, 20],
  maxSpinWin: { base: 673, free: 580 },
  freeSpins: { awards: [4, 6, 8], multiplier: 2, retrigger: true, maxTotal: 40 },
};

/** Line bets 0.01 to 25.00 (stakes 0.20 to 500.00 over 20 lines). */
export const engine = slotEngine(config, { minLineBet: 1n, maxLineBet: 2_500n });
