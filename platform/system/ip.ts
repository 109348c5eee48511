import ipaddr from "ipaddr.js";

/** Normalizes an address: IPv4-mapped IPv6 becomes IPv4; invalid input becomes null. */
export function parseIp(value: string | null | undefined): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!value) return null;
  const trimmed = value.trim().replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(trimmed)) return null;
  const addr = ipaddr.parse(trimmed);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (addr as ipaddr.IPv6).toIPv4Address();
  }
  return addr;
}

/**
 * An address as text in its normal form (IPv4-mapped IPv6 as IPv4), or null: kept per text, as a
 * visitor's address comes on every permission call and parsing it was a twentieth of a kept page's answer.
 */
const normalized = new Map<string, string | null>();
const NORMALIZED_MAX = 10_000;
export function normalIp(value: string | null | undefined): string | null {
  if (!value) return null;
  let text = normalized.get(value);
  if (text === undefined) {
    text = parseIp(value)?.toString() ?? null;
    if (normalized.size >= NORMALIZED_MAX) normalized.clear();
    normalized.set(value, text);
  }
  return text;
}

/** True when the text is a single address or a CIDR range. */
export function isValidRange(range: string): boolean {
  const r = range.trim();
  if (ipaddr.isValid(r)) return true;
  try {
    ipaddr.parseCIDR(r);
    return true;
  } catch {
    return false;
  }
}

type Addr = ipaddr.IPv4 | ipaddr.IPv6;
/** A range as a test of one parsed address; a malformed range never matches (the operator API refuses them on write). */
function compileRange(range: string): (addr: Addr) => boolean {
  const r = range.trim();
  try {
    if (r.includes("/")) {
      const [net, bits] = ipaddr.parseCIDR(r);
      return (addr) => net.kind() === addr.kind() && addr.match([net, bits] as never);
    }
    const single = parseIp(r);
    if (!single) return () => false;
    const normalized = single.toNormalizedString();
    return (addr) => single.kind() === addr.kind() && normalized === addr.toNormalizedString();
  } catch {
    return () => false;
  }
}

/**
 * Ranges parsed once per list: the site status row is kept between writes (kept-reads.ts), so the
 * same array comes back on every request, and parsing its ranges was most of the status check.
 */
const compiled = new WeakMap<readonly string[], { tests: Array<(addr: Addr) => boolean>; answers: Map<string, boolean> }>();
/** Answers kept per list: an address asks again on every page, and parsing it was a tenth of a kept page's answer. */
const ANSWERS_MAX = 10_000;

export function ipInRanges(ip: string | null | undefined, ranges: readonly string[]): boolean {
  if (!ip || ranges.length === 0) return false;
  let list = compiled.get(ranges);
  if (!list) compiled.set(ranges, (list = { tests: ranges.map(compileRange), answers: new Map() }));
  const known = list.answers.get(ip);
  if (known !== undefined) return known;
  const addr = parseIp(ip);
  const answer = addr !== null && list.tests.some((test) => test(addr));
  if (list.answers.size >= ANSWERS_MAX) list.answers.clear();
  list.answers.set(ip, answer);
  return answer;
}
