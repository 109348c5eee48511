import { vi } from "vitest";
import { memoKey, onlyKeyedCookies, requestPart, VisitorMemo, type MemoEntry } from "./visitor-memo.server";

// The platform's two answers the key is made of, as the loaders would read them.
const answers = vi.hoisted(() => ({ status: 0 as 0 | 1 | 2, brandVersion: "v1" as string | undefined, captcha: false }));
vi.mock("./system.server", () => ({
  getSiteStatus: async () => ({ status: answers.status, brandVersion: answers.brandVersion }),
}));
const asked = vi.hoisted(() => ({ captcha: 0 }));
vi.mock("./captcha.server", () => ({
  captchaNeeded: async () => {
    asked.captcha++;
    return answers.captcha;
  },
}));

const entry = (renderKey: string): MemoEntry => ({ renderKey, routeId: "routes/_home._index", headers: [], policy: { name: "content-security-policy", before: "a", after: "b" }, vary: null });
const request = (url: string, headers: Record<string, string> = {}, method = "GET") => new Request(url, { method, headers });

describe("visitor memo (ADR 035)", () => {
  beforeEach(() => Object.assign(answers, { status: 0, brandVersion: "v1", captcha: false }));

  it("lets through the cookies of ours that visitors' loaders read, the token and other sites' cookies; refuses any other of ours", () => {
    expect(onlyKeyedCookies(null)).toBe(true);
    expect(onlyKeyedCookies("__Host-csrf=abc; _ga=GA1.2.3")).toBe(true);
    expect(onlyKeyedCookies("theme=ImRhcmsi; __Host-lang=ImFyIg%3D%3D; __Host-ann_closed=e30%3D; __Host-csrf=x")).toBe(true);
    for (const ours of ["__Host-session=x", "session=x", " \u00a0__Host-session=x", "__Host-flash=x", "__Host-captcha=x", "__Host-login_challenge=x", "first_login=x", "__Host-balance_masked=x"]) {
      expect(onlyKeyedCookies(`theme=ImRhcmsi; ${ours}`), ours).toBe(false);
    }
  });

  it("keys on the language, theme and closed popups as the loaders read them, not on the cookie text", async () => {
    const keyFor = async (cookie: string) => {
      const req = request("http://site.example/", { cookie });
      return memoKey(req, requestPart(req)!, 100);
    };
    const arabic = await keyFor("lang=ImFyIg%3D%3D");
    // The same language written another way, and the same cookie with other sites' cookies around it: one page.
    expect(await keyFor("_ga=1; lang=ImFyIg%3D%3D; other=2")).toBe(arabic);
    // A byte the parser keeps makes the value unreadable: the loaders fall back to Spanish, and so does the key.
    expect(await keyFor("lang=ImFyIg%3D%3D\u00a0")).toBe(await keyFor(""));
    // A name sent twice: the first is the one read, whatever the order.
    expect(await keyFor("lang=ImVuIg%3D%3D; lang=ImFyIg%3D%3D")).not.toBe(arabic);
    expect(await keyFor("lang=ImFyIg%3D%3D; lang=ImVuIg%3D%3D")).toBe(arabic);
    expect(await keyFor("theme=ImRhcmsi")).not.toBe(await keyFor(""));
    expect(await keyFor(`ann_closed=${encodeURIComponent(Buffer.from(JSON.stringify({ visitor: [7] })).toString("base64"))}`)).not.toBe(await keyFor(""));
  });

  it("takes only a GET of a listed page without a reload or data query", () => {
    expect(requestPart(request("http://site.example/"))).toContain("http://site.example/");
    expect(requestPart(request("http://site.example/?lng=en"))).toContain("?lng=en");
    expect(requestPart(request("http://site.example/rng"))).toBeNull();
    expect(requestPart(request("http://site.example/?refresh=hot"))).toBeNull();
    expect(requestPart(request("http://site.example/?_data=root"))).toBeNull();
    expect(requestPart(request("http://site.example/", {}, "HEAD"))).toBeNull();
    expect(requestPart(request("http://site.example/", { "X-Remix-Hydration": "1" }))).toBeNull();
    expect(requestPart(request("http://site.example/", { cookie: "__Host-session=x" }))).toBeNull();
    // The host and the forwarded host and protocol are the page's: each its own key.
    const parts = new Set(
      [
        request("http://a.example/"),
        request("http://b.example/"),
        request("http://a.example/", { "x-forwarded-host": "c.example" }),
        request("http://a.example/", { "x-forwarded-proto": "https" }),
      ].map(requestPart),
    );
    expect(parts.size).toBe(4);
  });

  it("puts the site's status, the brand's version, the captcha and the second in the key, and has none while the site is closed to the visitor", async () => {
    const req = request("http://site.example/");
    const part = requestPart(req)!;
    const base = await memoKey(req, part, 100);
    expect(base).not.toBeNull();
    expect(await memoKey(req, part, 100)).toBe(base);
    expect(await memoKey(req, part, 101)).not.toBe(base);
    answers.captcha = true;
    expect(await memoKey(req, part, 100)).not.toBe(base);
    answers.captcha = false;
    answers.brandVersion = "v2";
    expect(await memoKey(req, part, 100)).not.toBe(base);
    for (const closed of [1, 2] as const) {
      answers.status = closed;
      const before = asked.captcha;
      expect(await memoKey(req, part, 100), `status ${closed}`).toBeNull();
      // A site closed to the visitor is not asked about the captcha (the root loader does not ask either).
      expect(asked.captcha).toBe(before);
    }
    answers.status = 0;
    answers.brandVersion = undefined;
    expect(await memoKey(req, part, 100)).toBeNull();
  });

  it("forgets a second's entries when the next one begins, keeps nothing for a past second, and stays within its bound", () => {
    const memo = new VisitorMemo(2);
    memo.set("a", 10, entry("A"));
    expect(memo.get("a", 10)?.renderKey).toBe("A");
    expect(memo.get("a", 11)).toBeNull();
    memo.set("late", 10, entry("L"));
    expect(memo.get("late", 11)).toBeNull();
    // A request of a second that has passed finds nothing, and leaves the current second's entries.
    memo.set("k", 11, entry("K"));
    expect(memo.get("k", 10)).toBeNull();
    expect(memo.get("k", 11)?.renderKey).toBe("K");
    memo.set("b", 11, entry("B"));
    memo.set("c", 11, entry("C"));
    memo.set("d", 11, entry("D"));
    expect(memo.size).toBe(2);
    expect(memo.get("d", 11)).toBeNull();
    const off = new VisitorMemo(0);
    off.set("a", 1, entry("A"));
    expect(off.get("a", 1)).toBeNull();
  });
});
