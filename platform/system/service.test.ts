import { computeStatus, localize, normalizeHost, SystemStatus } from "./service.js";
import { ipInRanges, isValidRange, normalIp, parseIp } from "./ip.js";

const open = { maintenance: false, blockedCountries: [], blockedIpRanges: [] };

describe("computeStatus", () => {
  it.each([
    ["normal", open, { ip: "8.8.8.8", country: "US" }, SystemStatus.NORMAL],
    ["maintenance", { ...open, maintenance: true }, { ip: "8.8.8.8", country: null }, SystemStatus.MAINTENANCE],
    ["blocked country", { ...open, blockedCountries: ["US"] }, { ip: "8.8.8.8", country: "us" }, SystemStatus.REGION_RESTRICTED],
    ["blocked range", { ...open, blockedIpRanges: ["8.8.0.0/16"] }, { ip: "8.8.4.4", country: null }, SystemStatus.REGION_RESTRICTED],
    ["outside range", { ...open, blockedIpRanges: ["8.8.0.0/16"] }, { ip: "8.9.0.1", country: null }, SystemStatus.NORMAL],
    ["maintenance wins over restriction", { maintenance: true, blockedCountries: ["US"], blockedIpRanges: ["0.0.0.0/0"] }, { ip: "8.8.8.8", country: "US" }, SystemStatus.MAINTENANCE],
    ["unknown visitor is not blocked by ranges", { ...open, blockedIpRanges: ["0.0.0.0/0"] }, { ip: null, country: null }, SystemStatus.NORMAL],
    ["no status row", undefined, { ip: "1.1.1.1", country: "US" }, SystemStatus.NORMAL],
  ])("%s", (_name, status, visitor, expected) => {
    expect(computeStatus(status, visitor).status).toBe(expected);
  });

  it("reports both flags even when maintenance decides the status", () => {
    const r = computeStatus({ maintenance: true, blockedCountries: ["MX"], blockedIpRanges: [] }, { ip: null, country: "MX" });
    expect(r).toEqual({ status: 1, maintenance: true, regionRestriction: true });
  });
});

describe("ip ranges", () => {
  it.each([
    ["203.0.113.9", ["203.0.113.0/24"], true],
    ["203.0.114.9", ["203.0.113.0/24"], false],
    ["::ffff:203.0.113.9", ["203.0.113.0/24"], true],
    ["2001:db8::1", ["2001:db8::/32"], true],
    ["2001:db9::1", ["2001:db8::/32"], false],
    ["10.0.0.1", ["10.0.0.1"], true],
    ["10.0.0.2", ["10.0.0.1"], false],
    ["[::1]", ["::1"], true],
    ["not-an-ip", ["0.0.0.0/0"], false],
    ["10.0.0.1", ["garbage", "10.0.0.0/8"], true],
  ])("%s in %j is %s", (ip, ranges, expected) => {
    expect(ipInRanges(ip, ranges)).toBe(expected);
  });

  it("answers an address asked again from its list's kept answers, and a new list afresh", () => {
    const ranges = ["198.51.100.0/24"];
    for (let i = 0; i < 3; i++) {
      expect(ipInRanges("198.51.100.7", ranges)).toBe(true);
      expect(ipInRanges("198.51.101.7", ranges)).toBe(false);
    }
    // The operator's new list is a new array (the status row is read again after a write).
    const widened = ["198.51.100.0/23"];
    expect(ipInRanges("198.51.101.7", widened)).toBe(true);
    expect(ipInRanges("198.51.101.7", [])).toBe(false);
  });

  it("validates ranges", () => {
    expect(isValidRange("192.168.0.0/16")).toBe(true);
    expect(isValidRange("::1")).toBe(true);
    expect(isValidRange("192.168.0.0/33")).toBe(false);
    expect(isValidRange("hello")).toBe(false);
  });

  it("normalizes mapped addresses", () => {
    expect(parseIp("::ffff:127.0.0.1")?.toString()).toBe("127.0.0.1");
    expect(parseIp("")).toBeNull();
    for (let i = 0; i < 2; i++) {
      expect(normalIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
      expect(normalIp("[2001:db8:0:0::1]")).toBe("2001:db8::1");
      expect(normalIp("not-an-ip")).toBeNull();
    }
    expect(normalIp(null)).toBeNull();
  });
});

describe("hosts and texts", () => {
  it.each([
    ["LocalHost:3000", "localhost"],
    ["example.com", "example.com"],
    ["[::1]:3000", "[::1]"],
    ["", null],
  ])("normalizeHost(%j) = %j", (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });

  it("localizes with fallbacks", () => {
    expect(localize({ en: "Hi", es: "Hola" }, "es", "en")).toBe("Hola");
    expect(localize({ en: "Hi", es: "Hola" }, "fr", "es")).toBe("Hola");
    expect(localize({ en: "Hi" }, "fr", "es")).toBe("Hi");
    expect(localize({ th: "สวัสดี" }, "fr", "es")).toBe("สวัสดี");
    expect(localize({}, "fr", "es")).toBe("");
  });
});
