import { betFormValues, type GameBets } from "~/lib/house-bets";
import { appCookie } from "./cookies.server";

/**
 * The last bet layout of each house game (its form values: stakes per spot, picks, dice
 * target), kept in a cookie so the next round starts from it, scripts or not.
 */
const lastBetCookie = appCookie("house_last_bet");

type Stored = Record<string, Record<string, string>>;

async function readAll(request: Request): Promise<Stored> {
  const value: unknown = await lastBetCookie.parse(request.headers.get("cookie")).catch(() => null);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Stored) : {};
}

/** The game's last posted bet form, reduced to the form's own field names (a forged cookie adds nothing). */
export async function lastBet(request: Request, game: string, def: GameBets): Promise<Record<string, string>> {
  const stored = (await readAll(request))[game];
  if (!stored || typeof stored !== "object") return {};
  const map = new Map(Object.entries(stored).filter(([, v]) => typeof v === "string"));
  return betFormValues({ get: (name) => map.get(name) ?? null }, def);
}

/** Set-Cookie that remembers this game's bet form; at most eight games are kept. */
export async function rememberBet(request: Request, game: string, values: Record<string, string>): Promise<string> {
  const all = await readAll(request);
  delete all[game];
  const kept = Object.entries(all).slice(-7);
  return lastBetCookie.serialize(Object.fromEntries([...kept, [game, values]]));
}
