import { contentSecurityPolicy, dedupeCookies, servedOverHttps, splitSetCookie, toSources } from "./security-headers.server";
import { unreadableUrl } from "./observability.server";

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
});
