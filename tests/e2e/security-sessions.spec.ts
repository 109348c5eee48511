import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, loginNewMember, test } from "./fixtures";

// Issue 14 (ASVS 3.3.4): the security centre lists the devices logged in and logs out the
// others with a plain form, JavaScript on and off (the "js" and "no-js" projects).
const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

async function logInAs(page: Page, account: string) {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Iniciar sesión" }).last();
  await form.getByLabel("Nombre de usuario").fill(account);
  await form.getByLabel("Contraseña").fill("secret123");
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByTestId("member-info")).toContainText(account);
}

test("the security centre lists the devices and logs out the other ones", async ({ page, browser, operator }, testInfo) => {
  const account = await loginNewMember(page, operator, { prefix: "ses", net: "198.57" });
  // The password rule (ASVS 2.1) beside the new password, before any typing.
  await expect(page.getByTestId("change-password-form").getByTestId("rule-newPassword")).toHaveText(
    "Introduce una contraseña de 8 - 64 caracteres: se permiten letras, números, espacios y símbolos, pero no una contraseña común",
  );
  const sessions = page.getByTestId("sessions");
  await expect(sessions.getByTestId("session")).toHaveCount(1);
  await expect(sessions.getByTestId("sessions-none-other")).toBeVisible();

  // The same account on a phone, from another address.
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
    userAgent: ANDROID_CHROME,
    extraHTTPHeaders: { "x-forwarded-for": `198.58.${randomInt(0, 255)}.${randomInt(1, 254)}` },
  });
  const other = await phone.newPage();
  await logInAs(other, account);

  await page.goto("/member/securityCenter");
  await expect(sessions.getByTestId("session")).toHaveCount(2);
  const current = sessions.locator('[data-testid="session"][data-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current.getByTestId("session-this-device")).toHaveText("(este dispositivo)");
  const away = sessions.locator('[data-testid="session"]:not([data-current])');
  await expect(away).toContainText("Chrome en Android");
  await expect(away).toContainText("198.58.");

  await sessions.getByRole("button", { name: "Cerrar sesión en los demás dispositivos" }).click();
  await expect(page).toHaveURL(/\/member\/securityCenter$/);
  await expect(sessions.getByTestId("sessions-flash")).toHaveText("Sesiones cerradas en otros dispositivos: 1");
  await expect(sessions.getByTestId("session")).toHaveCount(1);
  await expect(sessions.getByTestId("sessions-none-other")).toBeVisible();
  // A reload shows the list again without the message, and posts nothing (post/redirect/get).
  await page.reload();
  await expect(sessions.getByTestId("sessions-flash")).toHaveCount(0);

  // The phone's session is over: a member page sends it to the login.
  await other.goto("/member/securityCenter");
  await expect(other).toHaveURL(/\/login\?redirectTo=/);
  await phone.close();
});
