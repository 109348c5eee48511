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
