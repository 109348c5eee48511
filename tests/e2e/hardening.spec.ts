import { randomBytes, randomInt } from "node:crypto";
import { expect, test } from "./fixtures";

// Issue 14. Each test comes from its own address, so one test's failures never reach another.
const ip = () => `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}`;
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip() });
});
const newName = () => `hd${randomBytes(4).toString("hex")}`;
const PASSWORD = "Secret12345678";

async function loginWith(page: import("@playwright/test").Page, username: string, password: string, url = "/login") {
  await page.goto(url);
  const popup = page.getByTestId("login-popup");
  await popup.getByLabel("Nombre de usuario").fill(username);
  await popup.getByLabel("Contraseña").fill(password);
  await popup.getByRole("button", { name: "Iniciar sesión" }).click();
}

test("NAT: five failures for one name, then another player behind the same address logs in (at most a captcha), never a lockout", async ({ page, operator }) => {
  const victim = newName();
  const other = newName();
  await operator.createMember({ account: victim, password: PASSWORD });
  await operator.createMember({ account: other, password: PASSWORD });
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip() });
  const popup = page.getByTestId("login-popup");
  // Five failures for one name from one address: a wrong password, then (the account's captcha
  // now asked, spec §4) wrong passwords with wrong captchas, each counted.
  await loginWith(page, victim, "wrong-password-1");
  await expect(popup.getByTestId("captcha-image")).toBeVisible();
  for (let i = 2; i <= 5; i++) {
    await popup.getByLabel("Contraseña").fill(`wrong-password-${i}`);
    await popup.getByLabel("Código de seguridad").fill("0000");
    await popup.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(popup.getByRole("alert")).toBeVisible();
  }
  // That name is now locked, even with its right password.
  await popup.getByLabel("Contraseña").fill(PASSWORD);
  await popup.getByLabel("Código de seguridad").fill("0000");
  await popup.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(popup.getByRole("alert")).toContainText("5 minutos");
  // Another player's fresh browser behind the same address: at most a captcha, shown up front
  // if the address wants one (five failures are far below its ceiling, so none), and the login completes.
  await page.context().clearCookies();
  await page.goto("/login");
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId("captcha")).toHaveCount(0);
  await loginWith(page, other, PASSWORD);
  await expect(page.getByTestId("member-info")).toContainText(other);
});

test("a fresh address shows no captcha", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByTestId("login-popup")).toBeVisible();
  await expect(page.getByTestId("login-popup").getByTestId("captcha")).toHaveCount(0);
  await expect(page.getByTestId("header-captcha")).toHaveCount(0);
});

test("every HTML page has a nonce CSP, and every inline script carries the nonce", async ({ request }) => {
  for (const path of ["/", "/login", "/register", "/forgotPassword", "/lobby", "/no-such-page"]) {
    const res = await request.get(path);
    const csp = res.headers()["content-security-policy"] ?? res.headers()["content-security-policy-report-only"];
    expect(csp, path).toBeTruthy();
    const nonce = /'nonce-([^']+)'/.exec(csp!)?.[1];
    expect(nonce, path).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/form-action 'self'/);
    expect(res.headers()["permissions-policy"]).toBeTruthy();
    expect(res.headers()["cross-origin-opener-policy"]).toBe("same-origin");
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) {
      const inline = !/\bsrc=/.test(tag);
      if (inline) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
    }
  }
});

test("one Set-Cookie per cookie, and our own request id", async ({ request }) => {
  const res = await request.get("/", { headers: { "x-request-id": "attacker-chosen-id" } });
  const names = res.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value.split("=")[0]);
  expect(new Set(names).size).toBe(names.length);
  expect(res.headers()["x-request-id"]).not.toBe("attacker-chosen-id");
});

test("HSTS behind a trusted proxy that says https", async ({ request }) => {
  const res = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(res.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
  const plain = await request.get("/");
  expect(plain.headers()["strict-transport-security"]).toBeUndefined();
});

test("a redirectTo that resolves off-site is refused after login", async ({ page, operator, baseURL }) => {
  const account = newName();
  await operator.createMember({ account, password: PASSWORD });
  await loginWith(page, account, PASSWORD, "/login?redirectTo=%2F.%2F%2Fevil.example%2Fphish");
  await expect(page.getByTestId("member-info")).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
  expect(page.url()).not.toContain("evil.example");
});

test("the contract popup's close redirect stays on the site, for a visitor too", async ({ request }) => {
  for (const returnTo of ["/.//evil.example/phish", "/..//evil.example", "/x/..//evil.example", "//evil.example", "https://evil.example", "/\\evil.example"]) {
    const res = await request.get(`/contract?${new URLSearchParams({ close: "1", returnTo })}`, { maxRedirects: 0 });
    expect(res.status(), returnTo).toBe(302);
    expect(res.headers()["location"], returnTo).toBe("/");
  }
  const back = await request.get(`/contract?${new URLSearchParams({ close: "1", returnTo: "/promotions?popup=contract" })}`, { maxRedirects: 0 });
  expect(back.headers()["location"]).toBe("/promotions");
});

test("unreadable URLs are 400, cross-site posts 403 with the form, a stale token 403 with the input kept", async ({ page, request }) => {
  expect((await request.get("/rng?gameName=x%00y")).status()).toBe(400);
  expect((await request.get("/fish?x=%00")).status()).toBe(400);
  expect((await request.get("/lobby?q=%E0%A4%A")).status()).toBe(400);

  const cross = await request.post("/login", { headers: { origin: "https://evil.example" }, form: { username: "x", password: "y" } });
  expect(cross.status()).toBe(403);
  expect(await cross.text()).toContain('data-testid="page-expired"');

  await page.goto("/login");
  // With scripts, hydration sets the hidden token fields again: tamper with them only after it.
  await page.waitForLoadState("networkidle");
  const popup = page.getByTestId("login-popup");
  await popup.getByLabel("Nombre de usuario").fill("staleuser");
  await popup.getByLabel("Contraseña").fill("whatever-password");
  // The tab went stale: its token no longer matches the cookie.
  await page.evaluate(() => document.querySelectorAll<HTMLInputElement>('input[name="csrf"]').forEach((i) => (i.value = "stale")));
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login"),
    popup.getByRole("button", { name: "Iniciar sesión" }).click(),
  ]);
  expect(response.status()).toBe(403);
  const expired = page.getByTestId("page-expired");
  await expect(expired).toBeVisible();
  await expect(expired.locator('input[name="username"]')).toHaveValue("staleuser");
  await expect(expired.locator('input[name="password"]')).toHaveCount(0);
});

test("too many form fields are refused without an echo", async ({ page, request }) => {
  await page.goto("/login");
  const fields: Record<string, string> = {};
  for (let i = 0; i < 1000; i++) fields[`f${i}`] = `value-${i}`;
  const res = await request.post("/login", { form: fields });
  expect(res.status()).toBe(400);
  // The refusal is the site's own error page: none of the thousand values comes back.
  const body = await res.text();
  expect(body).not.toContain("value-");
  expect(body).not.toContain("f999");
});

test("reset by e-mail ends on a confirmation, not logged in; the new password then logs in", async ({ page, operator }) => {
  const account = newName();
  const email = `${account}@example.com`;
  await operator.createMember({ account, password: PASSWORD, email });
  await page.goto("/forgotPassword");
  const popup = page.getByTestId("forgot-popup");
  await popup.getByLabel("Nombre de usuario").fill(account);
  await popup.getByLabel("Correo electrónico").fill(email);
  await popup.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();
  const link = (await operator.lastMessage(email))?.match(/https?:\/\/\S+\/resetPassword\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("Mailreset12345");
  await page.getByLabel("Confirmar nueva contraseña").fill("Mailreset12345");
  await page.getByRole("button", { name: /contraseña/i }).last().click();
  await expect(page.getByTestId("reset-done")).toBeVisible();
  await expect(page.getByTestId("member-info")).toHaveCount(0);
  await loginWith(page, account, "Mailreset12345");
  await expect(page.getByTestId("member-info")).toContainText(account);
});
