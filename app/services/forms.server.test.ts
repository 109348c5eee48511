import { describe, expect, it } from "vitest";
import { isCrossSite } from "./forms.server";

const post = (headers: Record<string, string>) => new Request("http://site.test/login", { method: "POST", headers: { host: "site.test", ...headers } });

describe("isCrossSite", () => {
  it("takes the browser's Sec-Fetch-Site first", () => {
    expect(isCrossSite(post({ "sec-fetch-site": "cross-site", origin: "http://site.test" }))).toBe(true);
    // A no-referrer page (the game frame) posts with Origin null from the same origin.
    expect(isCrossSite(post({ "sec-fetch-site": "same-origin", origin: "null" }))).toBe(false);
  });

  it("falls back to the Origin against the host", () => {
    expect(isCrossSite(post({ origin: "http://site.test" }))).toBe(false);
    expect(isCrossSite(post({ origin: "http://evil.test" }))).toBe(true);
    expect(isCrossSite(post({ origin: "null" }))).toBe(true);
    expect(isCrossSite(post({}))).toBe(false);
  });
});
