import { randomInt } from "node:crypto";
import { expect, holdRequests, hydrated, loginNewMember, test } from "./fixtures";

test("registration shows each field's rule and required mark before any typing, and announces errors", async ({ page }) => {
  await page.goto("/register");
  const popup = page.getByTestId("register-popup");
  await expect(popup.getByText("Los campos marcados con * son obligatorios.")).toBeVisible();
  // The operator's (default) rules: username 6-16 letter first; password 8-64 of anything printable (ASVS 2.1).
  await expect(popup.getByTestId("rule-username")).toHaveText("Empieza por una letra y usa solo letras y números (6 - 16 caracteres)");
  await expect(popup.getByTestId("rule-password")).toHaveText("Introduce una contraseña de 8 - 64 caracteres: se permiten letras, números, espacios y símbolos, pero no una contraseña común");
  const username = popup.getByLabel("Nombre de usuario");
  await expect(username).toHaveAttribute("aria-required", "true");
  const ruleId = await popup.getByTestId("rule-username").getAttribute("id");
  await expect(username).toHaveAttribute("aria-describedby", ruleId!);
  // The asterisk is drawn by CSS (the label's accessible name stays the field's name).
  const mark = popup.locator("label", { hasText: "Nombre de usuario" }).getByTestId("required-mark");
  expect(await mark.evaluate((el) => getComputedStyle(el, "::after").content)).toContain("*");

  await username.fill("1bad");
  await popup.getByRole("button", { name: "Registrarse" }).click();
  await expect(username).toHaveAttribute("aria-invalid", "true");
  const described = (await username.getAttribute("aria-describedby"))!.split(" ");
  expect(described).toContain(ruleId);
  expect(described.length).toBe(2);
  await expect(page.locator(`[id="${described[1]}"]`)).toHaveRole("alert");
});

test("a dead reset link says so before any form", async ({ page }) => {
  await page.goto("/resetPassword?token=no-such-token");
  await expect(page.getByTestId("reset-link-state")).toHaveAttribute("data-state", "unknown");
  await expect(page.getByTestId("reset-link-state")).toHaveText("Este enlace no es válido o ha caducado");
  await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pedir un enlace nuevo" })).toHaveAttribute("href", "/forgotPassword");
});

test("the header's mobile login has a country code and sends the code", async ({ page, operator }) => {
  const mobileNum = `09${randomInt(10_000_000, 99_999_999)}`;
  await operator.createMember({ account: `hdr${randomInt(1e6, 9e6)}`, password: "secret123", mobileNum });
  await page.goto("/promotions?loginType=sms");
  const area = page.getByTestId("login-area");
  await area.getByTestId("header-country-code").fill("63");
  await area.getByLabel("Número de móvil").fill(mobileNum);
  await area.getByTestId("header-send-code").click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  expect(await operator.lastMessage(`+63-${mobileNum}`)).toMatch(/\d{6}/);
});

test("a house game keeps the last stake and bet layout for the next round", async ({ page, operator }) => {
  await loginNewMember(page, operator, { prefix: "stake", net: "198.31", funds: "100.00" });
  await page.goto("/house/HOUSE_DICE");
  const form = page.getByTestId("bet-form");
  await form.getByLabel("Objetivo (0,00-99,99)").fill("40");
  await form.getByLabel("Importe", { exact: true }).fill("3");
  await page.getByTestId("bet-submit").click();
  await expect(page).toHaveURL(/\?round=\d+$/);
  await expect(page.getByTestId("round-result")).toBeVisible();
  await expect(form.getByLabel("Importe", { exact: true })).toHaveValue("3");
  await expect(form.getByLabel("Objetivo (0,00-99,99)")).toHaveValue("40");
  // Also on a fresh visit of the game.
  await page.goto("/house/HOUSE_DICE");
  await expect(page.getByTestId("bet-form").getByLabel("Importe", { exact: true })).toHaveValue("3");
});

test("a dice target and side chosen before the page has hydrated are the ones played", async ({ page, operator }, testInfo) => {
  // What it checks is the moment of hydration; with scripts off the form posts what was typed.
  test.skip(testInfo.project.name !== "js", "hydration needs scripts: with them off the form is the server's, as typed");
  await loginNewMember(page, operator, { prefix: "early", net: "198.32", funds: "100.00" });
  // The page's state is held back, so the player types while it is still the server's page.
  const release = await holdRequests(page, "**/hydration/**");
  const form = page.getByTestId("bet-form");
  const target = form.getByLabel("Objetivo (0,00-99,99)");
  const under = form.getByLabel("Por debajo del objetivo");

  // The target typed early, the side picked once hydrated (a new render of the fields).
  await page.goto("/house/HOUSE_DICE");
  await target.fill("40");
  release();
  await hydrated(page);
  await under.check();
  await expect(target).toHaveValue("40");
  await form.getByLabel("Importe", { exact: true }).fill("2");
  await page.getByTestId("bet-submit").click();
  await expect(page).toHaveURL(/\?round=\d+$/);
  await expect(page.getByTestId("round-result")).toBeVisible();
  await expect(target).toHaveValue("40");
  await expect(under).toBeChecked();

  // The side picked early, the target typed once hydrated.
  await page.unroute("**/hydration/**");
  const releaseAgain = await holdRequests(page, "**/hydration/**");
  await page.goto("/house/HOUSE_DICE");
  await form.getByLabel("Por encima del objetivo").check();
  releaseAgain();
  await hydrated(page);
  await target.fill("60");
  await expect(form.getByLabel("Por encima del objetivo")).toBeChecked();
});
