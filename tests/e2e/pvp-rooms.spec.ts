import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// This file's logins come from their own address, away from other specs' captcha and lockout rules.
test.use({ extraHTTPHeaders: { "x-forwarded-for": `198.21.${randomInt(0, 255)}.${randomInt(1, 254)}` } });

async function logInFromPopup(page: Page, username: string) {
  const form = page.getByTestId("login-popup").getByRole("form", { name: "Iniciar sesión" });
  await form.getByLabel("Nombre de usuario").fill(username);
  await form.getByLabel("Contraseña").fill("secret123");
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByTestId("member-info")).toContainText(username);
}

test("PVP: a visitor sees the vendors and a login prompt; logged in, the rooms; join opens the game", async ({ page, operator }) => {
  const account = `p${randomBytes(4).toString("hex")}`;
  await operator.createMember({ account, password: "secret123" });

  await page.goto("/pvp");
  const centre = page.getByTestId("game-centre-PVP");
  await expect(centre.getByRole("link", { name: /Table Masters/ })).toBeVisible();
  await expect(page.getByTestId("pvp-login-prompt")).toContainText("Inicia sesión para ver las salas de cartas");
  await expect(page.getByTestId("pvp-room-table")).toHaveCount(0);

  const login = page.getByTestId("pvp-login-prompt").getByRole("link", { name: "Iniciar sesión" });
  await expect(login).toHaveAttribute("href", "/login?redirectTo=%2Fpvp");
  await login.click();
  // A first login goes to the security centre first (spec §4), so come back by hand.
  await logInFromPopup(page, account);
  await page.goto("/pvp");

  const table = page.getByTestId("pvp-room-table");
  await expect(table).toBeVisible();
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBe(24);
  await expect(rows.first()).toContainText("Texas Hold'em · Mesa 1");
  await expect(rows.first()).toContainText("Table Masters");
  await expect(rows.first()).toContainText(/1,00 USD/);
  await expect(rows.first()).toContainText(/\d\/9/);

  // The game filter is a plain GET form.
  const rooms = page.getByTestId("pvp-rooms");
  await rooms.getByLabel("Juego", { exact: true }).selectOption({ label: "Rummy" });
  await rooms.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/pvp\?gameCode=TABLEM_RUMMY$/);
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(table.locator("tbody tr").first()).toContainText("Rummy · Mesa 1");

  // A vendor card narrows the rooms to its own.
  await page.goto("/pvp?vassalage=NOSUCH");
  await expect(page.getByTestId("pvp-rooms-empty")).toBeVisible();

  await page.goto("/pvp?vassalage=TABLEM");
  const join = page.getByTestId("pvp-join").first();
  await expect(join).toHaveAttribute("href", /^\/seamless\?nodeId=\d+&vassalage=TABLEM&gameCode=TABLEM_\w+#play$/);
  await join.click();
  await expect(page.getByTestId("game-frame")).toHaveAttribute("src", /^\/play\?vendor=TABLEM&gameCode=TABLEM_\w+&token=/);
});
