import { randomBytes, randomInt } from "node:crypto";
import { expect, test } from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": `198.21.${randomInt(0, 255)}.${randomInt(1, 254)}` } });

const phone = () => `09${randomInt(10_000_000, 99_999_999)}`;
const newName = () => `r${randomBytes(4).toString("hex")}`;

test("SMS login: send the code (button waits out the countdown), read it, log in", async ({ page, operator }) => {
  const mobileNum = phone();
  await operator.createMember({ account: newName(), password: "secret123", mobileNum });
  await page.goto("/login?loginType=sms");
  const popup = page.getByTestId("login-popup");
  await popup.getByLabel("Prefijo del país").fill("63");
  await popup.getByLabel("Número de móvil").fill(mobileNum);
  await popup.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  await expect(page.getByTestId("send-code")).toBeDisabled();
  const code = (await operator.lastMessage(`+63-${mobileNum}`))?.match(/\d{6}/)?.[0];
  expect(code).toBeDefined();
  await page.getByTestId("login-popup").getByLabel("Código de verificación").fill(code!);
  await page.getByTestId("login-popup").getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByTestId("member-info")).toBeVisible();
});

test("forgot password by e-mail: unknown pair refused, then the mailed link sets a new password", async ({ page, operator }) => {
  const account = newName();
  const email = `${account}@example.com`;
  await operator.createMember({ account, password: "secret123", email });
  await page.goto("/forgotPassword");
  const popup = page.getByTestId("forgot-popup");
  await popup.getByLabel("Nombre de usuario").fill(account);
  await popup.getByLabel("Correo electrónico").fill("someone@else.example");
  await popup.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByTestId("forgot-popup").getByRole("alert")).toBeVisible();
  await expect(page.getByTestId("forgot-popup").getByLabel("Nombre de usuario")).toHaveValue(account);
  await page.getByTestId("forgot-popup").getByLabel("Correo electrónico").fill(email);
  await page.getByTestId("forgot-popup").getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();

  const link = (await operator.lastMessage(email))?.match(/https?:\/\/\S+\/resetPassword\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("mailreset1");
  await page.getByLabel("Confirmar nueva contraseña").fill("mailreset1");
  await page.getByRole("button", { name: /contraseña/i }).last().click();
  // Issue 14: a confirmation, not a login; the member logs in with the new password.
  await expect(page.getByTestId("reset-done")).toBeVisible();
  await expect(page.getByTestId("member-info")).toHaveCount(0);
  // The used link says so before any form.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByTestId("reset-link-state")).toHaveAttribute("data-state", "used");
  await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
});

test("forgot password by phone: code, new password, logged in and sent home", async ({ page, operator }) => {
  const account = newName();
  const mobileNum = phone();
  await operator.createMember({ account, password: "secret123", mobileNum });
  await page.goto("/forgotPassword?by=phone");
  const popup = page.getByTestId("forgot-popup");
  await popup.getByLabel("Prefijo del país").fill("63");
  await popup.getByLabel("Número de móvil").fill(mobileNum);
  await popup.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  const code = (await operator.lastMessage(`+63-${mobileNum}`))?.match(/\d{6}/)?.[0];
  await page.getByTestId("forgot-popup").getByLabel("Código de verificación").fill(code!);
  await page.getByTestId("forgot-popup").getByLabel("Nueva contraseña").fill("phonereset1");
  await page.getByTestId("forgot-popup").getByRole("button", { name: /contraseña/i }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("member-info")).toContainText(account);
});

test("registration by mobile number with the SMS code", async ({ page, operator }) => {
  const mobileNum = phone();
  await page.goto("/register?mode=mobile");
  const form = page.getByTestId("register-mobile-form");
  await form.getByLabel("Prefijo del país").fill("63");
  await form.getByLabel("Número de móvil").fill(mobileNum);
  await form.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  const code = (await operator.lastMessage(`+63-${mobileNum}`))?.match(/\d{6}/)?.[0];
  const again = page.getByTestId("register-mobile-form");
  await again.getByLabel("Código de verificación").fill(code!);
  await again.getByLabel("Contraseña", { exact: true }).fill("secret123");
  await again.getByLabel("Confirmar contraseña").fill("secret123");
  await again.getByLabel("Acepto los términos y condiciones").check();
  await again.getByLabel(/18/).check();
  await again.getByRole("button", { name: "Registrarse" }).click();
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(page.getByTestId("member-info")).toContainText(`m${mobileNum}`);
});
