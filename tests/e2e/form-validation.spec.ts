import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";

// ADR 030: a form's zod schema reaches the browser when the form is first used; until then, and
// without scripts, the server checks the post with the same schema and shows the same messages.

const schemaChunk = (r: Request) => /\/build\/_shared\/(auth-schemas|default)-[A-Z0-9]+\.js$/.test(new URL(r.url()).pathname);

async function openLogin(page: Page) {
  const loaded: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") loaded.push(new URL(r.url()).pathname);
  });
  await page.goto("/login");
  const form = page.getByTestId("login-popup").getByRole("form", { name: "Iniciar sesión" });
  await expect(form).toBeVisible();
  return { form, loaded };
}

test("an empty login is refused beside its fields, with scripts or without", async ({ page }) => {
  const { form } = await openLogin(page);
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(form.getByLabel("Nombre de usuario")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Contraseña")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Este campo no puede estar vacío").first()).toBeVisible();
});

test.describe("with scripts", () => {
  // Validation in the page needs its scripts; without them the server's checks are tested above.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the schema is loaded by the page's scripts");

  test("the page loads no schema; the first focus in the form does, and then the browser checks without a post", async ({ page }) => {
    const { form, loaded } = await openLogin(page);
    await page.waitForFunction(() => "__remixRouter" in window);
    expect(loaded.filter((p) => /schemas?-|\/default-/.test(p))).toEqual([]);

    const schema = page.waitForRequest(schemaChunk);
    await form.getByLabel("Nombre de usuario").focus();
    await schema;
    await page.waitForLoadState("networkidle");

    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await form.getByLabel("Nombre de usuario").fill("someone");
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(form.getByLabel("Contraseña")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Este campo no puede estar vacío")).toBeVisible();
    await expect(form.getByLabel("Nombre de usuario")).toHaveValue("someone");
    expect(posts).toEqual([]);
  });

  test("a press on the submit button right after a bad field is not lost to that field's error appearing above it", async ({ page }) => {
    await page.goto("/register");
    await page.waitForFunction(() => "__remixRouter" in window);
    const popup = page.getByTestId("register-popup");
    const schema = page.waitForRequest((r) => /\/build\/_shared\/register-schema-[A-Z0-9]+\.js$/.test(new URL(r.url()).pathname));
    await popup.getByLabel("Nombre de usuario").focus();
    await schema;
    await page.waitForLoadState("networkidle");
    await popup.getByLabel("Nombre de usuario").fill("ana2024");
    await popup.getByLabel("Contraseña", { exact: true }).fill("short");
    // The press moves the focus from the refused password to the button; the release comes after
    // the page has laid out again, where a mouse or a finger would let go.
    const button = popup.getByRole("button", { name: "Registrarse" });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(button).toBeFocused();
    await expect(popup.locator("#register-password-error")).toHaveCount(0);
    await page.mouse.up();
    // The submit ran: it refused the password, showed why and took the focus back to the field.
    await expect(popup.locator("#register-password-error")).toBeVisible();
    await expect(popup.getByLabel("Contraseña", { exact: true })).toBeFocused();
    await expect(popup.getByLabel("Nombre de usuario")).toHaveValue("ana2024");
  });

  test("when the schema cannot load, the post goes to the server, which answers with the same message", async ({ page }) => {
    await page.route(/\/build\/_shared\/(auth-schemas|default)-[A-Z0-9]+\.js$/, (route) => route.abort());
    const { form } = await openLogin(page);
    await page.waitForFunction(() => "__remixRouter" in window);
    await form.getByLabel("Nombre de usuario").fill("someone");
    const post = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/login");
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await post;
    await expect(form.getByLabel("Contraseña")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Este campo no puede estar vacío")).toBeVisible();
    await expect(form.getByLabel("Nombre de usuario")).toHaveValue("someone");
  });
});
