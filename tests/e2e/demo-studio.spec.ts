import { expect, loginNewMember, test } from "./fixtures";

// A login, a launch, a spin and two member pages on a shared machine.
test.describe.configure({ timeout: 180_000 });

/**
 * A demo studio game (demo-vendor/) plays for real money through the vendor wallet: with scripts
 * on and off, one spin moves the balance by exactly the stake and the win, and the round is in
 * the betting record.
 */
test("play one demo-studio game: the balance moves by stake and win, the round is in the betting record", async ({ page, operator }) => {
  await loginNewMember(page, operator, { prefix: "ds", net: "10.216", funds: "50.00" });
  await page.goto("/rng?vassalage=LUCKY");
  const card = page.getByTestId("game-list").getByRole("listitem").first();
  await card.locator("a[data-node-id]").click();
  await expect(page).toHaveURL(/\/seamless\?nodeId=\d+/);
  const src = (await page.getByTestId("game-frame").getAttribute("src"))!;
  const gameCode = new URLSearchParams(src.split("?")[1]).get("gameCode")!;
  expect(gameCode).toMatch(/^LUCKY_/);

  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByTestId("studio-balance")).toHaveAttribute("data-amount", "50.00");
  await expect(game.getByTestId("studio-paytable")).toBeAttached();
  await game.getByTestId("studio-stake").fill("2.50");
  await game.getByTestId("studio-spin").click();

  const result = game.getByTestId("studio-result");
  await expect(result).toHaveAttribute("data-stake", "2.50");
  const win = Number(await result.getAttribute("data-win"));
  const roundId = (await result.getAttribute("data-round-id"))!;
  const after = (5000 - 250 + Math.round(win * 100)) / 100;
  await expect(game.getByTestId("studio-balance")).toHaveAttribute("data-amount", after.toFixed(2));
  await expect(game.getByTestId("studio-reels").locator("svg")).toHaveCount(9);
  // The stake is kept for the next spin.
  await expect(game.getByTestId("studio-stake")).toHaveValue("2.50");

  // The site's own balance says the same.
  await page.goto("/member/transactionHistory?type=bet");
  await expect(page.getByTestId("history-row").first()).toContainText("-2,50");

  await page.goto("/member/personalHistoryCopy");
  const item = page.locator(`[data-testid="record-vendor-round"][data-round-id="${roundId}"]`);
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute("data-game", gameCode);
  await expect(item.getByTestId("record-stake")).toContainText("2,50");
  await expect(item.getByTestId("record-win")).toContainText(win.toFixed(2).replace(".", ","));
});

test("a stake above the balance is refused beside the field with the stake kept", async ({ page, operator }) => {
  await loginNewMember(page, operator, { prefix: "ds", net: "10.217", funds: "1.00" });
  await page.goto("/rng?vassalage=LUCKY");
  await page.getByTestId("game-list").getByRole("listitem").nth(1).locator("a[data-node-id]").click();
  const game = page.frameLocator('[data-testid="game-frame"]');
  await game.getByTestId("studio-stake").fill("5.00");
  await game.getByTestId("studio-spin").click();
  await expect(game.getByTestId("studio-stake-error")).toHaveText("Saldo insuficiente");
  await expect(game.getByTestId("studio-stake")).toHaveValue("5.00");
  await expect(game.getByTestId("studio-stake")).toHaveAttribute("aria-invalid", "true");
  await expect(game.getByTestId("studio-balance")).toHaveAttribute("data-amount", "1.00");
});

test("a sports lobby (BTI, once the neutral demo box) plays as the studio's generic game: the balance moves by stake and win", async ({ page, operator }) => {
  await loginNewMember(page, operator, { prefix: "ds", net: "10.218", funds: "20.00" });
  await page.goto("/sports?vassalage=BTI");
  await page.getByTestId("game-list").getByRole("listitem").first().locator("a[data-node-id]").click();
  await expect(page).toHaveURL(/\/seamless\?nodeId=\d+/);
  expect(await page.getByTestId("game-frame").getAttribute("src")).toMatch(/^\/play\?vendor=BTI&gameCode=BTI_\w+&token=/);

  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByTestId("vendor-game")).not.toContainText("Juego de proveedor de demostración");
  await expect(game.getByTestId("studio-balance")).toHaveAttribute("data-amount", "20.00");
  await game.getByTestId("studio-stake").fill("1.00");
  await game.getByTestId("studio-spin").click();
  const result = game.getByTestId("studio-result");
  await expect(result).toHaveAttribute("data-stake", "1.00");
  const win = Number(await result.getAttribute("data-win"));
  await expect(game.getByTestId("studio-balance")).toHaveAttribute("data-amount", ((2000 - 100 + Math.round(win * 100)) / 100).toFixed(2));
  const roundId = (await result.getAttribute("data-round-id"))!;
  await page.goto("/member/personalHistoryCopy");
  await expect(page.locator(`[data-testid="record-vendor-round"][data-round-id="${roundId}"]`)).toBeVisible();
});
