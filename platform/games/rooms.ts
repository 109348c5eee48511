import type { Database } from "../db/client.js";
import { gameName, getCatalogue, merchantOffer } from "./catalogue.js";
import { formatMinor, type Merchant } from "./service.js";
import { imageUrl } from "./images.js";

/**
 * PVP rooms (spec §7 `/wps/relay/GLS2_roomList`, TOKEN): the tables of the merchant's card-game
 * (PVP) vendors, read from the catalogue: every playable PVP game offered here opens one room per
 * stake tier. No PVP table server runs inside this platform, so who sits where is not known here:
 * the seated counts are a deterministic simulation (the same answer for the same room within a
 * minute, on every node), and the answer says so (`occupancySimulated`). A vendor that reports
 * its tables would replace `seatedAt` and nothing else.
 */

/** Base-bet tiers of a game's rooms: the game's minimum bet times these. */
export const ROOM_TIERS = [1n, 10n, 100n] as const;
/** Taking a seat needs this many base bets (the minimum entry, or buy-in). */
export const MIN_ENTRY_BASE_BETS = 20n;
/** Simulated seating changes once per this many milliseconds. */
export const OCCUPANCY_WINDOW_MS = 60_000;

/** Seats at a table by the kind of card game (by its code); six when the kind is not known. */
const SEATS_BY_KIND: ReadonlyArray<readonly [RegExp, number]> = [
  [/HOLD_?EM|POKER/, 9],
  [/TEEN_?PATTI|RUMMY/, 6],
  [/PAI_?GOW|MAHJONG/, 4],
  [/LANDLORD|TONGITS/, 3],
  [/DUEL/, 2],
];
export const DEFAULT_SEATS = 6;

export function seatsFor(gameCode: string): number {
  return SEATS_BY_KIND.find(([pattern]) => pattern.test(gameCode.toUpperCase()))?.[1] ?? DEFAULT_SEATS;
}

/** A 32-bit string hash (FNV-1a), mixed with a number. */
function hash(text: string, salt: number): number {
  let h = 0x811c9dc5 ^ salt;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return ((h ^ (h >>> 13)) >>> 0) / 4294967296;
}

/** Simulated players in a room at a moment: busier at low stakes, now and then full. */
export function seatedAt(roomId: string, maxSeats: number, tier: number, now: number): number {
  const r = hash(roomId, Math.floor(now / OCCUPANCY_WINDOW_MS));
  const busy = [1, 0.7, 0.4][tier] ?? 0.4;
  return Math.min(maxSeats, Math.floor(r * busy * (maxSeats + 1.5)));
}

export type RoomStatus = "OPEN" | "FULL" | "MAINTENANCE";

export interface RoomFilter {
  vassalage?: string;
  gameCode?: string;
}

/**
 * The rooms of the merchant's PVP vendors, in the merchant's vendor order and catalogue order,
 * lowest stakes first, filtered by vendor (vassalage) and game. `games` lists the PVP games the
 * vendor filter leaves, for a game filter.
 */
export async function pvpRooms(
  db: Database,
  merchant: Merchant & { currency: string },
  language: string,
  filter: RoomFilter,
  now = Date.now(),
) {
  const [catalogue, offer] = await Promise.all([getCatalogue(db), merchantOffer(db, merchant.code)]);
  const pvpVendors = offer.vendors.filter(({ vendor }) => vendor.gameType === "PVP" && (!filter.vassalage || vendor.code === filter.vassalage));
  const order = new Map(pvpVendors.map(({ vendor }, i) => [vendor.code, i]));
  const entries = catalogue.entries
    .filter((e) => e.game.gameType === "PVP" && e.game.isGame === "GAME" && order.has(e.game.vendorCode))
    .sort((a, b) => order.get(a.game.vendorCode)! - order.get(b.game.vendorCode)!);
  const games = entries.map((e) => ({ nodeId: e.game.nodeId, gameCode: e.game.gameCode, gameName: gameName(e.game.names, language), vassalage: e.game.vendorCode }));
  const rooms = entries
    .filter((e) => !filter.gameCode || e.game.gameCode === filter.gameCode)
    .flatMap((e) => {
      const g = e.game;
      const maxSeats = seatsFor(g.gameCode);
      return ROOM_TIERS.map((multiple, tier) => {
        const roomId = `${g.gameCode}-${String(tier + 1).padStart(2, "0")}`;
        const players = e.maintenance ? 0 : seatedAt(roomId, maxSeats, tier, now);
        const baseBet = g.minBet * multiple;
        const status: RoomStatus = e.maintenance ? "MAINTENANCE" : players >= maxSeats ? "FULL" : "OPEN";
        return {
          roomId,
          tableNo: tier + 1,
          nodeId: g.nodeId,
          gameCode: g.gameCode,
          gameName: gameName(g.names, language),
          vassalage: g.vendorCode,
          vendorName: e.vendor?.displayName ?? g.vendorCode,
          iconUrl: imageUrl(g.iconUrl, merchant.settings.imageCDNs),
          // Minimum bets are kept with two decimals whatever the currency (as in the game list).
          baseBet: formatMinor(baseBet),
          minEntry: formatMinor(baseBet * MIN_ENTRY_BASE_BETS),
          currency: merchant.currency,
          maxSeats,
          players,
          status,
        };
      });
    });
  return { list: rooms, total: rooms.length, games, occupancySimulated: true as const, asOf: new Date(now).toISOString() };
}

export type PvpRoom = Awaited<ReturnType<typeof pvpRooms>>["list"][number];
