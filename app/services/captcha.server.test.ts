import { vi } from "vitest";
import { captchaNeeded } from "./captcha.server";
import { getLocale } from "./i18n.server";
import { REQUEST_ID_HEADER } from "./observability.server";
import { getSiteStatus } from "./system.server";

// The platform as the web side reaches it: each call recorded, each path answered from `answers`.
const platform = vi.hoisted(() => ({ calls: [] as string[], answers: new Map<string, unknown>(), failing: false }));
vi.mock("./platform.server", () => ({
  callPlatform: async (_request: Request, path: string) => {
    platform.calls.push(path);
    if (platform.failing) throw new Error("platform down");
    return platform.answers.get(path);
  },
  parsedValue: (_request: Request, _path: string, schema: { parse: (v: unknown) => unknown }, value: unknown) => schema.parse(value),
}));

/** A request as the server hands it on: with its id, under which each answer is read once. */
const pageRequest = (url: string) => new Request(url, { headers: { [REQUEST_ID_HEADER]: crypto.randomUUID() } });

const permission = (login?: { captchaRequired: boolean }) => ({
  info: { status: 0, brandVersion: "v1" },
  location: { ip: "192.0.2.7", country: null },
  ...(login ? { login } : {}),
});

describe("the captcha a visitor's login must carry", () => {
  beforeEach(() => {
    platform.calls = [];
    platform.answers.clear();
    platform.failing = false;
  });

  it("is read from the permission answer the page reads anyway: a visitor's page asks the platform once", async () => {
    for (const captchaRequired of [true, false]) {
      platform.calls = [];
      platform.answers.set("/wps/system/permission", permission({ captchaRequired }));
      const request = pageRequest("http://site.example/");
      // As the visitor memo's key reads them: the site's status, then the captcha.
      expect(await getSiteStatus(request, await getLocale(request))).toEqual({ status: 0, brandVersion: "v1" });
      expect(await captchaNeeded(request)).toBe(captchaRequired);
      expect(await captchaNeeded(request)).toBe(captchaRequired);
      expect(platform.calls).toEqual(["/wps/system/permission"]);
    }
  });

  it("is asked of the login-state call when the permission answer does not carry it", async () => {
    platform.answers.set("/wps/system/permission", permission());
    platform.answers.set("/wps/session/login-state", { captchaRequired: true });
    expect(await captchaNeeded(pageRequest("http://site.example/login"))).toBe(true);
    expect(platform.calls).toEqual(["/wps/system/permission", "/wps/session/login-state"]);
  });

  it("is shown when the platform cannot say", async () => {
    platform.failing = true;
    expect(await captchaNeeded(pageRequest("http://site.example/"))).toBe(true);
  });
});
