import { randomBytes, randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test, type Operator } from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": `198.41.${randomInt(0, 255)}.${randomInt(1, 254)}` } });
test.describe.configure({ timeout: 180_000 });

const name = (p: string) => `${p}${randomBytes(4).toString("hex")}`;

async function member(operator: Operator, body: { account: string; type?: number; upline?: string }) {
  const r = await operator.call("POST", "/merchants/DEMO/members", { password: "secret123", ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

/** A fresh browser page for one member, logged in through the login popup. */
async function session(browser: Browser, account: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "x-forwarded-for": `198.42.${randomInt(0, 255)}.${randomInt(1, 254)}` } });
  const page = await context.newPage();
  await page.goto("/login");
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "Iniciar sesión" }).last();
  await form.getByLabel("Nombre de usuario").fill(account);
  await form.getByLabel("Contraseña").fill("secret123");
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByTestId("member-info")).toContainText(account, { timeout: 30_000 });
  return page;
}

async function team(operator: Operator) {
  const a = name("ca");
  const b = name("cb");
  const c = name("cc");
  await member(operator, { account: a, type: 1 });
  expect((await operator.call("PUT", `/merchants/DEMO/agents/${a}`, { limits: { DAILY_SALARY: "2.00" } })).status).toBe(200);
  await member(operator, { account: b, type: 1, upline: a });
  await member(operator, { account: c, upline: b });
  expect((await operator.call("PUT", "/merchants/DEMO/agent-modules", { salary: true, enableSalary: true, enableContract: true })).status).toBe(200);
  return { a, b, c };
}

test("an agent offers a daily salary; the downline accepts in the popup; its team bets; the settlement pays it exactly", async ({ page: _page, browser, operator, javaScriptEnabled }) => {
  const { a, b, c } = await team(operator);
  await operator.credit(c, "500.00");

  const agent = await session(browser, a, javaScriptEnabled);
  await agent.goto("/agent/contract");
  const offer = agent.getByTestId("offer-form");
  await offer.locator("#offer-downline").fill(b);
  await offer.locator("#tier-0-validBet").fill("10");
  await offer.locator("#tier-0-rate").fill("1.5");
  await offer.getByTestId("offer-submit").click();
  await expect(agent.getByTestId("contract-done")).toBeVisible();
  await expect(agent.getByTestId("contracts-given").getByTestId("contract-status").first()).toHaveText("Pendiente");

  // The downline: the popup opens by itself on the page it lands on, and takes the decision.
  const down = await session(browser, b, javaScriptEnabled);
  const popup = down.getByTestId("contract-popup");
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId("contract-tiers")).toContainText("1.50%");
  await popup.getByTestId("contract-accept").click();
  await expect(down.getByTestId("contract-popup")).toHaveCount(0);
  await down.goto("/agent/contract");
  await expect(down.locator('[data-testid="contract-item"][data-status="ACTIVE"]')).toHaveCount(1);

  // The upline sees the decision in the history.
  await agent.goto("/agent/contract");
  const given = agent.getByTestId("contracts-given").getByTestId("contract-item").first();
  await expect(given).toHaveAttribute("data-status", "ACTIVE");
  await expect(given.locator('[data-testid="contract-event"][data-action="ACCEPT"]')).toContainText(b);

  // The team bets 100.00 on red; the day's settlement runs now (sandbox).
  const player = await session(browser, c, javaScriptEnabled);
  await player.goto("/house/HOUSE_ROULETTE");
  await player.getByTestId("bet-form").getByLabel("Importe para Rojo").fill("100");
  await player.getByTestId("bet-submit").click();
  await expect(player.getByTestId("outcome")).toBeVisible({ timeout: 30_000 });
  const run = await operator.call("POST", "/merchants/DEMO/contract-settlements/DAILY_SALARY/run-now", {});
  expect(run.status).toBe(200);

  // 1.5 % of 100.00 = 1.50, in the revenue report and on the daily wages page.
  await down.goto("/agent/agentRevenueReport");
  await expect(down.getByTestId("revenue-sum")).toContainText(/1[.,]50/);
  await down.goto("/agent/dailyWages");
  await expect(down.getByTestId("payment-amount").first()).toContainText(/1[.,]50/);
  await expect(down.getByTestId("payment-rate").first()).toContainText("1.50%");
});

test("reject, terminate, and the automatic end after the offerer confirms", async ({ browser, operator, javaScriptEnabled }) => {
  const { a, b, c } = await team(operator);
  const offer = (upline: string, downline: string, rate: string, extra: Record<string, unknown> = {}) =>
    operator.call("POST", "/merchants/DEMO/contracts", { upline, downline, scheme: "DAILY_SALARY", tiers: [{ validBet: "1.00", rate }], ...extra });
  expect((await offer(a, b, "2.00")).status).toBe(201);

  const down = await session(browser, b, javaScriptEnabled);
  await expect(down.getByTestId("contract-popup")).toBeVisible();
  await down.getByTestId("contract-popup").getByTestId("contract-reject").click();
  await expect(down.getByTestId("contract-popup")).toHaveCount(0);
  // A decision on it again (an old form) is refused with a message, nothing changes.
  await down.goto("/agent/contract");
  await expect(down.locator('[data-testid="contract-item"][data-status="REJECTED"]')).toHaveCount(1);

  // Accept a new one on the contract page, then terminate it.
  const second = await offer(a, b, "2.00");
  await down.goto("/agent/contract");
  await down.getByTestId(`decision-form-${second.body.id}`).getByTestId("contract-accept").click();
  await expect(down.getByTestId("contract-done")).toBeVisible();
  await down.getByTestId(`decision-form-${second.body.id}`).getByTestId("contract-terminate").click();
  await expect(down.locator(`[data-contract-id="${second.body.id}"]`)).toHaveAttribute("data-status", "TERMINATED");

  // B holds 2.00 and has offered C 1.80; A now offers B 1.00: the page lists C's contract first.
  const third = await offer(a, b, "2.00");
  await down.goto("/agent/contract");
  await down.getByTestId(`decision-form-${third.body.id}`).getByTestId("contract-accept").click();
  await expect(down.getByTestId("contract-done")).toBeVisible();
  const toC = await offer(b, c, "1.80");
  expect(toC.status).toBe(201);
  const agent = await session(browser, a, javaScriptEnabled);
  await agent.goto("/agent/contract");
  await agent.locator("#offer-downline").fill(b);
  await agent.locator("#tier-0-validBet").fill("1");
  await agent.locator("#tier-0-rate").fill("1");
  await agent.getByTestId("offer-submit").click();
  await expect(agent.getByTestId("auto-end-confirm")).toContainText(c);
  await agent.getByTestId("offer-submit").click();
  await expect(agent.getByTestId("contract-done")).toBeVisible();
  await down.goto("/agent/contract");
  await down.getByTestId("contract-item").filter({ hasText: "1.00%" }).first().getByTestId("contract-accept").click();
  await expect(down.getByTestId("contract-done")).toBeVisible();
  const list = await operator.call("GET", `/merchants/DEMO/contracts?account=${c}`);
  expect(list.body.contracts[0]).toMatchObject({ id: toC.body.id, status: "ENDED" });
  expect(list.body.contracts[0].history.map((h: { action: string }) => h.action)).toContain("AUTO_END");
});

test("a member who is not an agent is refused the agent contract page", async ({ browser, operator, javaScriptEnabled }) => {
  const p = name("cp");
  await member(operator, { account: p });
  const page = await session(browser, p, javaScriptEnabled);
  const res = await page.goto("/agent/contract");
  expect(res?.status()).toBe(403);
});
