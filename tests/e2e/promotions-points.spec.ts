import type { Page } from "@playwright/test";
import { expect, loginNewMember, test, type Operator, setWithdrawPassword } from "./fixtures";

// Promotions that pay, the rewards centre and (below) the points mall, in the default language
// (ES). Every test has its own member and its own address.
test.describe.configure({ timeout: 180_000 });

async function newMember(page: Page, operator: Operator, funds?: string): Promise<string> {
  return loginNewMember(page, operator, { prefix: "pp", net: "198.24", funds });
}

test("a new player deposits and gets the newbie 100% bonus, shown in bonus details and the rewards centre", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/promotions");
  const newbie = page.locator('[data-code="NEWBIE100"]');
  await expect(newbie.getByTestId("promo-status")).toHaveText("Automática");
  await page.goto("/member/depositv2");
  const form = page.getByTestId("deposit-form");
  await form.getByLabel(/sandbox/).check();
  await form.getByLabel("Importe", { exact: true }).fill("40.00");
  await form.getByRole("button", { name: "Depositar ahora" }).click();
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page).toHaveURL(/\/member\/depositv2\?deposit=D\w+$/);
  await expect(page.getByTestId("balance")).toHaveText("80,00 USD");

  await page.goto("/member/bonusDetails");
  await expect(page.getByTestId("bonus-row")).toHaveCount(1);
  await expect(page.getByTestId("bonus-row")).toContainText("PROMO-NEWBIE100");
  await page.goto("/member/rewardCenter");
  const got = page.getByTestId("rewards-got").locator('[data-code="NEWBIE100"]');
  await expect(got.getByTestId("reward-amount")).toHaveText("40,00 USD");
  await expect(got.getByTestId("reward-wagering")).toHaveText("Apuestas válidas: 0,00 USD de 120,00 USD");
  await page.goto("/promotions");
  await expect(newbie.getByTestId("promo-status")).toHaveText("Reclamada");
});

test("joins the rebate promotion in its modal, bets, claims the rebate once; a second claim is refused clearly", async ({ page, operator, context }) => {
  await newMember(page, operator, "100.00");
  await page.goto("/promotions?category=rebate");
  await expect(page.getByTestId("promo-card")).toHaveCount(1);
  await page.getByTestId("promo-details").click();
  const modal = page.getByTestId("promo-modal");
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/popup=promo&id=\d+/);
  await modal.getByRole("button", { name: "Unirse" }).click();
  await expect(page.getByTestId("promo-done")).toHaveText("Te has unido a la promoción.");
  await expect(page.getByTestId("promo-modal").getByTestId("promo-status")).toHaveText("Reclamar");

  await page.goto("/house/HOUSE_ROULETTE");
  await page.getByLabel("Importe para Rojo").fill("20");
  await page.getByTestId("bet-submit").click();
  await expect(page).toHaveURL(/\?round=\d+$/);

  const second = await context.newPage();
  await second.goto("/member/rewardCenter");
  await page.goto("/member/rewardCenter");
  const card = page.getByTestId("rewards-claimable").locator('[data-code="REBATE1"]');
  await card.getByRole("button", { name: "Reclamar" }).click();
  await expect(page.getByTestId("promo-done")).toHaveText("Tu recompensa se ha pagado.");
  await expect(page.getByTestId("rewards-got").locator('[data-code="REBATE1"]').getByTestId("reward-amount")).toHaveText("0,20 USD");

  // The other tab still shows the claim button: its post is refused with a clear message.
  await second.getByTestId("rewards-claimable").locator('[data-code="REBATE1"]').getByRole("button", { name: "Reclamar" }).click();
  await expect(second.getByTestId("promo-error")).toHaveText("Ya has reclamado esta recompensa.");
  await second.close();
});

test("applies with a comment: over 140 characters is refused beside the field with the input kept", async ({ page, operator }) => {
  await newMember(page, operator);
  await page.goto("/promotions");
  const card = page.locator('[data-code="STORY"]');
  const long = "a".repeat(141);
  await card.getByLabel("Comentario").fill(long);
  await card.getByRole("button", { name: "Postular" }).click();
  await expect(card.getByText("Como máximo 140 caracteres.")).toBeVisible();
  await expect(card.getByLabel("Comentario")).toHaveValue(long);
  await card.getByLabel("Comentario").fill("Gané 7 rojos seguidos");
  await card.getByRole("button", { name: "Postular" }).click();
  await expect(page.getByTestId("promo-done")).toHaveText("Tu solicitud se ha enviado.");
  await expect(card.getByTestId("promo-status")).toHaveText("En revisión");
});

test("redeems goods with the payment password and sees the history; too many, a wrong password and the approval", async ({ page, operator }, info) => {
  const account = await newMember(page, operator, "200.00");
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const made = await operator.call("PUT", `/merchants/DEMO/points/goods/${code}`, { name: { en: `Cap ${code}`, es: `Gorra ${code}` }, price: 20, stock: 2, physical: true });
  expect(made.status).toBe(200);

  await page.goto("/member/withdraw");
  await setWithdrawPassword(page);

  // Points come from settled rounds, earned by the job (every 10 s).
  await page.goto("/house/HOUSE_ROULETTE");
  await page.getByLabel("Importe para Rojo").fill("100");
  await page.getByTestId("bet-submit").click();
  await expect(page).toHaveURL(/\?round=\d+$/);
  await expect
    .poll(
      async () => {
        await page.goto("/pointMall");
        return page.getByTestId("points-balance").textContent();
      },
      { timeout: 40_000, intervals: [2_000] },
    )
    .toBe("100");
  await expect(page.getByTestId("points-details")).toContainText("+100");

  const card = page.locator(`[data-code="${code}"]`);
  await card.getByLabel("Cantidad").fill("3");
  await card.getByLabel("Dirección de entrega").fill("Calle Mayor 1, Madrid");
  await card.getByLabel("Contraseña de retiro").fill("135790");
  await card.getByRole("button", { name: "Canjear" }).click();
  await expect(card.getByText("No quedan suficientes existencias.")).toBeVisible();
  await expect(card.getByLabel("Cantidad")).toHaveValue("3");
  await expect(card.getByLabel("Dirección de entrega")).toHaveValue("Calle Mayor 1, Madrid");
  // The server never sends a password back; with scripts the browser simply keeps what was typed.
  if (info.project.name === "no-js") await expect(card.getByLabel("Contraseña de retiro")).toHaveValue("");

  await card.getByLabel("Cantidad").fill("2");
  await card.getByLabel("Contraseña de retiro").fill("000000");
  await card.getByRole("button", { name: "Canjear" }).click();
  await expect(card.getByText("La contraseña de retiro es incorrecta")).toBeVisible();
  await expect(card.getByLabel("Cantidad")).toHaveValue("2");

  await card.getByLabel("Contraseña de retiro").fill("135790");
  await card.getByRole("button", { name: "Canjear" }).click();
  await expect(page.getByTestId("points-done")).toHaveText("Tu solicitud de canje se ha enviado.");
  await expect(page.getByTestId("points-balance")).toHaveText("60");
  await expect(page.getByTestId("redeem-row").first()).toContainText(`Gorra ${code} × 2`);
  await expect(page.getByTestId("redeem-status").first()).toHaveText("En proceso");
  await expect(card.getByRole("button", { name: "Agotado" })).toBeDisabled();

  const pending = (await operator.call("GET", "/merchants/DEMO/points/redemptions?status=IN_PROCESS")).body.items as { id: number; account: string }[];
  const mine = pending.find((r) => r.account === account)!;
  expect((await operator.call("POST", `/merchants/DEMO/points/redemptions/${mine.id}/approve`)).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId("redeem-status").first()).toHaveText("Aprobado");
});
