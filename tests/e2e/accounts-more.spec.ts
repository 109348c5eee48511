import { randomBytes, randomInt } from "node:crypto";
import { expect, test } from "./fixtures";

// Each test comes from its own address: one test's failed or refused login turns the captcha on
// for its address (spec §4), which must not leak into the next test.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}` });
});

const newName = () => `m${randomBytes(4).toString("hex")}`;

async function logIn(page: import("@playwright/test").Page, username: string, password: string, path = "/login") {
  await page.goto(path);
  const form = page.getByRole("form", { name: "Iniciar sesión" }).last();
  await form.getByLabel("Nombre de usuario").fill(username);
  await form.getByLabel("Contraseña").fill(password);
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
}

test("a default password must be changed before anything else", async ({ page, operator }) => {
  const account = newName();
  await operator.createMember({ account, password: "changeme1", mustChangePassword: true });
  await logIn(page, account, "changeme1");
  await expect(page).toHaveURL(/\/changePassword$/);
  const popup = page.getByTestId("change-password-popup");
  await expect(popup.getByLabel("Contraseña actual")).toHaveCount(0);
  await page.goto("/hot");
  await expect(page).toHaveURL(/\/changePassword$/);
  await page.getByTestId("change-password-popup").getByLabel("Nueva contraseña", { exact: true }).fill("brandnew123");
  await page.getByTestId("change-password-popup").getByLabel("Confirmar nueva contraseña").fill("brandnew123");
  await page.getByTestId("change-password-popup").getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/member\/securityCenter\?changed=1$/);
  await expect(page.getByTestId("password-changed")).toBeVisible();
  await page.goto("/hot");
  await expect(page).toHaveURL(/\/hot$/);
});

test("the security centre changes a password with the current one", async ({ page, operator }) => {
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  await logIn(page, account, "secret123");
  await expect(page.getByTestId("member-info")).toBeVisible();
  await page.goto("/member/securityCenter");
  const form = page.getByTestId("change-password-form");
  await form.getByLabel("Contraseña actual").fill("wrongone1");
  await form.getByLabel("Nueva contraseña", { exact: true }).fill("secret456");
  await form.getByLabel("Confirmar nueva contraseña").fill("secret456");
  await form.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByTestId("change-password-form").getByRole("alert").first()).toBeVisible();
  await page.getByTestId("change-password-form").getByLabel("Contraseña actual").fill("secret123");
  await page.getByTestId("change-password-form").getByLabel("Nueva contraseña", { exact: true }).fill("secret456");
  await page.getByTestId("change-password-form").getByLabel("Confirmar nueva contraseña").fill("secret456");
  await page.getByTestId("change-password-form").getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByTestId("password-changed")).toBeVisible();
});

test("the agent page admits agents and refuses members", async ({ page, operator }) => {
  const member = newName();
  const agent = newName();
  await operator.createMember({ account: member, password: "secret123" });
  await operator.createMember({ account: agent, password: "secret123", type: 1 });
  await logIn(page, member, "secret123", "/agentHome");
  await expect(page.getByTestId("login-popup").getByTestId("login-error")).toHaveText("Las cuentas que no son de agente no pueden iniciar sesión");
  await expect(page.getByTestId("member-info")).toHaveCount(0);
  await logIn(page, agent, "secret123", "/agentHome");
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByTestId("member-info")).toContainText(agent);
});

test("free play logs in a trial account whose account actions are blocked", async ({ page }) => {
  await page.goto("/login");
  await page.getByTestId("free-play").click();
  await expect(page.getByTestId("trial-badge")).toBeVisible();
  await page.goto("/member/securityCenter");
  await expect(page.getByTestId("trial-warning")).toBeVisible();
  await expect(page.getByTestId("change-password-form")).toHaveCount(0);
});

test("the first login of an account made by the back office opens the first-login step", async ({ page, operator }) => {
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  await logIn(page, account, "secret123");
  await expect(page).toHaveURL(/\/member\/securityCenter\?first=1$/);
  await expect(page.getByTestId("first-login")).toBeVisible();
  await page.goto("/logout");
  await page.getByTestId("logout-confirm").getByRole("button").first().click();
  await expect(page.getByTestId("member-info")).toHaveCount(0);
  await logIn(page, account, "secret123");
  await expect(page).toHaveURL(/\/$/);
});

test("an authenticator app guards logins from new addresses", async ({ browser, operator }, testInfo) => {
  // Waits for the app's next 30-second code, so it needs more than the default time.
  test.setTimeout(180_000);
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const home = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: { "x-forwarded-for": `198.22.${randomInt(0, 255)}.${randomInt(1, 254)}` } });
  const page = await home.newPage();
  await logIn(page, account, "secret123");
  await expect(page.getByTestId("first-login")).toBeVisible();
  await page.getByTestId("totp").getByRole("button").click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  // The code is drawn on white in either theme, scripts or not (it shares the download QR's box).
  const qr = page.getByTestId("totp").getByRole("img", { name: "App de autenticación" });
  await expect(qr.locator("svg")).toBeVisible();
  expect(await qr.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");
  const { TOTP, Secret } = await import("otpauth");
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const code = () => totp.generate();
  await page.getByTestId("totp").getByLabel("Código de verificación").fill("000000" === code() ? "111111" : "000000");
  await page.getByTestId("totp").getByRole("button").click();
  await expect(page.getByTestId("totp").getByRole("alert")).toBeVisible();
  const enableCode = code();
  await page.getByTestId("totp").getByLabel("Código de verificación").fill(enableCode);
  await page.getByTestId("totp").getByRole("button").click();
  await expect(page.getByTestId("totp-enabled")).toBeVisible();
  await home.close();

  const away = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: { "x-forwarded-for": `198.23.${randomInt(0, 255)}.${randomInt(1, 254)}` } });
  const other = await away.newPage();
  await logIn(other, account, "secret123");
  await expect(other).toHaveURL(/\/login\?verify=1$/);
  await expect(other.getByTestId("verify-popup")).toBeVisible();
  await other.getByLabel("Código de verificación").fill("12345x");
  await other.getByRole("button", { name: "Enviar" }).click();
  await expect(other.getByTestId("verify-popup").getByRole("alert")).toBeVisible();
  // A code is usable once: the one that turned the app on is refused now, whether its 30-second
  // step is still current, a neighbour (within the window) or past.
  await other.getByLabel("Código de verificación").fill(enableCode);
  const refused = other.waitForResponse((r) => r.request().method() === "POST");
  await other.getByRole("button", { name: "Enviar" }).click();
  await refused;
  await expect(other.getByTestId("verify-popup").getByRole("alert")).toBeVisible();
  // The next step's code is within the window and later than the used one: no wait for the clock.
  await other.getByLabel("Código de verificación").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await other.getByRole("button", { name: "Enviar" }).click();
  await expect(other.getByTestId("member-info")).toContainText(account);
  await away.close();
});

test("member announcements: A for every member, F only in the session of the first login", async ({ page, operator }) => {
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  await logIn(page, account, "secret123");
  await expect(page.getByTestId("first-login")).toBeVisible();
  await page.goto("/");
  const popup = page.getByTestId("announcement");
  await expect(popup).toBeVisible();
  const titles: string[] = [];
  for (let i = 0; i < 3 && (await page.getByTestId("announcement").count()); i++) {
    titles.push((await page.getByTestId("announcement").getByRole("heading").textContent()) ?? "");
    // Closing posts the form and loads the page again (reloadDocument, scripts or not): waiting for
    // the old document's load state returned at once, and the count then read the page mid-navigation.
    const loaded = page.waitForEvent("load");
    await page.getByTestId("announcement-close").click();
    await loaded;
  }
  expect(titles).toEqual(expect.arrayContaining(["Gracias por jugar", "Tu primer inicio de sesión"]));
  expect(titles).not.toContain("¡Bienvenido!");
});
