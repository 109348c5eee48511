import { expect, test } from "./fixtures";

test("/login shows the login popup over the home page; closing returns to /", async ({ page }) => {
  const res = await page.goto("/login");
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("home")).toBeAttached();
  const popup = page.getByTestId("login-popup");
  await expect(popup.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await expect(popup.getByPlaceholder("Nombre de usuario")).toBeVisible();
  await popup.getByTestId("popup-close").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("login-popup")).toHaveCount(0);
});

test("the login popup switches between username and mobile modes", async ({ page }) => {
  await page.goto("/login?loginType=sms");
  const popup = page.getByTestId("login-popup");
  await expect(popup.locator('input[name="mobileNum"]')).toBeVisible();
  await expect(popup.locator('input[name="type"]')).toHaveValue("sms");
  await page.goto("/login?loginType=username");
  await expect(page.getByTestId("login-popup").locator('input[name="username"]')).toBeVisible();
});

test("/register and /help open their popups; /help#tag names a section", async ({ page }) => {
  await page.goto("/register?referralCode=ABC123");
  await expect(page.getByTestId("register-popup")).toBeVisible();
  await expect(page.getByTestId("register-popup").locator('input[name="referralCode"]')).toHaveValue("ABC123");
  await page.goto("/help#terms");
  await expect(page.getByTestId("help-popup")).toBeVisible();
  await expect(page.locator("#terms")).toContainText("Términos y condiciones");
});

test("notice list pages by links, 9 a page, and a title opens the notice", async ({ page }) => {
  await page.goto("/notices");
  const list = page.getByTestId("notice-list");
  await expect(list.getByRole("listitem")).toHaveCount(9);
  await list.getByRole("link", { name: /Página siguiente/ }).click();
  await expect(page).toHaveURL(/\/notices\?page=2$/);
  await expect(page.getByTestId("notice-list").getByRole("listitem")).toHaveCount(3);
  await page.getByTestId("notice-list").getByRole("link", { name: /Aviso 10/ }).click();
  await expect(page.getByTestId("notice-modal").getByRole("heading")).toHaveText(/Aviso 10/);
  expect((await page.goto("/notice/999999"))?.status()).toBe(404);
});

test("the announcement popup shows once and closes without scripts", async ({ page }) => {
  await page.goto("/");
  const popup = page.getByTestId("announcement");
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("¡Bienvenido!");
  await popup.getByTestId("announcement-close").click();
  await expect(page.getByTestId("announcement")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("announcement")).toHaveCount(0);
});
