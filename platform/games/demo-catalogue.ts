import { houseCatalogue } from "../house/games/index.js";
import { LOTTERY_GAMES } from "../lottery/games.js";
/**
 * The demo catalogue: a deterministic set of game items and recent big wins, so lists, the hot
 * block and the winners board show real platform data on a fresh install. Rows are marked demo.
 */

/** A small deterministic PRNG (mulberry32), so every fresh install gets the same catalogue. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LIVE_TABLES = [
  "Baccarat", "Roulette", "Sic Bo", "Dragon Tiger", "Blackjack", "Se Die", "Fan Tan", "Niuniu", "Fish Prawn Crab", "Three Card Poker",
];
const SLOT_FIRST = ["Golden", "Lucky", "Mystic", "Dragon", "Royal", "Wild", "Fortune", "Jade", "Neon", "Pharaoh", "Ocean", "Tiger", "Sakura", "Aztec", "Cosmic"];
const SLOT_SECOND = ["Koi", "Riches", "Gems", "Empire", "Fruits", "Legends", "Treasure", "Phoenix", "Nights", "Spins", "Quest", "Bonanza"];
const SLOT_SUBTYPES = [null, "JP", "TG", "AC", "BG", "SC", "VP"] as const;
const FISH = ["Ocean King", "Fishing War", "Golden Toad", "Shark Hunter", "Deep Sea Party", "Mermaid Gold", "Dragon Fishing", "Lucky Fishing"];
const CARDS = ["Texas Hold'em", "Teen Patti", "Rummy", "Pai Gow", "Blackjack Duel", "Landlord", "Mahjong Ways", "Tongits"];

export interface DemoGame {
  vendorCode: string;
  gameType: string;
  gameCode: string;
  isGame: "GAME" | "VASSALAGE";
  names: Record<string, string>;
  iconUrl: string;
  supportPlay: number;
  subType: string | null;
  minBet: bigint;
  lines: number;
  hotRank: number | null;
  maintenance?: boolean;
  isDemo: true;
}

const code = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_|_$/g, "");

export function demoGames(vendors: ReadonlyArray<{ code: string; gameType: string; displayName: string }>): DemoGame[] {
  const rand = prng(20261122);
  const out: DemoGame[] = [];
  const base = (v: { code: string; gameType: string }, gameCode: string, name: string): DemoGame => ({
    vendorCode: v.code,
    gameType: v.gameType,
    gameCode,
    isGame: "GAME",
    names: { en: name },
    iconUrl: `games/${gameCode}.svg`,
    supportPlay: 1,
    subType: null,
    minBet: 100n,
    lines: 0,
    hotRank: null,
    isDemo: true,
  });
  const add = (v: { code: string; gameType: string }, name: string, extra: Partial<DemoGame> = {}) => {
    out.push({ ...base(v, `${v.code}_${code(name)}`, name), ...extra });
  };
  for (const v of vendors) {
    // Our own games (platform/house): the catalogue items carry the registry's codes, so a launch
    // opens /house/<gameCode>. HOUSE holds the live-casino set, HSLOT the slots and mini games.
    if (v.code === "HOUSE" || v.code === "HSLOT") {
      for (const g of houseCatalogue().filter((h) => h.category === (v.code === "HOUSE" ? "LIVE" : "RNG"))) {
        out.push({
          vendorCode: v.code,
          gameType: v.gameType,
          gameCode: g.code,
          isGame: "GAME",
          names: { en: g.name },
          iconUrl: `games/${g.code}.svg`,
          supportPlay: 1,
          subType: null,
          minBet: 100n,
          lines: g.code.startsWith("HOUSE_SLOT") ? 20 : 0,
          hotRank: null,
          isDemo: true,
        });
      }
      continue;
    }
    // Our own lotteries (platform/lottery): one item per game, on the game's code, so the launch
    // routing of spec §2 opens its lottery page with that gameCode.
    const lotteries = Object.values(LOTTERY_GAMES).filter((g) => g.vendorCode === v.code);
    if (lotteries.length) {
      for (const g of lotteries) {
        out.push({ ...base(v, g.code, g.name), minBet: 100n, isGame: "GAME" });
      }
      continue;
    }
    switch (v.gameType) {
      case "LIVE":
        LIVE_TABLES.forEach((t) => add(v, t, { minBet: 1000n }));
        break;
      case "RNG": {
        const used = new Set<string>();
        while (used.size < 30) {
          const name = `${SLOT_FIRST[Math.floor(rand() * SLOT_FIRST.length)]} ${SLOT_SECOND[Math.floor(rand() * SLOT_SECOND.length)]}`;
          if (used.has(name)) continue;
          used.add(name);
          add(v, name, {
            subType: SLOT_SUBTYPES[used.size % SLOT_SUBTYPES.length] ?? null,
            lines: [9, 20, 25, 30, 50, 243][Math.floor(rand() * 6)]!,
            minBet: [10n, 50n, 100n, 200n][Math.floor(rand() * 4)]!,
            supportPlay: used.size % 3 === 0 ? 0 : 1,
          });
        }
        break;
      }
      case "FISH":
        FISH.forEach((f) => add(v, `${f}${v.code === "REEFH" ? " Reef" : ""}`, { supportPlay: 0, minBet: 10n }));
        break;
      case "PVP":
        CARDS.forEach((c) => add(v, c));
        break;
      default:
        // Sports books and lotteries open the vendor's own lobby.
        add(v, v.displayName, { isGame: "VASSALAGE" });
    }
  }
  // A hot list mixing slots, live tables and fishing.
  const hotPool = out.filter((g) => ["RNG", "LIVE", "FISH"].includes(g.gameType));
  const picked = new Set<number>();
  let rank = 1;
  while (rank <= 24 && picked.size < hotPool.length) {
    const i = Math.floor(rand() * hotPool.length);
    if (picked.has(i)) continue;
    picked.add(i);
    hotPool[i]!.hotRank = rank++;
  }
  return out;
}

const PLAYERS = ["john", "maria", "lee", "ahmad", "sakura", "tran", "pedro", "ana", "wei", "omar", "kim", "lucas", "nina", "raj", "chen", "sofia"];

export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account[0] ?? ""}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

/** Recent big wins over the last day: amounts in minor units. */
export function demoWins(nodeIds: number[], count = 60, now = Date.now()) {
  const rand = prng(7);
  return Array.from({ length: count }, (_, i) => {
    const player = `${PLAYERS[Math.floor(rand() * PLAYERS.length)]}${Math.floor(rand() * 90 + 10)}`;
    return {
      account: maskAccount(player),
      nodeId: nodeIds[Math.floor(rand() * nodeIds.length)]!,
      winAmount: BigInt(Math.floor(50_000 + rand() * rand() * 25_000_000)),
      wonAt: new Date(now - Math.floor((i / count) * 24 * 3600 * 1000)),
    };
  });
}
