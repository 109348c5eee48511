import { createHmac, randomBytes, randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_DEMO_VENDOR_SECRET } from "../../playwright.config";
import { seriousViolations } from "./axe";
import { cookieValue, expect, test } from "./fixtures";

// Each file comes from its own addresses, so other specs' captcha and lockout rules never reach it.
test.use({ extraHTTPHeaders: { "x-forwarded-for": `198.30.${randomInt(0, 255)}.${randomInt(1, 254)}` } });

const newName = () => `r${randomBytes(4).toString("hex")}`;

/** Logs in (an operator-made member's first login lands on the security centre) and waits for it. */
async function logIn(page: Page, account: string, password = "secret123", origin = "") {
  await page.goto(`${origin}/login`);
  // With scripts, typing before the page has hydrated can be lost: wait until it is quiet.
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "Iniciar sesión" }).last();
  await form.getByLabel("Nombre de usuario").fill(account);
  await form.getByLabel("Contraseña").fill(password);
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  // A first login hashes a password and lands on the security centre: slower than most steps.
  await expect(page.getByTestId("member-info")).toContainText(account);
}

/** The DEMO brand's day (its zone is UTC) shown as the web shows it in Spanish. */
const day = (offset: number) => {
  const d = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + offset));
  return new Intl.DateTimeFormat("es", { dateStyle: "medium", timeZone: "UTC" }).format(d);
};
const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("transaction history lists credits with balances after; type filter, period presets and bonus details", async ({ page, operator }) => {
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  await operator.credit(account, "10.00");
  await operator.credit(account, "5.50");
  await logIn(page, account);

  await page.goto("/member/transactionHistory");
  const shown = page.getByTestId("period-shown");
  await expect(shown).toHaveText(`Del ${day(-6)} al ${day(0)}`);
  const rows = page.getByTestId("history-row");
  await expect(rows).toHaveCount(2);
  // Newest first, two decimals in the reader's format (es: 1.234,50).
  await expect(rows.nth(0)).toContainText("Bono");
  await expect(rows.nth(0)).toContainText("+5,50");
  await expect(rows.nth(0).getByTestId("balance-after")).toHaveText("15,50");
  await expect(rows.nth(1)).toContainText("+10,00");
  await expect(rows.nth(1).getByTestId("balance-after")).toHaveText("10,00");

  // A type with nothing in it: the empty state, the type kept in the form.
  await page.getByLabel("Tipo").selectOption("deposit");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/type=deposit/);
  await expect(page.getByTestId("records-empty")).toHaveText("No hay registros en este periodo.");
  await expect(page.getByLabel("Tipo")).toHaveValue("deposit");

  // Presets: the window already ends today, so "next" is not offered; "previous" moves back and keeps the type.
  await expect(page.getByTestId("period_next_7")).toHaveAttribute("aria-disabled", "true");
  await page.getByTestId("period_previous_7").click();
  await expect(shown).toHaveText(`Del ${day(-13)} al ${day(-7)}`);
  await expect(page).toHaveURL(new RegExp(`type=deposit&from=${iso(-13)}&to=${iso(-7)}$`));
  await expect(page.getByLabel("Desde")).toHaveValue(iso(-13));
  await page.getByTestId("period_previous_30").click();
  await expect(shown).toHaveText(`Del ${day(-43)} al ${day(-14)}`);
  await page.getByTestId("period_next_30").click();
  await expect(shown).toHaveText(`Del ${day(-29)} al ${day(0)}`);
  await page.getByLabel("Tipo").selectOption("");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByTestId("history-row")).toHaveCount(2);

  // A period the platform cannot answer: said beside the field, the input kept, the default window shown.
  await page.goto("/member/transactionHistory?from=2026-11-10&to=2026-11-01");
  await expect(page.getByTestId("period-form").getByRole("alert")).toHaveText("La fecha final no puede ser anterior a la inicial");
  await expect(page.getByLabel("Hasta")).toHaveValue("2026-11-01");
  await expect(shown).toHaveText(`Del ${day(-6)} al ${day(0)}`);

  await page.goto("/member/bonusDetails");
  const bonuses = page.getByTestId("bonus-row");
  await expect(bonuses).toHaveCount(2);
  await expect(bonuses.nth(0).getByTestId("balance-after")).toHaveText("15,50");
  await page.getByTestId("period_previous_7").click();
  await expect(page.getByTestId("records-empty")).toHaveText("No hay bonos en este periodo.");

  await page.goto("/member/personalProfit");
  await expect(page.getByTestId("records-empty")).toBeVisible();
  await expect(page.getByTestId("period_previous_30")).toBeVisible();
});

test("history pages by links that keep the filters", async ({ page, operator }) => {
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  for (let i = 0; i < 21; i++) await operator.credit(account, "1.00");
  await logIn(page, account);
  await page.goto("/member/transactionHistory?type=bonus");
  await expect(page.getByTestId("history-row")).toHaveCount(20);
  await expect(page.getByTestId("pager")).toContainText("Página 1 de 2");
  await page.getByTestId("pager").getByRole("link", { name: "Página siguiente" }).click();
  await expect(page).toHaveURL(/type=bonus&page=2$/);
  await expect(page.getByTestId("history-row")).toHaveCount(1);
  await expect(page.getByTestId("balance-after")).toHaveText("1,00");
  await page.getByTestId("pager").getByRole("link", { name: "Página anterior" }).click();
  await expect(page).toHaveURL(/type=bonus$/);
  await expect(page.getByTestId("history-row").first().getByTestId("balance-after")).toHaveText("21,00");
});

/** A game round through the vendor wallet API (docs/vendor-wallet-api.md): what a vendor would send. */
async function vendorCall(request: APIRequestContext, baseURL: string, vendor: string, secret: string, call: "debit" | "credit", body: Record<string, string>) {
  const raw = JSON.stringify(body);
  const res = await request.post(`${baseURL}/wallet/v1/${call}`, {
    headers: { "content-type": "application/json", "x-vendor": vendor, "x-signature": createHmac("sha256", secret).update(raw).digest("hex") },
    data: raw,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("profit and loss sums a vendor's bets and wins by game type", async ({ page, operator, request, baseURL }) => {
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  await operator.credit(account, "50.00");
  // VIVO is a live-casino vendor of the demo brand, played by the embedded demo studio: the test
  // signs with the studio's key (demo-vendor/vendors.ts vendorSecret). Setting it here (the same
  // value the studio writes at its first use) lets the test run before any studio game was opened.
  const secret = createHmac("sha256", E2E_DEMO_VENDOR_SECRET).update("wallet-key:VIVO").digest("hex");
  expect((await operator.call("PUT", "/vendors/VIVO/wallet-key", { secret })).status).toBe(200);
  const launch = await operator.call("POST", `/merchants/DEMO/members/${account}/launch-tokens`, { vendorCode: "VIVO", gameCode: "VIVO_BACCARAT" });
  expect(launch.status, JSON.stringify(launch.body)).toBe(201);
  const token = (launch.body as { token: string }).token;
  const round = `rr-${randomBytes(4).toString("hex")}`;
  const origin = baseURL!.replace("localhost", "127.0.0.1");
  await vendorCall(request, origin, "VIVO", secret, "debit", { token, transactionId: `${round}-d1`, roundId: round, gameCode: "VIVO_BACCARAT", amount: "10.00" });
  await vendorCall(request, origin, "VIVO", secret, "debit", { token, transactionId: `${round}-d2`, roundId: round, gameCode: "VIVO_BACCARAT", amount: "2.50" });
  await vendorCall(request, origin, "VIVO", secret, "credit", { token, transactionId: `${round}-c1`, roundId: round, amount: "4.00" });

  await logIn(page, account);
  await page.goto("/member/personalProfit");
  const row = page.getByTestId("profit-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Casino en vivo");
  await expect(row).toContainText("12,50");
  await expect(row).toContainText("4,00");
  await expect(row).toContainText("-8,50");
  await expect(page.getByTestId("profit-total")).toContainText("-8,50");
  await page.getByTestId("period_previous_7").click();
  await expect(page.getByTestId("records-empty")).toHaveText("No hay apuestas en este periodo.");

  await page.goto("/member/transactionHistory?type=bet");
  await expect(page.getByTestId("history-row")).toHaveCount(2);
  await expect(page.getByTestId("history-row").first()).toContainText("-2,50");
  await expect(page.getByTestId("history-row").first().getByTestId("balance-after")).toHaveText("37,50");
});

test("transfer to upline: explained without an upline, and asks for a payment password first", async ({ page, operator }) => {
  const loner = newName();
  await operator.createMember({ account: loner, password: "secret123" });
  await logIn(page, loner);
  await page.goto("/member/transferUpline");
  await expect(page.getByTestId("no-upline")).toContainText("No tienes una línea superior");
  await expect(page.getByTestId("upline-form")).toHaveCount(0);
  await page.context().clearCookies();

  const agent = newName();
  const member = newName();
  await operator.createMember({ account: agent, password: "secret123", type: 1 });
  const made = await operator.call("POST", "/merchants/DEMO/members", { account: member, password: "secret123", upline: agent });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await operator.credit(member, "20.00");
  await logIn(page, member);
  await page.goto("/member/transferUpline");
  await expect(page.getByTestId("upline-balance")).toHaveText("20,00 USD");
  const missing = page.getByTestId("payment-password-missing");
  await expect(missing).toBeVisible();
  await expect(missing.getByTestId("set-payment-password")).toHaveAttribute("href", "/member/withdraw");
  await expect(page.getByTestId("upline-form")).toHaveCount(0);

  // The payment password is set on the withdraw page; then the transfer goes through, once.
  await missing.getByTestId("set-payment-password").click();
  const pw = page.getByTestId("payment-password-form");
  await pw.getByLabel("Contraseña de inicio de sesión").fill("secret123");
  await pw.getByLabel("Nueva contraseña de retiro (6 dígitos)").fill("135790");
  await pw.getByLabel("Confirmar contraseña de retiro").fill("135790");
  await pw.getByRole("button", { name: "Guardar contraseña de retiro" }).click();
  await expect(page.getByTestId("withdraw-done")).toBeVisible();
  await page.goto("/member/transferUpline");
  const form = page.getByTestId("upline-form");
  await form.getByLabel("Importe").fill("25.00");
  await form.getByLabel("Contraseña de retiro").fill("135790");
  await form.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByTestId("upline-form").getByLabel("Importe")).toHaveValue("25.00");
  await expect(page.getByTestId("upline-form")).toContainText("Saldo insuficiente");
  await page.getByTestId("upline-form").getByLabel("Importe").fill("5.00");
  await page.getByTestId("upline-form").getByLabel("Contraseña de retiro").fill("000000");
  await page.getByTestId("upline-form").getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByTestId("upline-form")).toContainText("La contraseña de retiro es incorrecta");
  await page.getByTestId("upline-form").getByLabel("Contraseña de retiro").fill("135790");
  await page.getByTestId("upline-form").getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByTestId("transfer-done")).toContainText(agent);
  await expect(page.getByTestId("upline-balance")).toHaveText("15,00 USD");
});

test("wallet transfer: one wallet on a single-wallet brand; the wallet table on a multi-wallet brand", async ({ page, operator }) => {
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  await operator.credit(account, "12.50");
  await logIn(page, account);
  await page.goto("/member/transferFund");
  await expect(page.getByTestId("single-wallet")).toContainText("una sola billetera");
  await expect(page.getByTestId("wallet-balance")).toHaveText("12,50 USD");
  await expect(page.getByTestId("wallet-transfer-form")).toHaveCount(0);
  await page.context().clearCookies();

  const { code, origin } = await operator.createMerchant({ isSingleWallet: false, vendors: ["AURL", "VIVO"] });
  const player = newName();
  const made = await operator.call("POST", `/merchants/${code}/members`, { account: player, password: "secret123" });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const credited = await operator.call("POST", `/merchants/${code}/members/${player}/credits`, { kind: "bonus", amount: "30.00", reference: `e2e-${randomBytes(6).toString("hex")}` });
  expect(credited.status, JSON.stringify(credited.body)).toBe(201);
  await logIn(page, player, "secret123", origin);
  await page.goto(`${origin}/member/transferFund`);
  const main = page.getByTestId("wallet-table").locator('[data-wallet="MAIN"]');
  await expect(main).toContainText("Billetera principal");
  await expect(main).toContainText("30,00");
  await expect(page.getByTestId("wallet-table")).toContainText("30,00 USD");
  // The brand offers two vendors: a game wallet each. Main → Aurora Live, then all back to main.
  const transfer = page.getByTestId("wallet-transfer-form");
  await transfer.getByLabel("Billetera de origen").selectOption("MAIN");
  await transfer.getByLabel("Billetera de destino").selectOption("AURL");
  await transfer.getByLabel("Importe").fill("12.50");
  await transfer.getByRole("button", { name: "Transferir" }).click();
  await expect(page.getByTestId("transfer-done")).toBeVisible();
  await expect(page.getByTestId("wallet-table").locator('[data-wallet="MAIN"]')).toContainText("17,50");
  await expect(page.getByTestId("wallet-table").locator('[data-wallet="AURL"]')).toContainText("12,50");
  await page.getByTestId("all-to-main").click();
  await expect(page.getByTestId("wallet-table").locator('[data-wallet="MAIN"]')).toContainText("30,00");
  await expect(page.getByTestId("wallet-table").locator('[data-wallet="AURL"]')).toContainText("0,00");
  // Both movements are in the history.
  await page.goto(`${origin}/member/transactionHistory`);
  await expect(page.getByTestId("history-row")).toHaveCount(3);
});

test("the money pages have no serious accessibility violation in either theme", async ({ page, context, operator, baseURL }, testInfo) => {
  // axe runs as a script in the page; the no-js project serves the same markup.
  test.skip(testInfo.project.use.javaScriptEnabled === false, "needs scripts");
  test.setTimeout(180_000);
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  await operator.credit(account, "7.25");
  await logIn(page, account);
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: cookieValue(theme), url: baseURL! }]);
    for (const path of ["transferFund", "transferUpline", "transactionHistory", "personalProfit", "bonusDetails", "transactionHistory?from=2026-11-10&to=2026-11-01"]) {
      await page.goto(`/member/${path}`);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      // Every rule in the light theme; the dark one changes only colours (axe.ts).
      const serious = await seriousViolations(page, { within: "main", coloursOnly: theme === "dark" });
      expect(serious.map((line) => `${path} ${line}`)).toEqual([]);
    }
  }
});
