/**
 * The position in a team list (team bets, team transactions) that a "next" or "previous" link
 * carries: the row's time to the microsecond, its source (`R` round, `T` ticket; `C` credit, `D`
 * debit) and its id, as base64url. It says where to continue, never whose rows: the team is
 * always the signed-in agent's, so a made-up cursor can only move the position. Pure (no database
 * import): the web checks a link's cursor with the same rule before it calls the platform.
 */
export interface ListCursor {
  /** ISO 8601 UTC with microseconds, e.g. 2026-11-25T01:02:03.123456Z. */
  time: string;
  source: string;
  id: number;
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const SOURCE = /^[A-Z]$/;
const B64URL = /^[A-Za-z0-9_-]{1,200}$/;

export function encodeCursor(c: ListCursor): string {
  return Buffer.from(`${c.time}|${c.source}|${c.id}`, "utf8").toString("base64url");
}

/** The cursor, or null when it is not one this site made (wrong shape, impossible time or id). */
export function decodeCursor(raw: string, sources: readonly string[]): ListCursor | null {
  if (!B64URL.test(raw)) return null;
  const parts = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (parts.length !== 3) return null;
  const [time, source, idText] = parts as [string, string, string];
  if (!TIME.test(time) || Number.isNaN(Date.parse(time)) || new Date(time).toISOString().slice(0, 19) !== time.slice(0, 19)) return null;
  if (!SOURCE.test(source) || !sources.includes(source)) return null;
  if (!/^[1-9]\d{0,15}$/.test(idText)) return null;
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return null;
  return { time, source, id };
}

export const TEAM_BET_SOURCES = ["R", "T"] as const;
export const TEAM_TX_SOURCES = ["C", "D"] as const;
