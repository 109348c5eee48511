import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, loginNewMember, test, type Operator } from "./fixtures";

// The manual rebate, missions and the leaderboard, and invite-friends, in the default language
// (ES), with scripts on and off (the two projects). Every test has its own member and address.
test.describe.configure({ timeout: 180_000 });

async function newMember(page: Page, operator: Operator, funds?: string): Promise<string> {
  return loginNewMember(page, operator, { prefix: "em", net: "198.27", funds });
}

/** One settled roulette round: `amount` on red (LIVE, valid bet once settled). */
async function betOnRed(page: Page, amount: string) {
  await page.goto("/house/HOUSE_ROULETTE");
  await page.getByLabel("Importe para Rojo").fill(amount);
  await page.getByTestId("bet-submit").click();
  await expect(page).toHaveURL(/\?round=\d+$/);
}

test("claims the rebate of a settled bet on manualRebate once; a second claim from another tab is refused clearly", async ({ page, operator, context }) => {
  await newMember(page, operator, "100.00");
  await page.goto("/member/manualRebate");
  await expect(page.getByTestId("rebate-row")).toHaveCount(9);
  await expect(page.getByTestId("rebate-claim")).toBeDisabled();
  await expect(page.locator('[data-category="PVP"]').getByTestId("rebate-rate")).toHaveText("Sin reembolso");

  await betOnRed(page, "50");
  const second = await context.newPage();
  await second.goto("/member/manualRebate");
  await page.goto("/member/manualRebate");
  const live = page.locator('[data-category="LIVE"]');
  await expect(live.getByTestId("rebate-rate")).toHaveText(/^0,8\s?%$/);
  await expect(live.getByTestId("rebate-valid-bet")).toHaveText("50,00 USD");
  await expect(live.getByTestId("rebate-amount")).toHaveText("0,40 USD");
  await expect(page.getByTestId("rebate-claimable")).toHaveText("0,40 USD");
  await page.getByRole("button", { name: "Reclamar 0,40 USD" }).click();
  await expect(page.getByTestId("rebate-done")).toHaveText("Se ha pagado tu reembolso de 0,40 USD.");
  await expect(page).toHaveURL(/\/member\/manualRebate$/);
  await expect(page.getByTestId("rebate-claimed")).toBeVisible();
  await expect(page.getByTestId("rebate-claimable")).toHaveText("0,00 USD");
  await expect(page.getByTestId("rebate-claim")).toBeDisabled();
  await expect(page.getByTestId("rebate-history-row")).toHaveCount(1);
  await expect(page.getByTestId("rebate-history-row")).toContainText("0,40 USD");

  // The other tab still shows the button: its post is refused beside it, and nothing is paid twice.
  await second.getByRole("button", { name: "Reclamar 0,40 USD" }).click();
  await expect(second.getByTestId("rebate-error")).toHaveText("Ya has reclamado el reembolso de este periodo.");
  await second.close();
  await page.goto("/member/messageV2");
  await expect(page.locator('[data-testid="message-item"][data-kind="rebate_paid"]')).toHaveCount(1);
});

test("completes the daily live-tables mission, claims it once, and the mission badge counts down", async ({ page, operator }) => {
  await newMember(page, operator, "100.00");
  await page.goto("/member/missionLeaderboard");
  const card = page.locator('[data-testid="mission-card"][data-code="DAILY_LIVE"]');
  await expect(card.getByTestId("mission-status")).toHaveText("En curso");
  await expect(card.getByTestId("mission-progress")).toHaveText("Apuestas válidas: 0,00 USD de 20,00 USD");
  await expect(card.getByRole("button", { name: "Reclamar" })).toHaveCount(0);
  await expect(page.getByTestId("member-nav-missions-badge")).toHaveCount(0);

  await betOnRed(page, "20");
  await page.goto("/member/missionLeaderboard");
  await expect(card.getByTestId("mission-status")).toHaveText("Completada");
  await expect(card.getByTestId("mission-progress")).toHaveText("Apuestas válidas: 20,00 USD de 20,00 USD");
  await expect(page.getByTestId("member-nav-missions-badge")).toContainText("1");
  await expect(page.getByTestId("leaderboard-me")).toContainText("20,00 USD");

  await card.getByRole("button", { name: "Reclamar" }).click();
  await expect(page.getByTestId("mission-done")).toHaveText("Se ha pagado la recompensa de tu misión: 1,00 USD.");
  await expect(card.getByTestId("mission-status")).toHaveText("Reclamada");
  await expect(card.getByRole("button", { name: "Reclamar" })).toHaveCount(0);
  await expect(page.getByTestId("member-nav-missions-badge")).toHaveCount(0);

  await page.getByTestId("leaderboard-daily").click();
  await expect(page).toHaveURL(/board=daily$/);
  await expect(page.getByTestId("leaderboard-daily")).toHaveAttribute("aria-current", "page");
  await expect(page.locator('[data-testid="leaderboard-row"][data-me="true"]')).toContainText("20,00 USD");
});

test("invite friends: code, link and QR; a friend who joins and first deposits earns the member 5.00", async ({ page, operator, browser }, testInfo) => {
  const account = await newMember(page, operator);
  await expect(page.getByTestId("member-nav-referral")).toHaveText("Invitar amigos");
  await page.getByTestId("member-nav-referral").click();
  await expect(page).toHaveURL(/\/member\/referral$/);
  await expect(page.getByTestId("referral-rule")).toContainText("deposite por primera vez al menos 20,00 USD, ganas 5,00 USD");
  const code = (await page.getByTestId("referral-code").textContent())!.trim();
  expect(code).toMatch(/^[A-Za-z0-9]{4,20}$/);
  await expect(page.getByTestId("referral-link")).toHaveAttribute("href", new RegExp(`/register\\?referralCode=${code}$`));
  await expect(page.getByRole("img", { name: "Código QR del enlace de invitación" })).toBeVisible();
  await expect(page.getByTestId("referral-no-friends")).toBeVisible();

  // The friend opens the link: the registration popup carries the code.
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const friendContext = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: { "x-forwarded-for": `198.28.${randomInt(0, 255)}.${randomInt(1, 254)}` } });
  const friendPage = await friendContext.newPage();
  await friendPage.goto((await page.getByTestId("referral-link").getAttribute("href"))!);
  await expect(friendPage.getByTestId("register-popup").locator('input[name="referralCode"]')).toHaveValue(code);

  // The friend joins under the member (as that form would) and makes a first deposit of 30.00.
  const friend = `emf${randomBytes(4).toString("hex")}`;
  const made = await operator.call("POST", "/merchants/DEMO/members", { account: friend, password: "secret123", upline: account });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await friendPage.goto("/login");
  const login = friendPage.getByRole("form", { name: "Iniciar sesión" }).last();
  await login.getByLabel("Nombre de usuario").fill(friend);
  await login.getByLabel("Contraseña").fill("secret123");
  await login.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(friendPage).toHaveURL(/\/member\/securityCenter\?first=1$/);
  await friendPage.goto("/member/depositv2");
  const deposit = friendPage.getByTestId("deposit-form");
  await deposit.getByLabel(/sandbox/).check();
  await deposit.getByLabel("Importe", { exact: true }).fill("30.00");
  await deposit.getByRole("button", { name: "Depositar ahora" }).click();
  await friendPage.getByRole("button", { name: "Pagar" }).click();
  await expect(friendPage).toHaveURL(/\/member\/depositv2\?deposit=D\w+$/);
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId("referral-friend")).toHaveCount(1);
  await expect(page.getByTestId("referral-earned")).toHaveText("5,00 USD");
  await expect(page.getByTestId("referral-total")).toHaveText("5,00 USD");
  await expect(page.getByTestId("balance")).toHaveText("5,00 USD");
  await page.goto("/member/messageV2");
  await expect(page.locator('[data-testid="message-item"][data-kind="referral_reward"]')).toHaveCount(1);
});

test("invite friends is a clear 404 without a referral promotion, and its menu entry is hidden", async ({ page, operator }) => {
  // A brand of its own runs no promotion, so the DEMO brand's switch is never flipped.
  const { code, origin } = await operator.createMerchant();
  const account = `emb${randomBytes(4).toString("hex")}`;
  const made = await operator.call("POST", `/merchants/${code}/members`, { account, password: "secret123" });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.27.${randomInt(0, 255)}.${randomInt(1, 254)}` });
  await page.goto(`${origin}/login`);
  const form = page.getByRole("form", { name: "Iniciar sesión" }).last();
  await form.getByLabel("Nombre de usuario").fill(account);
  await form.getByLabel("Contraseña").fill("secret123");
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/member\/securityCenter\?first=1$/);
  await expect(page.getByTestId("member-nav-missionLeaderboard")).toBeVisible();
  await expect(page.getByTestId("member-nav-referral")).toHaveCount(0);
  const res = await page.goto(`${origin}/member/referral`);
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("referral-unavailable")).toContainText("Invitar amigos no está disponible en este momento.");
});
