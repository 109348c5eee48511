import type { Locator, Page } from "@playwright/test";
import { expect, loginNewMember, test, setWithdrawPassword, bindBankAccount } from "./fixtures";

// A login, the withdraw set-up and a dozen page loads on a shared machine.
test.describe.configure({ timeout: 180_000 });

/**
 * Issue 13 item 7: a withdrawal's states appear in /member/transactionHistory as they happen:
 * in process, approved and paid out (receipt awaited), the member's "not received", and a rejected
 * one with its release. In Spanish (the demo brand's language), with scripts on and off.
 */
async function setUpWithdrawals(page: Page) {
  await page.goto("/member/withdraw");
  await setWithdrawPassword(page);
  await bindBankAccount(page);
}

async function withdraw(page: Page, amount: string): Promise<string> {
  await page.goto("/member/withdraw");
  const form = page.getByTestId("withdraw-form");
  await form.getByLabel("Importe", { exact: true }).fill(amount);
  await form.getByLabel("Contraseña de retiro", { exact: true }).fill("135790");
  await form.getByRole("button", { name: "Solicitar retiro" }).click();
  await expect(page.getByTestId("withdraw-done")).toHaveText("Retiro solicitado. Ahora está en proceso.");
  return (await page.getByTestId("withdrawal").first().getAttribute("data-reference"))!;
}

/** The history's rows of one withdrawal, as the member sees them now. */
async function historyRows(page: Page, reference: string): Promise<Locator> {
  await page.goto("/member/transactionHistory?type=withdraw");
  return page.getByTestId("history-row").filter({ hasText: reference });
}

test("the transaction history shows a withdrawal in process, approved and paid, not received, and a rejected one released", async ({ page, operator }) => {
  const account = await loginNewMember(page, operator, { prefix: "ws", net: "198.23" });
  await operator.credit(account, "300.00");
  await setUpWithdrawals(page);

  const paid = await withdraw(page, "120.00");
  let rows = await historyRows(page, paid);
  await expect(rows).toHaveCount(1);
  let state = rows.first().getByTestId("withdrawal-state");
  await expect(state).toHaveAttribute("data-status", "IN_PROCESS");
  await expect(state).toHaveText("En proceso");
  await expect(rows.first()).toContainText("-120,00");

  // The back office approves: paid out, the member's receipt awaited.
  await operator.decide("withdrawals", paid, "approve");
  rows = await historyRows(page, paid);
  state = rows.first().getByTestId("withdrawal-state");
  await expect(state).toHaveAttribute("data-status", "APPROVED");
  await expect(state).toHaveAttribute("data-receipt", "PENDING");
  await expect(state).toContainText("Aprobado");
  await expect(state).toContainText("Recepción: Esperando tu confirmación");

  // The member says the money did not arrive.
  await page.goto("/member/withdraw");
  const receipt = page.locator(`[data-testid="withdrawal"][data-reference="${paid}"]`).getByTestId("receipt-form");
  await receipt.getByLabel("No recibido", { exact: true }).check();
  await receipt.getByRole("button", { name: "Confirmar recepción" }).click();
  await expect(page.getByTestId("withdraw-done")).toHaveText("Gracias, tu confirmación se ha guardado.");
  rows = await historyRows(page, paid);
  state = rows.first().getByTestId("withdrawal-state");
  await expect(state).toHaveAttribute("data-receipt", "NOT_RECEIVED");
  await expect(state).toContainText("Recepción: No recibido");

  // A second withdrawal is rejected: its hold and its release both say so, and the money is back.
  const refused = await withdraw(page, "60.00");
  await operator.decide("withdrawals", refused, "reject");
  rows = await historyRows(page, refused);
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row.getByTestId("withdrawal-state")).toHaveAttribute("data-status", "REJECTED");
    await expect(row.getByTestId("withdrawal-state")).toContainText("Rechazado");
  }
  await expect(rows.filter({ hasText: "+60,00" })).toHaveCount(1);
  await expect(page.getByTestId("history-row").first().getByTestId("balance-after")).toContainText("180,00");
});
