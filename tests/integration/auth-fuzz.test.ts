import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { freePort, WEB_SERVER, root, startNode, waitFor } from "./servers";
// Skipped without a build: these start the built server (build/index.js). `npm test` builds
// before it runs them; run `npm run build` first when running this file alone.
const built = existsSync(path.join(root, "build/index.js"));

/** Values a hostile or clumsy client sends: empty, huge, unicode, control characters, markup. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "<script>alert(1)</script>", "' OR 1=1 --", "%00", "../../etc/passwd", "🙂".repeat(300), "a".repeat(5000)),
);

const FORMS: Array<{ path: string; fields: string[]; keep?: string }> = [
  { path: "/login", fields: ["username", "password", "captcha", "type", "remember", "mobileNum", "verificationCode", "intent", "redirectTo"], keep: "username" },
  { path: "/register", fields: ["username", "password", "confirmPassword", "email", "mobileNum", "referralCode", "terms", "age", "website", "mode"], keep: "username" },
  { path: "/forgotPassword", fields: ["intent", "username", "email", "mobileNum", "countryDialingCode", "verificationCode", "newPassword"] },
  { path: "/resetPassword", fields: ["token", "newPassword", "confirmNewPassword"] },
];

// Every auth form, fed random input: always an answer with messages or a redirect, never a 500.
// Skipped without a build (build/index.js): `npm test` builds before it runs this suite; run
// `npm run build` first when running it alone.
describe.runIf(built)("auth forms under random input", () => {
  let web: ChildProcess | undefined;
  let base = "";
  let dataDir = "";
  let cookie = "";
  let csrf = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "fuzz-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    web = startNode([WEB_SERVER, "build/index.js"], {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      INSECURE_COOKIES: "1",
      TRUST_PROXY: "1",
    });
    await waitFor(`${base}/healthz`);
    const page = await fetch(`${base}/login`);
    cookie = (page.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
    csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    expect(csrf).not.toBe("");
  }, 60_000);

  afterAll(() => {
    web?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const form of FORMS) {
    it(`${form.path} never answers 500`, async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(form.fields.map((f) => [f, fc.option(nasty, { nil: undefined })])) as Record<string, fc.Arbitrary<string | undefined>>), async (values) => {
          const body = new URLSearchParams({ csrf });
          for (const [k, v] of Object.entries(values)) if (v !== undefined) body.append(k, v);
          const res = await fetch(`${base}${form.path}`, {
            method: "POST",
            body,
            redirect: "manual",
            headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `203.0.113.${(n++ % 250) + 1}` },
          });
          const html = await res.text();
          expect([200, 302, 303, 400, 401, 403, 404, 429]).toContain(res.status);
          expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
          // Input is kept: a refused username comes back in its field (passwords never do).
          const kept = form.keep ? values[form.keep] : undefined;
          if (res.status === 400 && kept && /^[\w.-]{1,30}$/.test(kept)) {
            expect(html.includes(`value="${kept}"`), `keeps ${kept}`).toBe(true);
          }
          // A password field never comes back filled in.
          for (const input of html.match(/<input[^>]*type="password"[^>]*>/g) ?? []) {
            expect(input, "password field pre-filled").not.toMatch(/\svalue="[^"]+"/);
          }
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  }

  it("refuses a form post without its CSRF token", async () => {
    const res = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams({ username: "a", password: "b" }), headers: { cookie } });
    expect(res.status).toBe(403);
  });
});
