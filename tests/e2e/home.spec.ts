import { expect, test } from "./fixtures";

test("home is server-rendered in the default language with the platform's categories", async ({ page }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Juega, apuesta y gana");
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  const categories = page.getByTestId("home-categories").getByRole("listitem");
  await expect(categories.first()).toContainText("Casino en vivo");
  expect(await categories.count()).toBeGreaterThanOrEqual(5);
});

test("the raw HTML already holds the content, without running any script", async ({ request }) => {
  const res = await request.get("/");
  const html = await res.text();
  expect(html).toContain("Juega, apuesta y gana");
  expect(html).toContain("Casino en vivo");
  expect(res.headers()["x-request-id"]).toMatch(/^[\w-]+$/);
});

for (const path of ["/index", "/index.html", "/home"]) {
  test(`${path} is the home page`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId("home")).toBeVisible();
  });
}

test("health, readiness and metrics answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready" });
  await request.get("/");
  const metrics = await (await request.get("/metrics")).text();
  expect(metrics).toMatch(/http_requests_total\{route="routes\/_index",method="GET",status="200"\} \d+/);
  expect(metrics).toContain("http_request_duration_seconds_bucket");
});
