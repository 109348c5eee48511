import { expect, test } from "./fixtures";

test("an unknown URL renders the 404 page inside the site shell", async ({ page }) => {
  const res = await page.goto("/definitely/not/here");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("not-found").getByRole("heading")).toHaveText("Página no encontrada");
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page.getByTestId("not-found").getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("home")).toBeVisible();
});

test("a thrown error renders the 500 page with a request id and no stack trace", async ({ page }) => {
  const res = await page.goto("/e2e-fixtures/throw");
  expect(res?.status()).toBe(500);
  const card = page.getByTestId("server-error");
  await expect(card.getByRole("heading")).toHaveText("Algo salió mal");
  const requestId = await page.getByTestId("request-id").textContent();
  expect(requestId).toBe(res?.headers()["x-request-id"]);
  const html = await page.content();
  expect(html).not.toContain("secret-stack-marker");
  expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
});
