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

export function ipInRanges(ip: string | null | undefined, ranges: readonly string[]): boolean {
  const addr = parseIp(ip);
  if (!addr) return false;
  for (const range of ranges) {
    const r = range.trim();
    try {
      if (r.includes("/")) {
        const [net, bits] = ipaddr.parseCIDR(r);
        if (net.kind() === addr.kind() && addr.match([net, bits] as never)) return true;
      } else {
        const single = parseIp(r);
        if (single && single.kind() === addr.kind() && single.toNormalizedString() === addr.toNormalizedString()) {
          return true;
        }
      }
    } catch {
      // A malformed range never matches; the operator API refuses them on write.
    }
  }
  return false;
}
