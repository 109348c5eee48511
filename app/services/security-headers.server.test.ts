import { contentSecurityPolicy, dedupeCookies, servedOverHttps, setSecurityHeaders, splitSetCookie, toSources } from "./security-headers.server";
import { logger, unreadableUrl } from "./observability.server";
import { env } from "./env.server";
import { action as cspReport } from "~/routes/csp-report";

/** Runs `fn` with some of the web's settings changed, then puts them back. */
function withEnv(values: Partial<typeof env>, fn: () => void) {
  const saved = { ...env };
  Object.assign(env, values);
  try {
    fn();
  } finally {
    Object.assign(env, saved);
  }
}

describe("security headers (issue 14)", () => {
  it("builds a nonce CSP with the operator's hosts and nothing that is not a host", () => {
    const csp = contentSecurityPolicy("abc", { img: ["https://img.example.com/path", "images", "javascript:alert(1)"], frame: ["games.example.net", "https://chat.example.com/x?y=1"] });
    expect(csp).toContain("script-src 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/img\.example\.com(;|$)/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/games\.example\.net https:\/\/chat\.example\.com(;|$)/);
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(toSources(["", "x", "http://a.b:8080/p"])).toEqual(["http://a.b:8080"]);
  });

  it("says HTTPS only for https URLs (X-Forwarded-Proto needs a trusted proxy)", () => {
    expect(servedOverHttps(new Request("https://site.example/"))).toBe(true);
    expect(servedOverHttps(new Request("http://site.example/", { headers: { "x-forwarded-proto": "https" } }))).toBe(false);
  });

  it("keeps one Set-Cookie per cookie", () => {
    const h = new Headers();
    h.append("Set-Cookie", "csrf=a; Path=/");
    h.append("Set-Cookie", "theme=dark; Expires=Thu, 01 Jan 2099 00:00:00 GMT; Path=/");
    h.append("Set-Cookie", "csrf=a; Path=/");
    dedupeCookies(h);
    const list = splitSetCookie(h.get("set-cookie"));
    expect(list.map((c) => c.split("=")[0])).toEqual(["csrf", "theme"]);
  });

  it("finds URLs that cannot be read safely", () => {
    expect(unreadableUrl("/rng?gameName=x%00y")).toBe(true);
    expect(unreadableUrl("/fish%00")).toBe(true);
    expect(unreadableUrl("/lobby?q=%E0%A4%A")).toBe(true);
    expect(unreadableUrl("/lobby?q=slots+fun&x=%2F")).toBe(false);
  });

  it("takes the deployment's hosts for frames, ancestors, images and payment forms, and can report only", () => {
    withEnv({ CSP_FRAME_HOSTS: "cs.example.org", CSP_FRAME_ANCESTORS: "https://partner.example.com", CSP_IMG_HOSTS: "cdn.example.com, not a host", PAYMENT_GATEWAY_HOSTS: "https://pay.example.com/checkout" }, () => {
      const csp = contentSecurityPolicy("n");
      expect(csp).toMatch(/frame-src 'self' https:\/\/cs\.example\.org(;|$)/);
      expect(csp).toMatch(/frame-ancestors 'self' https:\/\/partner\.example\.com(;|$)/);
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com(;|$)/);
      expect(csp).toMatch(/form-action 'self' https:\/\/pay\.example\.com(;|$)/);
      expect(csp).toContain("report-uri /csp-report");
    });
    const enforced = new Headers();
    setSecurityHeaders(enforced, new Request("http://site.example/"), "n");
    expect(enforced.get("Content-Security-Policy")).toContain("'nonce-n'");
    expect(enforced.get("Content-Security-Policy-Report-Only")).toBeNull();
    withEnv({ CSP_REPORT_ONLY: true }, () => {
      const trial = new Headers();
      setSecurityHeaders(trial, new Request("http://site.example/"), "n");
      expect(trial.get("Content-Security-Policy")).toBeNull();
      expect(trial.get("Content-Security-Policy-Report-Only")).toContain("'nonce-n'");
    });
  });

  it("logs a violation report without its query strings, and refuses what is not one", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      const post = (body: string, headers: Record<string, string> = {}) =>
        cspReport({ request: new Request("http://site.example/csp-report", { method: "POST", body, headers: { "content-type": "application/csp-report", ...headers } }), params: {}, context: {} });
      const report = { "csp-report": { "violated-directive": "script-src", "blocked-uri": "https://evil.example/x.js?token=secret", "document-uri": "http://site.example/resetPassword?token=abc" } };
      expect((await post(JSON.stringify(report))).status).toBe(204);
      expect(warn).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(warn.mock.calls[0]);
      expect(logged).toContain("csp.violation");
      expect(logged).toContain("https://evil.example/x.js");
      expect(logged).not.toMatch(/secret|token=abc/);
      expect((await post("not json")).status).toBe(400);
      expect((await post("{}", { "content-length": "9000" })).status).toBe(413);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});
