/**
 * A time zone's offsets over a few days, read with `Intl` on the server (zone-offsets.server.ts)
 * and sent with the root's data, so that the browser's clock (`formatClock`) ticks without
 * building an `Intl` formatter (ADR 041): a browser's first one costs a long task while ICU loads.
 */
export interface ZoneOffsets {
  zone: string;
  /** The instants covered: [from, until), in ms since the epoch. */
  from: number;
  until: number;
  /** Each offset (minutes east of UTC) from its instant on, the first at `from`. */
  offsets: Array<[number, number]>;
}

const kept = new Map<string, ZoneOffsets>();

/** Takes the offsets the server read: on the server from `Intl`, in the browser from the page's data. */
export function seedZoneOffsets(offsets: ZoneOffsets | null | undefined): void {
  if (offsets && typeof offsets.zone === "string" && Array.isArray(offsets.offsets) && offsets.offsets.length) kept.set(offsets.zone, offsets);
}

/** The offset in minutes at `at`, or null outside what is known. */
export function knownOffset(zone: string, at: number): number | null {
  const z = kept.get(zone);
  if (!z || at < z.from || at >= z.until) return null;
  let offset: number | null = null;
  for (const [start, minutes] of z.offsets) if (at >= start) offset = minutes;
  return offset;
}
