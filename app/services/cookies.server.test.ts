import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { COOKIES, appCookie, cookieSettings, type CookieName } from "./cookies.server";

const APP = join(__dirname, "..");
const HELPER = "services/cookies.server.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe("cookies (issue 14: __Host- for every cookie)", () => {
  const files = sources(APP).map((path) => ({ file: relative(APP, path), text: readFileSync(path, "utf8") }));

  it("makes every cookie in app/ through appCookie, never createCookie or a hand-written Set-Cookie", () => {
    const offenders = files
      .filter(({ file }) => file !== HELPER)
      .filter(({ text }) =>
        /\bcreate(Cookie|CookieSessionStorage|SessionStorage|MemorySessionStorage|FileSessionStorage)\b/.test(text) ||
        // A Set-Cookie whose value is a literal or template string, not a cookie's serialize().
        /["']set-cookie["']\s*[,:]\s*[`"']/i.test(text),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    // The helper is used, and only with registered names (a typo is a type error, this keeps the list honest).
    const used = new Set(files.flatMap(({ text }) => [...text.matchAll(/\bappCookie\("([^"]+)"/g)].map((m) => m[1]!)));
    expect([...used].sort()).toEqual(Object.keys(COOKIES).sort());
  });

  it("under production over HTTPS every cookie is __Host- with Secure, Path=/ and no Domain", async () => {
    for (const base of Object.keys(COOKIES) as CookieName[]) {
      const { name, options } = cookieSettings(base, true);
      expect(name, base).toBe(`__Host-${base}`);
      expect(options.secure, base).toBe(true);
      expect(options.path, base).toBe("/");
      expect(options, base).not.toHaveProperty("domain");
      const header = await appCookie(base, true).serialize("x", { path: "/member", domain: "evil.example" } as never);
      expect(header, base).toMatch(new RegExp(`^__Host-${base}=`));
      expect(header, base).toContain("; Path=/;");
      expect(header, base).toMatch(/; Secure(;|$)/);
      expect(header, base).not.toMatch(/Domain=/i);
      expect(header, base).toContain("SameSite=Lax");
      if (base !== "lang" && base !== "theme") expect(header, base).toContain("HttpOnly");
    }
  });

  it("on plain-HTTP localhost the bare names, without Secure", async () => {
    const header = await appCookie("lang", false).serialize("en");
    expect(header).toMatch(/^lang=/);
    expect(header).not.toContain("Secure");
  });

  it("still reads a cookie a browser kept under its bare name, and prefers the prefixed one", async () => {
    const lang = appCookie("lang", true);
    const old = (await appCookie("lang", false).serialize("fr")).split(";")[0]!;
    expect(await lang.parse(old)).toBe("fr");
    const current = (await lang.serialize("de")).split(";")[0]!;
    expect(await lang.parse(`${old}; ${current}`)).toBe("de");
    expect(await lang.parse("other=1")).toBeNull();
    // Signed cookies too: a message set before the prefix is still read.
    const flash = appCookie("flash", true);
    const oldFlash = (await appCookie("flash", false).serialize({ k: 1 })).split(";")[0]!;
    expect(await flash.parse(oldFlash)).toEqual({ k: 1 });
  });
});
