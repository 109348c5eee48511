import { randomBytes } from "node:crypto";
import { expect, loginNewMember, test } from "./fixtures";

/**
 * Issue 13, item 8: a member registered by username binds an e-mail address with a code sent to
 * it, and forgot-password by e-mail then works for it; a wrong code is refused beside its field
 * with the address kept.
 */
test("binds an e-mail with a code to it; a wrong code keeps the address; forgot-password then mails a link", async ({ page, operator }) => {
  const account = await loginNewMember(page, operator, { prefix: "ct", net: "198.36" });
  const email = `${account}-${randomBytes(2).toString("hex")}@example.com`;
  await page.goto("/member/securityCenter");
  const form = page.getByTestId("contact-email");
  await expect(page.getByTestId("contact-email-current")).toContainText("No configurado");
  await form.getByLabel("Nuevo correo electrónico", { exact: false }).fill(email);
  await form.getByTestId("contact-email-send-new").click();
  await expect(page.getByTestId("contact-email-sent")).toBeVisible();
  await expect(page.getByTestId("contact-email").locator('input[name="value"]')).toHaveValue(email);
  const code = (await operator.lastMessage(email))!.match(/\b(\d{6})\b/)![1]!;

  const again = page.getByTestId("contact-email");
  await again.locator('input[name="newCode"]').fill(code === "000000" ? "111111" : "000000");
  await again.getByTestId("contact-email-save").click();
  await expect(page.getByTestId("contact-email").getByRole("alert")).toContainText("Código de verificación no válido");
  await expect(page.getByTestId("contact-email").locator('input[name="value"]')).toHaveValue(email);

  await page.getByTestId("contact-email").locator('input[name="newCode"]').fill(code);
  await page.getByTestId("contact-email").getByTestId("contact-email-save").click();
  await expect(page.getByTestId("contact-saved")).toBeVisible();
  await expect(page.getByTestId("contact-email-current")).toContainText(email);

  // Logged out, forgot-password by e-mail now reaches this member.
  await page.context().clearCookies();
  await page.goto("/forgotPassword");
  await page.locator('input[name="username"]').last().fill(account);
  await page.locator('input[name="email"]').last().fill(email);
  await page.locator('input[name="email"]').last().press("Enter");
  await expect.poll(async () => (await operator.lastMessage(email)) ?? "").toMatch(/resetPassword\?token=/);
});
