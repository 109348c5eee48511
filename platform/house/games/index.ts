/**
 * The HOUSE game registry: game code → engine, display name and catalogue category
 * (LIVE for the live-casino set, RNG for slots and mini games).
 */
import type { InstantEngine, SessionEngine } from "../bets";
import * as baccarat from "./baccarat";
import * as blackjack from "./blackjack";
import * as dice from "./dice";
import * as dragonTiger from "./dragon-tiger";
import * as fanTan from "./fantan";
import * as fishPrawnCrab from "./fish-prawn-crab";
import * as hilo from "./hilo";
import * as niuniu from "./niuniu";
import * as roulette from "./roulette";
import * as seDie from "./sedie";
import * as sicBo from "./sicbo";
import * as jadeKoi from "./slot-jade-koi";
import * as neonFruits from "./slot-neon-fruits";
import * as pharaohsGold from "./slot-pharaohs-gold";
import * as threeCardPoker from "./three-card-poker";

export type HouseCategory = "LIVE" | "RNG";

interface Entry {
  readonly code: string;
  readonly name: string;
  readonly category: HouseCategory;
}

export type InstantGameEntry = Entry & { readonly type: "instant"; readonly engine: InstantEngine<any, any> };
export type SessionGameEntry = Entry & { readonly type: "session"; readonly engine: SessionEngine<any, any, any> };
export type HouseGame = InstantGameEntry | SessionGameEntry;

const instant = (code: string, name: string, category: HouseCategory, engine: InstantEngine<any, any>): InstantGameEntry => ({ code, name, category, type: "instant", engine });
const session = (code: string, name: string, category: HouseCategory, engine: SessionEngine<any, any, any>): SessionGameEntry => ({ code, name, category, type: "session", engine });

export const HOUSE_GAMES = {
  HOUSE_BACCARAT: instant(baccarat.id, "Baccarat", "LIVE", baccarat.engine),
  HOUSE_ROULETTE: instant(roulette.id, "European Roulette", "LIVE", roulette.engine),
  HOUSE_SICBO: instant(sicBo.id, "Sic Bo", "LIVE", sicBo.engine),
  HOUSE_DRAGON_TIGER: instant(dragonTiger.id, "Dragon Tiger", "LIVE", dragonTiger.engine),
  HOUSE_BLACKJACK: session(blackjack.id, "Blackjack", "LIVE", blackjack.engine),
  HOUSE_FANTAN: instant(fanTan.id, "Fan Tan", "LIVE", fanTan.engine),
  HOUSE_FPC: instant(fishPrawnCrab.id, "Fish Prawn Crab", "LIVE", fishPrawnCrab.engine),
  HOUSE_NIUNIU: instant(niuniu.id, "Niuniu", "LIVE", niuniu.engine),
  HOUSE_3CP: session(threeCardPoker.id, "Three Card Poker", "LIVE", threeCardPoker.engine),
  HOUSE_SEDIE: instant(seDie.id, "Se Die", "LIVE", seDie.engine),
  HOUSE_SLOT_1: instant(jadeKoi.config.id, jadeKoi.config.name, "RNG", jadeKoi.engine),
  HOUSE_SLOT_2: instant(pharaohsGold.config.id, pharaohsGold.config.name, "RNG", pharaohsGold.engine),
  HOUSE_SLOT_3: instant(neonFruits.config.id, neonFruits.config.name, "RNG", neonFruits.engine),
  HOUSE_DICE: instant(dice.id, "Dice", "RNG", dice.engine),
  HOUSE_HILO: session(hilo.id, "Hi-Lo", "RNG", hilo.engine),
} as const satisfies Record<string, HouseGame>;

export type HouseGameCode = keyof typeof HOUSE_GAMES;

export const HOUSE_GAME_CODES = Object.keys(HOUSE_GAMES) as HouseGameCode[];

export function isHouseGameCode(code: unknown): code is HouseGameCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(HOUSE_GAMES, code);
}

export function houseGame(code: string): HouseGame | undefined {
  return isHouseGameCode(code) ? HOUSE_GAMES[code] : undefined;
}

/** For catalogue listings: code, name and category of every HOUSE game. */
export function houseCatalogue(): Array<{ code: HouseGameCode; name: string; category: HouseCategory; type: HouseGame["type"] }> {
  return HOUSE_GAME_CODES.map((code) => ({ code, name: HOUSE_GAMES[code].name, category: HOUSE_GAMES[code].category, type: HOUSE_GAMES[code].type }));
}

