import { randomInt } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, loginNewMember, test, type Operator } from "./fixtures";

// In-house games (vendor HOUSE), with and without scripts, in the default language (ES): a
// member plays roulette, baccarat, a slot and a blackjack hand; each round changes the header
// balance by exactly its stake and win. Seeds are changed and a round verified on /verify, and
// the rounds show in the betting record. Every test has its own member and its own address.

async function newMember(page: Page, operator: Operator, funds = "500.00"): Promise<string> {
  return loginNewMember(page, operator, { prefix: "hg", net: "198.21", funds });
}

/** "1.234,56 USD" → 123456 (every amount shows two decimals). */
const cents = (text: string | null) => Number.parseInt((text ?? "").replace(/\D/g, ""), 10);
const centsOf = async (locator: Locator) => cents(await locator.getAttribute("data-amount"));
const balance = async (page: Page) => cents(await page.getByTestId("balance").textContent());

/** Plays what is filled in the bet form and checks the money: balance after = before - stake + win. */
async function playAndCheck(page: Page, before: number) {
  await page.getByTestId("bet-submit").click();
  const result = page.getByTestId("round-result");
  await expect(page).toHaveURL(/\?round=\d+$/);
  await expect(result).toBeVisible();
  await expect(result).toHaveAttribute("data-status", "SETTLED");
  return checkSettled(page, before);
}

/** Makes a move in the round in play and waits for the page to show the round after it. */
async function move(page: Page, action: string) {
  const result = page.getByTestId("round-result");
  const moves = Number(await result.getAttribute("data-moves"));
  await page.getByTestId(`action-${action}`).click();
  await expect(result).toHaveAttribute("data-moves", String(moves + 1));
}

async function checkSettled(page: Page, before: number) {
  const result = page.getByTestId("round-result");
  const stake = await centsOf(result.getByTestId("round-stake"));
  const win = await centsOf(result.getByTestId("round-win"));
  expect(await centsOf(result.getByTestId("round-balance-before"))).toBe(before);
  expect(await centsOf(result.getByTestId("round-balance-after"))).toBe(before - stake + win);
  await expect(page.getByTestId("balance")).toHaveText(new RegExp(`^${((before - stake + win) / 100).toFixed(2).replace(".", ",").replace(/\B(?=(\d{3})+(?!\d))/g, ".")} USD$`));
  expect(await balance(page)).toBe(before - stake + win);
  const id = Number(await result.getAttribute("data-round-id"));
  return { id, stake, win, after: before - stake + win };
}

test("roulette: a refused bet keeps the input, a round moves exactly stake and win, and shows in the game's recall", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/house/HOUSE_ROULETTE");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("European Roulette");
  await expect(page.getByTestId("server-seed-hash")).toHaveText(/^[0-9a-f]{64}$/);
  const before = await balance(page);
  expect(before).toBe(50_000);

  const form = page.getByTestId("bet-form");
  await form.locator('input[name="a_n17"]').fill("600");
  await page.getByTestId("bet-submit").click();
  await expect(form.getByText("La apuesta máxima aquí es 500,00")).toBeVisible();
  await expect(form.locator('input[name="a_n17"]')).toHaveValue("600");
  expect(await balance(page)).toBe(before);

  await form.locator('input[name="a_n17"]').fill("1");
  await form.getByLabel("Importe para Rojo").fill("10");
  await form.locator('select[name="p_split"]').selectOption("17-20");
  await form.locator('input[name="a_split"]').fill("2");
  const round = await playAndCheck(page, before);
  expect(round.stake).toBe(1_300);
  await expect(page.getByTestId("roulette-number")).toHaveText(/^\d{1,2}$/);
  await expect(page.getByTestId("bet-list")).toContainText("Rojo: 10,00");
  await expect(page.getByTestId("bet-list")).toContainText("Caballo 17-20: 2,00");
  await expect(page.getByTestId("recall-round").first()).toHaveAttribute("data-round-id", String(round.id));
  await expect(page.getByTestId("nonce")).toHaveText("1");
});

test("baccarat and a slot spin each move the balance by exactly stake and win", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/house/HOUSE_BACCARAT");
  let before = await balance(page);
  await page.getByLabel("Importe para Banca").fill("5");
  await page.getByLabel("Importe para Empate").fill("1");
  const bac = await playAndCheck(page, before);
  expect(bac.stake).toBe(600);
  await expect(page.getByTestId("outcome-winner")).toHaveText(/Gana el jugador|Gana la banca|Empate/);
  await expect(page.getByTestId("outcome").locator("[data-card]")).toHaveCount(await page.getByTestId("outcome").locator("[data-card]").count());
  expect(await page.getByTestId("outcome").locator("[data-card]").count()).toBeGreaterThanOrEqual(4);

  before = bac.after;
  await page.goto("/house/HOUSE_SLOT_1");
  await expect(page.getByTestId("bet-form")).toContainText("múltiplo de 0,10");
  await page.getByTestId("bet-form").getByLabel("Apuesta por giro").fill("1.00");
  const spin = await playAndCheck(page, before);
  expect(spin.stake).toBe(100);
  await expect(page.getByTestId("slot-spin").locator("span[title]")).toHaveCount(15);
});

test("blackjack: a hand is dealt, survives a reload and is played to the end", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/house/HOUSE_BLACKJACK");
  const before = await balance(page);
  await page.getByTestId("bet-form").getByLabel("Apuesta principal").fill("5");
  await page.getByTestId("bet-submit").click();
  const result = page.getByTestId("round-result");
  await expect(result).toBeVisible();
  if ((await result.getAttribute("data-status")) === "OPEN") {
    // The stake is taken when the hand is dealt.
    expect(await balance(page)).toBe(before - 500);
    await page.reload();
    await expect(page.getByTestId("round-actions")).toBeVisible();
    await expect(page.getByTestId("bet-form")).toHaveCount(0);
    for (let moves = 0; moves < 6 && (await result.getAttribute("data-status")) === "OPEN"; moves++) {
      await move(page, moves === 0 && (await page.getByTestId("action-split").count()) ? "split" : "stand");
    }
  }
  await expect(result).toHaveAttribute("data-status", "SETTLED");
  await expect(result.getByTestId("bj-result").first()).toBeVisible();
  await checkSettled(page, before);
});

test("changing seeds reveals the server seed, and /verify recomputes the round to the same result", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/house/HOUSE_DICE");
  const before = await balance(page);
  const hash = (await page.getByTestId("server-seed-hash").textContent())!.trim();
  await page.getByLabel("Objetivo (0,00-99,99)").fill("40");
  await page.getByTestId("bet-form").getByLabel("Importe", { exact: true }).fill("2");
  const round = await playAndCheck(page, before);

  await page.goto(`/verify?round=${round.id}`);
  await expect(page.getByTestId("verify-unrevealed")).toBeVisible();

  await page.goto("/house/HOUSE_DICE");
  await page.getByLabel("Nueva semilla del cliente (opcional)").fill("has spaces");
  await page.getByTestId("rotate-seed").click();
  await expect(page.getByTestId("seed-form").getByText("Una semilla del cliente tiene de 1 a 64 caracteres sin espacios")).toBeVisible();
  await page.getByLabel("Nueva semilla del cliente (opcional)").fill("my-lucky-seed");
  await page.getByTestId("rotate-seed").click();
  await expect(page).toHaveURL(/\?rotated=1$/);
  await expect(page.getByTestId("seed-revealed")).toContainText("1");
  await expect(page.getByTestId("client-seed")).toHaveText("my-lucky-seed");
  await expect(page.getByTestId("nonce")).toHaveText("0");
  await expect(page.getByTestId("server-seed-hash")).not.toHaveText(hash);

  await page.goto("/verify");
  await page.getByLabel("Número de ronda").fill(String(round.id));
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/verify\\?round=${round.id}$`));
  await expect(page.getByTestId("verify-match")).toBeVisible();
  await expect(page.getByTestId("verify-server-seed")).toHaveText(/^[0-9a-f]{64}$/);

  await page.getByRole("link", { name: "Recalcúlala tú mismo en la calculadora" }).click();
  // Amounts in decimals, as the round showed them.
  await expect(page.getByTestId("calc-payout")).toHaveAttribute("data-amount", (round.win / 100).toFixed(2));
  // Shown in the page's number format (Spanish: decimal comma).
  await expect(page.getByTestId("calc-payout")).toHaveText((round.win / 100).toFixed(2).replace(".", ","));
  await expect(page.getByTestId("calculator").getByTestId("dice-roll")).toBeVisible();
});

test("the betting record lists the rounds with filters and presets, each linked to its check", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/house/HOUSE_ROULETTE");
  let before = await balance(page);
  await page.getByLabel("Importe para Negro").fill("3");
  const roulette = await playAndCheck(page, before);
  before = roulette.after;
  await page.goto("/house/HOUSE_SLOT_2");
  await page.getByTestId("bet-form").getByLabel("Apuesta por giro").fill("2");
  const slot = await playAndCheck(page, before);

  await page.goto("/member/securityCenter");
  await page.getByRole("link", { name: "Historial de apuestas" }).first().click();
  await expect(page).toHaveURL(/\/member\/personalHistoryCopy$/);
  const rounds = page.getByTestId("record-round");
  await expect(rounds).toHaveCount(2);
  await expect(rounds.first()).toHaveAttribute("data-round-id", String(slot.id));
  await expect(rounds.nth(1)).toContainText("Negro: 3,00");
  await expect(rounds.nth(1)).toContainText("European Roulette");

  await page.getByLabel("Categoría").selectOption("RNG");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/category=RNG/);
  await expect(rounds).toHaveCount(1);
  await expect(rounds.first()).toHaveAttribute("data-game", "HOUSE_SLOT_2");

  await page.getByTestId("hr_previous_7").click();
  await expect(page.getByTestId("record-empty")).toBeVisible();
  await page.getByTestId("hr_next_7").click();
  await expect(rounds).toHaveCount(1);

  await rounds.first().getByRole("link", { name: "Detalles" }).click();
  await expect(page).toHaveURL(new RegExp(`/house/HOUSE_SLOT_2\\?round=${slot.id}$`));
  await expect(page.getByTestId("round-result")).toHaveAttribute("data-round-id", String(slot.id));
});

test("a visitor is sent to log in, an unknown game is not found", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.21.${randomInt(0, 255)}.${randomInt(1, 254)}` });
  await page.goto("/house/HOUSE_ROULETTE");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhouse%2FHOUSE_ROULETTE$/);
  const missing = await page.goto("/house/HOUSE_NOPE");
  expect(missing?.status()).toBe(404);
  const verify = await page.goto("/verify");
  expect(verify?.status()).toBe(200);
  await expect(page.getByTestId("scheme")).toBeVisible();
});

test("every other in-house game plays a round to the end and moves exactly stake and win", async ({ page, operator }) => {
  test.setTimeout(180_000);
  await newMember(page, operator, "1000.00");
  let before = 100_000;
  const instant: Array<[string, Record<string, string>]> = [
    ["HOUSE_SICBO", { a_big: "1", p_total: "10", a_total: "1" }],
    ["HOUSE_DRAGON_TIGER", { a_dragon: "2" }],
    ["HOUSE_FANTAN", { a_fan1: "1", p_nim: "2-3", a_nim: "1" }],
    ["HOUSE_FPC", { a_singleCRAB: "1", p_pair: "FISH-PRAWN", a_pair: "1" }],
    ["HOUSE_NIUNIU", { a_equal1: "1", a_double2: "5" }],
    ["HOUSE_SEDIE", { a_even: "1", a_fourRed: "1" }],
    ["HOUSE_SLOT_3", { a_spin: "2.50" }],
    ["HOUSE_DICE", { d_target: "70", a_dice: "1" }],
  ];
  for (const [game, fields] of instant) {
    await page.goto(`/house/${game}`);
    const form = page.getByTestId("bet-form");
    for (const [name, value] of Object.entries(fields)) {
      const field = form.locator(`[name="${name}"]`);
      if (name.startsWith("p_")) await field.selectOption(value);
      else await field.fill(value);
    }
    before = (await playAndCheck(page, before)).after;
    await expect(page.getByTestId("outcome")).toHaveAttribute("data-game", game);
  }
  // Stateful games: three card poker (play), hi-lo (skip, then cash out or lose).
  for (const [game, name, moves] of [
    ["HOUSE_3CP", "a_ante", ["play"]],
    ["HOUSE_HILO", "a_stake", ["higherOrSame", "lowerOrSame", "cashout"]],
  ] as const) {
    await page.goto(`/house/${game}`);
    await page.getByTestId("bet-form").locator(`[name="${name}"]`).fill("1");
    await page.getByTestId("bet-submit").click();
    const result = page.getByTestId("round-result");
    await expect(result).toBeVisible();
    for (let i = 0; i < 12 && (await result.getAttribute("data-status")) === "OPEN"; i++) {
      const offered = await page.getByTestId("round-actions").getByRole("button").evaluateAll((bs) => bs.map((b) => (b as HTMLButtonElement).value));
      await move(page, moves.find((m) => offered.includes(m) && (m !== "cashout" || i > 0)) ?? offered[0]!);
    }
    await expect(result).toHaveAttribute("data-status", "SETTLED");
    before = (await checkSettled(page, before)).after;
  }
});

test("a trial (free play) member sees that a real account is needed instead of the table and the record", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.21.${randomInt(0, 255)}.${randomInt(1, 254)}` });
  await page.goto("/login");
  await page.getByTestId("free-play").click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/house/HOUSE_ROULETTE");
  await expect(page.getByTestId("trial-warning")).toBeVisible();
  await expect(page.getByTestId("bet-form")).toHaveCount(0);
  await page.goto("/member/personalHistoryCopy");
  await expect(page.getByTestId("trial-warning")).toBeVisible();
});
