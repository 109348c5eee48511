import { expect, test } from "./fixtures";

// Spec §9 rebate display by category, in the default language (ES).
test("rebate display by category: up to 1.2% on slots, 0.8% on live, none on PVP or hot", async ({ page }) => {
  await page.goto("/rng");
  await expect(page.getByTestId("rebate")).toHaveText(/^Reembolso de hasta 1,2\s?%$/);
  await page.goto("/live");
  await expect(page.getByTestId("rebate")).toHaveText(/^Reembolso de hasta 0,8\s?%$/);
  await page.goto("/pvp");
  await expect(page.getByTestId("game-centre-PVP")).toBeVisible();
  await expect(page.getByTestId("rebate")).toHaveCount(0);
  await page.goto("/hot");
  await expect(page.getByTestId("list-centre-HOT")).toBeVisible();
  await expect(page.getByTestId("rebate")).toHaveCount(0);
});
