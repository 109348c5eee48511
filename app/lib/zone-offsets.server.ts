import { offsetMinutes } from "./periods";
import { seedZoneOffsets, type ZoneOffsets } from "./zone-offsets";

const DAY = 86_400_000;
const read = new Map<string, { from: number; offsets: ZoneOffsets | null }>();

const offsetAt = (zone: string, at: number) => offsetMinutes(new Date(at), zone);

/**
 * The zone's offsets from the day before `at`'s UTC day to two days after it. Zones change their
 * offset at most twice a year, so three days hold one change at most: found to the second.
 */
export function readZoneOffsets(zone: string, at: number): ZoneOffsets | null {
  try {
    const from = Math.floor(at / DAY) * DAY - DAY;
    const until = from + 3 * DAY;
    const first = offsetAt(zone, from);
    const last = offsetAt(zone, until - 1000);
    const offsets: Array<[number, number]> = [[from, first]];
    if (last !== first) {
      let lo = from;
      let hi = until - 1000;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offsetAt(zone, mid) === first) lo = mid;
        else hi = mid;
      }
      offsets.push([hi, last]);
    }
    return { zone, from, until, offsets };
  } catch {
    return null;
  }
}

/**
 * The zone's offsets around `at`, read once a day; the server's clock is laid out from them, as the
 * browser's will be from the copy the root's data carries (ADR 041).
 */
export function zoneOffsetsFor(zone: string, at: number): ZoneOffsets | null {
  const from = Math.floor(at / DAY) * DAY - DAY;
  const known = read.get(zone);
  if (known?.from === from) return known.offsets;
  const offsets = readZoneOffsets(zone, at);
  read.set(zone, { from, offsets });
  seedZoneOffsets(offsets);
  return offsets;
}
