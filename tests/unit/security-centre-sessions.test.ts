import { http, HttpResponse } from "msw";
import { server, UPSTREAM } from "../mocks/upstream";

vi.hoisted(() => {
  process.env.UPSTREAM_URL = "http://upstream.test";
  process.env.UPSTREAM_TIMEOUT_MS = "500";
});

const { logoutOtherDevices, memberSessions } = await import("~/services/sessions.server");
const { takeFlash } = await import("~/services/flash.server");
const { newPasswordHint } = await import("~/services/password.server");
const { commitSession } = await import("~/services/session.server");
const { csrf } = await import("~/services/csrf.server");

const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";
const ok = (value: unknown) => HttpResponse.json({ success: true, value });

let revokeCalls: { token: string | null }[] = [];
let seenAgent: string | null = null;

beforeAll(() => server.listen({ onUnhandledRequest: "bypass" }));
beforeEach(() => {
  revokeCalls = [];
  seenAgent = null;
  server.use(
    http.get(`${UPSTREAM}/wps/member/info`, () =>
      ok({ id: 7, account: "player1", nickname: "player1", type: 0, isAgent: false, isTrial: false, passwordExpired: false, totpEnabled: false }),
    ),
    http.get(`${UPSTREAM}/wps/v2/wallets/balance`, () => ok({ balance: "1.00", currency: "USD" })),
    http.get(`${UPSTREAM}/wps/relay/CSP_unreadCount`, () => ok({ count: 0 })),
    http.get(`${UPSTREAM}/wps/member/sessions`, ({ request }) => {
      seenAgent = request.headers.get("x-client-user-agent");
      return ok({
        sessions: [
          { id: 2, current: true, ip: "198.51.100.7", userAgent: FIREFOX_WINDOWS, createdAt: "2026-11-24T10:00:00.000Z", lastSeenAt: "2026-11-24T12:00:00.000Z", remember: false },
          { id: 1, current: false, ip: "203.0.113.9", userAgent: CHROME_ANDROID, createdAt: "2026-11-23T10:00:00.000Z", lastSeenAt: "2026-11-23T11:00:00.000Z", remember: true },
        ],
      });
    }),
    http.post(`${UPSTREAM}/wps/member/sessions/revoke-others`, ({ request }) => {
      revokeCalls.push({ token: request.headers.get("authorization") });
      return ok({ revoked: 1 });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function memberCookies(withCsrf: boolean) {
  const session = (await commitSession("member-token-1", false)).split(";")[0]!;
  if (!withCsrf) return { cookie: session, token: "" };
  const [token, setCookie] = await csrf.commitToken();
  return { cookie: `${session}; ${setCookie!.split(";")[0]}`, token };
}

const page = "http://site.example/member/securityCenter";

describe("security centre: devices logged in (sessions.server)", () => {
  it("lists the member's sessions by device name, this one marked, without the raw User-Agent", async () => {
    const { cookie } = await memberCookies(false);
    const sessions = await memberSessions(new Request(page, { headers: { cookie, "user-agent": FIREFOX_WINDOWS } }));
    expect(sessions).toEqual([
      expect.objectContaining({ id: 2, current: true, ip: "198.51.100.7", device: { browser: "Firefox", os: "Windows", mobile: false } }),
      expect.objectContaining({ id: 1, current: false, ip: "203.0.113.9", device: { browser: "Chrome", os: "Android", mobile: true } }),
    ]);
    expect(JSON.stringify(sessions)).not.toContain("Gecko");
    // The platform learns which browser asks, for its own list.
    expect(seenAgent).toBe(FIREFOX_WINDOWS);
  });

  it("refuses a post without the CSRF token and logs nobody out", async () => {
    const { cookie } = await memberCookies(false);
    const request = new Request(`${page}?intent=logoutOthers`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://site.example", host: "site.example" },
      body: new URLSearchParams({}),
    });
    const thrown = await logoutOtherDevices(request).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(revokeCalls).toEqual([]);
  });

  it("logs out the other devices with a plain form post, then redirects with a one-time message", async () => {
    const { cookie, token } = await memberCookies(true);
    const request = new Request(`${page}?intent=logoutOthers`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://site.example", host: "site.example" },
      body: new URLSearchParams({ csrf: token }),
    });
    const res = await logoutOtherDevices(request);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/member/securityCenter");
    expect(revokeCalls).toEqual([{ token: "Bearer member-token-1" }]);
    const flash = res.headers.get("set-cookie")!.split(";")[0]!;

    const next = await takeFlash(new Request(page, { headers: { cookie: `${cookie}; ${flash}` } }));
    expect(next.flash).toMatchObject({ key: "sessions_logged_out", values: { n: "1" } });
    // The message is spent: the next answer clears its cookie.
    expect(new Headers(next.headers).get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });
});

describe("the password rule beside a new-password field", () => {
  const rules = (password: Record<string, unknown> | null) =>
    server.use(
      http.get(`${UPSTREAM}/wps/system/setting/register`, () =>
        ok({ modules: [], fields: password ? [{ field: "password", acceptedPattern: "*", enabled: true, required: true, ...password }] : [] }),
      ),
    );

  it("says the ASVS default when the brand sets none, and the brand's own rule when it does", async () => {
    rules(null);
    expect(await newPasswordHint(new Request(page))).toEqual({ key: "password_rule", bounds: "8 - 64" });
    rules({ patternId: "ALNUM_COMBINED", minLength: 10, maxLength: 30 });
    expect(await newPasswordHint(new Request(page))).toEqual({ key: "pattern_ALNUM_COMBINED", bounds: "10 - 30" });
  });

  it("leaves the hint out when the platform refuses, and the form still renders", async () => {
    server.use(http.get(`${UPSTREAM}/wps/system/setting/register`, () => HttpResponse.json({ success: false, error: { code: "NOT_FOUND", message: "x" } }, { status: 404 })));
    expect(await newPasswordHint(new Request(page))).toBeNull();
  });
});
