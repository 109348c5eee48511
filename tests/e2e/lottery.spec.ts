import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, loginNewMember, test, type Operator } from "./fixtures";

// The in-house lotteries, with and without scripts, in the default language (ES): a member buys
// tickets on /lottery, /vnLottery and /seaLottery, a sandbox draw runs at once, and the ticket is
// paid by exactly its win; the result shows with its seed, whose SHA-256 was shown before. Each
// test has its own member and address; the js and no-js runs share the draws, so a purchase
// that meets a draw closed by the other run is simply made again on the next draw.

async function newMember(page: Page, operator: Operator, funds = "200.00"): Promise<string> {
  return loginNewMember(page, operator, { prefix: "lt", net: "198.22", funds });
}

/** "1.234,56 USD" → 123456. */
const cents = (text: string | null) => Number.parseInt((text ?? "").replace(/\D/g, ""), 10);
const balance = async (page: Page) => cents(await page.getByTestId("lottery-balance").textContent());

/** Submits a bet form (filled by `fill`) until a ticket is bought; returns the ticket's row. */
async function buy(page: Page, type: string, fill: () => Promise<void>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await fill();
    await page.getByTestId(`buy-${type}`).click();
    const done = page.getByTestId("ticket-bought").or(page.getByTestId("lottery-error"));
    await expect(done).toBeVisible();
    if (await page.getByTestId("ticket-bought").isVisible()) {
      const id = new URL(page.url()).searchParams.get("ticket");
      return page.locator(`[data-testid="ticket"][data-ticket-id="${id}"]`);
    }
    await expect(page.getByTestId("lottery-error")).toContainText("Este sorteo ya cerró");
  }
  throw new Error("no open draw after 3 attempts");
}

/**
 * Opens a lottery page on a draw that stays open for the test's next steps. The operator's
 * draw-now draws the draw open by the clock: a ticket bought seconds before its draw closed would
 * wait for the scheduler, after the test has looked (seen in CI across a 5-minute boundary). So a
 * draw closing within 30 s is waited out, and the page opened again on the next one.
 */
async function openDraw(page: Page, url: string) {
  await page.goto(url);
  const closesAt = await page.getByTestId("current-draw").locator("time").first().getAttribute("datetime");
  const left = Date.parse(closesAt ?? "") - Date.now();
  if (!(left < 30_000)) return;
  await page.waitForTimeout(Math.max(0, left) + 1_000);
  await page.goto(url);
}

async function drawNow(operator: Operator, game: string) {
  const res = await operator.call("POST", `/lottery/games/${game}/draw-now`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.draw as { issue: string; serverSeed: string; serverSeedHash: string; numbers: Record<string, string[]> };
}

test("the lottery pages need a login", async ({ page }) => {
  await page.goto("/vnLottery?gameCode=VN_MB");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FvnLottery/);
});

test("buys a Fast 5 ticket, the draw pays exactly its win, and the seed matches its hash", async ({ page, operator }) => {
  await newMember(page, operator);
  await openDraw(page, "/lottery?gameCode=ELOTT_FAST5");
  await expect(page.getByTestId("current-draw")).toContainText("Un sorteo cada 5 minutos");
  const before = await balance(page);
  const ticket = await buy(page, "LAST2", async () => {
    await page.getByTestId("numbers-LAST2").fill("07 42");
    await page.getByTestId("amount-LAST2").fill("2,50");
  });
  const stake = cents(await ticket.getByTestId("ticket-stake").getAttribute("data-amount"));
  expect(stake).toBe(500);
  expect(await balance(page)).toBe(before - stake);
  const shownHash = await page.getByTestId("draw-seed-hash").textContent();

  await drawNow(operator, "ELOTT_FAST5");
  await page.goto("/lottery?gameCode=ELOTT_FAST5");
  const ticketId = await ticket.getAttribute("data-ticket-id");
  const settled = page.locator(`[data-testid="ticket"][data-ticket-id="${ticketId}"]`);
  await expect(settled).toHaveAttribute("data-status", /^(WON|LOST)$/);
  const win = cents(await settled.getByTestId("ticket-win").getAttribute("data-amount"));
  expect(await balance(page)).toBe(before - stake + win);
  // The ticket's draw is in the results, its seed published and hashing to what was shown.
  const issue = (await settled.locator("td").nth(1).textContent())!;
  const row = page.locator(`[data-testid="draw"][data-issue="${issue}"]`);
  await expect(row).toBeVisible();
  const numbers = (await row.getByTestId("draw-numbers").textContent())!.replace(/\D/g, "");
  expect(numbers).toMatch(/^\d{5}$/);
  expect(win).toBe((numbers.endsWith("07") || numbers.endsWith("42") ? 250 * 98 : 0));
  const seed = (await row.locator("details span").first().textContent())!;
  const hash = createHash("sha256").update(seed).digest("hex");
  await expect(row).toContainText(hash);
  // The hash shown before the draw is this draw's, unless the other run's draw closed it first.
  if (shownHash) expect([hash, shownHash]).toContain(shownHash);

  // The public verify page checks the draw: the seed hashes to the commitment, the numbers follow.
  await page.goto(`/verify?lottery=ELOTT_FAST5&issue=${issue}#draw`);
  await expect(page.getByTestId("verify-draw-match")).toBeVisible();
  await expect(page.getByTestId("verify-draw-numbers")).toHaveText(numbers);
  await page.goto("/verify?lottery=ELOTT_FAST5&issue=19990101-001#draw");
  await expect(page.locator("#draw-error")).toContainText("No existe ese sorteo");

  // The ticket is in the betting record under its category, with its stake and win.
  await page.goto("/member/personalHistoryCopy?category=ELOTT");
  const entry = page.locator(`[data-testid="record-ticket"][data-ticket-id="${ticketId}"]`);
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId("record-stake")).toHaveText("5,00 USD");
  await expect(entry.getByTestId("record-win")).toHaveText(`${(win / 100).toFixed(2).replace(".", ",")} USD`);
  await page.goto("/member/personalHistoryCopy?category=LIVE");
  await expect(page.getByTestId("record-ticket")).toHaveCount(0);
});

test("the VN lottery shows its 27 prizes and pays lô per prize", async ({ page, operator }) => {
  await newMember(page, operator);
  await openDraw(page, "/vnLottery?gameCode=VN_MB");
  const before = await balance(page);
  const ticket = await buy(page, "LO", async () => {
    await page.getByTestId("numbers-LO").fill("00 11 22 33 44");
    await page.getByTestId("amount-LO").fill("1");
  });
  await expect(ticket.getByTestId("ticket-stake")).toHaveAttribute("data-amount", "5.00");
  await drawNow(operator, "VN_MB");
  await page.goto("/vnLottery?gameCode=VN_MB");
  const latest = page.getByTestId("latest-prizes");
  const all: string[] = [];
  for (const tier of ["DB", "G1", "G2", "G3", "G4", "G5", "G6", "G7"]) all.push(...(await latest.getByTestId(`prize-${tier}`).textContent())!.trim().split(/\s+/));
  expect(all).toHaveLength(27);
  const id = await ticket.getAttribute("data-ticket-id");
  const settled = page.locator(`[data-testid="ticket"][data-ticket-id="${id}"]`);
  await expect(settled).toHaveAttribute("data-status", /^(WON|LOST)$/);
  const win = cents(await settled.getByTestId("ticket-win").getAttribute("data-amount"));
  // Only when the member's ticket was in the draw shown (the other run may have drawn another since).
  if ((await settled.locator("td").nth(1).textContent()) === (await latest.getAttribute("data-issue"))) {
    expect(win).toBe(all.filter((n) => /(00|11|22|33|44)$/.test(n)).length * 360);
  }
  expect(await balance(page)).toBe(before - 500 + win);
});

test("a bad bet keeps the input and says why, and nothing is bought", async ({ page, operator }) => {
  await newMember(page, operator, "3.00");
  await page.goto("/seaLottery?gameCode=SEA_4D");
  await page.getByTestId("numbers-BIG").fill("123");
  await page.getByTestId("amount-BIG").fill("1");
  await page.getByTestId("buy-BIG").click();
  await expect(page.getByTestId("bet-form-BIG").getByRole("alert")).toHaveText("Elija números válidos");
  await expect(page.getByTestId("numbers-BIG")).toHaveValue("123");
  await page.getByTestId("numbers-BIG").fill("1234 5678");
  await page.getByTestId("amount-BIG").fill("2");
  await page.getByTestId("buy-BIG").click();
  await expect(page.getByTestId("bet-form-BIG").getByRole("alert")).toHaveText("Saldo insuficiente");
  await expect(page.getByTestId("numbers-BIG")).toHaveValue("1234 5678");
  await expect(page.getByTestId("tickets")).toHaveCount(0);
  expect(await balance(page)).toBe(300);
});
