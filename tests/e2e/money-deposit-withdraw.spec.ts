import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { bindBankAccount, cookieValue, expect, loginNewMember, setWithdrawPassword, test, type Operator } from "./fixtures";

// Money pages of the member centre, in the default language (ES): deposits by the sandbox
// gateway and by bank transfer, withdrawals with the withdraw password, a bound bank account and
// the payout receipt. Every test has its own member and its own address.

async function newMember(page: Page, operator: Operator): Promise<string> {
  return loginNewMember(page, operator, { prefix: "mo", net: "198.20" });
}

async function deposit(page: Page, channel: RegExp, amount: string) {
  const form = page.getByTestId("deposit-form");
  await form.getByLabel(channel).check();
  await form.getByLabel("Importe", { exact: true }).fill(amount);
  await form.getByRole("button", { name: "Depositar ahora" }).click();
}

test("a sandbox gateway deposit is credited when paid and changes nothing when failed", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/member/depositv2");
  await expect(page.getByTestId("deposit-form")).toContainText("Límites: 1,00 – 10.000,00");
  await deposit(page, /sandbox/, "25.00");

  await expect(page).toHaveURL(/\/sandbox\/gateway\/D\w+$/);
  await expect(page.getByTestId("sandbox-amount")).toHaveText("25,00 USD");
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page).toHaveURL(/\/member\/depositv2\?deposit=D\w+$/);
  await expect(page.getByTestId("deposit-outcome")).toContainText("Depósito abonado: 25,00 USD");
  // The first deposit also gets the demo brand's newbie 100% match (a bonus of 25.00).
  await expect(page.getByTestId("balance")).toHaveText("50,00 USD");
  await expect(page.getByTestId("deposit-list").locator("li").first()).toContainText("Abonado");

  await deposit(page, /sandbox/, "10");
  await expect(page).toHaveURL(/\/sandbox\/gateway\/D\w+$/);
  await page.getByRole("button", { name: "Hacer fallar el pago" }).click();
  await expect(page).toHaveURL(/\/member\/depositv2\?deposit=D\w+$/);
  await expect(page.getByTestId("deposit-outcome")).toContainText("Depósito fallido: 10,00 USD");
  await expect(page.getByTestId("balance")).toHaveText("50,00 USD");

  // A completed payment shows its status instead of the buttons; an unknown one is not found.
  const reference = new URL(page.url()).searchParams.get("deposit")!;
  await page.goto(`/sandbox/gateway/${reference}`);
  await expect(page.getByTestId("sandbox-status")).toHaveText("Fallido");
  await expect(page.getByRole("button", { name: "Pagar" })).toHaveCount(0);
  const missing = await page.goto("/sandbox/gateway/DNOSUCHREF");
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
});

test("a bank deposit shows where to pay and the reference, and is credited once the operator confirms", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/member/depositv2");
  await deposit(page, /Bank transfer/, "100.00");
  await expect(page).toHaveURL(/\/member\/depositv2\?deposit=D\w+$/);
  const outcome = page.getByTestId("deposit-outcome");
  await expect(outcome).toContainText("Demo Bank");
  await expect(outcome).toContainText("001234567890");
  await expect(outcome).toContainText("100,00 USD");
  await expect(outcome).toContainText("Pendiente");
  const reference = (await page.getByTestId("deposit-reference").textContent())!.trim();
  expect(reference).toMatch(/^D\w+$/);

  await operator.decide("deposits", reference, "confirm");
  await page.reload();
  await expect(page.getByTestId("deposit-outcome")).toContainText("Depósito abonado: 100,00 USD");
  // Plus the newbie 100% match on a first deposit (capped at 100.00).
  await expect(page.getByTestId("balance")).toHaveText("200,00 USD");
});

test("a withdrawal needs the withdraw password and a bank account, holds the amount and takes the receipt after approval", async ({ page, operator }) => {
  const account = await newMember(page, operator);
  await operator.credit(account, "300.00");
  await page.goto("/member/withdraw");
  await expect(page.getByTestId("available-balance")).toHaveText("300,00 USD");

  await setWithdrawPassword(page);

  await bindBankAccount(page);
  await expect(page.getByTestId("bank-accounts")).toContainText("8901");

  const form = page.getByTestId("withdraw-form");
  await expect(form).toContainText("Límites: 50,00 – 20.000,00");
  await form.getByLabel("Importe", { exact: true }).fill("120.00");
  await form.getByRole("button", { name: "Solicitar retiro" }).click();
  await expect(page.getByTestId("withdraw-form").getByRole("alert")).toHaveText("Introduce la contraseña de retiro");
  await expect(page.getByTestId("withdraw-form").getByLabel("Importe", { exact: true })).toHaveValue("120.00");

  await page.getByTestId("withdraw-form").getByLabel("Contraseña de retiro", { exact: true }).fill("135790");
  await page.getByTestId("withdraw-form").getByRole("button", { name: "Solicitar retiro" }).click();
  await expect(page.getByTestId("withdraw-done")).toHaveText("Retiro solicitado. Ahora está en proceso.");
  const item = page.getByTestId("withdrawal").first();
  await expect(item.getByTestId("withdrawal-status")).toHaveText("En proceso");
  await expect(item).toContainText("120,00 USD");
  await expect(page.getByTestId("balance")).toHaveText("180,00 USD");
  await expect(page.getByRole("button", { name: /cancel/i })).toHaveCount(0);

  const reference = (await item.getAttribute("data-reference"))!;
  await operator.decide("withdrawals", reference, "approve");
  await page.goto("/member/withdraw");
  const approved = page.getByTestId("withdrawal").first();
  await expect(approved.getByTestId("withdrawal-status")).toHaveText("Aprobado");
  await expect(page.getByTestId("money-message")).toContainText("Retiro aprobado: 120,00 USD");
  const receipt = approved.getByTestId("receipt-form");
  await expect(receipt).toContainText("Confirma antes de");
  await receipt.getByLabel("Recibido", { exact: true }).check();
  await receipt.getByRole("button", { name: "Confirmar recepción" }).click();
  await expect(page.getByTestId("withdraw-done")).toHaveText("Gracias, tu confirmación se ha guardado.");
  await expect(page.getByTestId("withdrawal").first().getByTestId("withdrawal-receipt")).toContainText("Recibido");
  await expect(page.getByTestId("receipt-form")).toHaveCount(0);
  const [row] = (await operator.list("withdrawals")).filter((w) => w.reference === reference);
  expect(row?.receipt).toBe("RECEIVED");
});

test("an amount outside the channel's limits shows the range beside the field and keeps the input", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/member/depositv2");
  await deposit(page, /Bank transfer/, "5.00");
  const form = page.getByTestId("deposit-form");
  await expect(form.getByRole("alert")).toHaveText("El importe debe estar entre 10,00 – 50.000,00");
  await expect(form.getByLabel("Importe", { exact: true })).toHaveValue("5.00");
  await expect(form.getByLabel(/Bank transfer/)).toBeChecked();
  await expect(page.getByTestId("deposit-list")).toHaveCount(0);
});

test("the money pages need a real account", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.20.${randomInt(0, 255)}.${randomInt(1, 254)}` });
  await page.goto("/member/withdraw");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember%2Fwithdraw$/);
  await page.getByTestId("free-play").click();
  await expect(page.getByTestId("trial-badge")).toBeVisible();
  for (const path of ["/member/depositv2", "/member/withdraw"]) {
    await page.goto(path);
    await expect(page.getByTestId("trial-warning")).toBeVisible();
    await expect(page.locator('[data-testid$="-form"]').filter({ has: page.locator('input[name="intent"]') })).toHaveCount(0);
  }
});

test("the money pages have no serious accessibility violation in either theme", async ({ page, context, operator, baseURL }, testInfo) => {
  // axe runs as a script in the page, which the no-js project forbids; the markup is the same.
  test.skip(testInfo.project.use.javaScriptEnabled === false, "axe needs scripts");
  await newMember(page, operator);
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: cookieValue(theme), url: baseURL! }]);
    for (const path of ["/member/depositv2", "/member/withdraw"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      // Every rule in the light theme; the dark one changes only colours (axe.ts).
      const serious = await seriousViolations(page, { coloursOnly: theme === "dark" });
      expect(serious.map((line) => `${path} ${line}`)).toEqual([]);
    }
  }
});
