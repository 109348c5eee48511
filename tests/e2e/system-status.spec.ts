import { expect, test } from "./fixtures";

test("maintenance shows on every page with 503 while on, and goes away when off", async ({ page, operator }) => {
  const { code, origin } = await operator.createMerchant();
  expect((await page.goto(`${origin}/`))?.status()).toBe(200);

  await operator.setMaintenance(code, {
    enabled: true,
    title: { es: "Volvemos pronto", en: "Back soon" },
    info: { es: "Mejoras en curso.", en: "Upgrades in progress." },
  });
  for (const path of ["/", "/hot", "/no-such-page", "/promotions?x=1"]) {
    const res = await page.goto(`${origin}${path}`);
    expect(res?.status(), path).toBe(503);
    expect(res?.headers()["retry-after"]).toBe("300");
    expect(res?.headers()["cache-control"]).toContain("no-store");
    const card = page.getByTestId("maintenance");
    await expect(card.getByRole("heading")).toHaveText("Volvemos pronto");
    await expect(card).toContainText("Mejoras en curso.");
  }
  // Operations stay reachable during maintenance.
  expect((await page.goto(`${origin}/healthz`))?.status()).toBe(200);

  await operator.setMaintenance(code, { enabled: false });
  const res = await page.goto(`${origin}/`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("maintenance")).toHaveCount(0);
  await expect(page.getByTestId("home")).toBeVisible();
});

test("maintenance without operator texts shows the translated defaults and customer service", async ({ page, operator }) => {
  const chat = "https://chat.example.com/brand";
  const { code, origin } = await operator.createMerchant({
    customerService: [{ csType: "LIVECHAT", title: "Chat", url: chat }],
  });
  await operator.setMaintenance(code, { enabled: true });
  await page.goto(`${origin}/`);
  const card = page.getByTestId("maintenance");
  await expect(card.getByRole("heading")).toHaveText("Mantenimiento del sistema");
  await expect(card).toContainText("El sitio está en mantenimiento");
  await expect(card.getByRole("link", { name: "Atención al cliente" })).toHaveAttribute("href", chat);
  await operator.setMaintenance(code, { enabled: false });
});

test("region restriction shows the visitor's IP, maintenance wins, and both switch off", async ({ browser, operator }, testInfo) => {
  const { code, origin } = await operator.createMerchant();
  const ip = `203.0.113.${testInfo.project.name === "js" ? 21 : 22}`;
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": ip },
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();

  await operator.setRegion(code, { blockedCountries: [], blockedIpRanges: [`${ip}/32`] });
  let res = await page.goto(`${origin}/`);
  expect(res?.status()).toBe(403);
  const card = page.getByTestId("region-blocked");
  await expect(card.getByRole("heading")).toHaveText("Acceso restringido");
  await expect(page.getByTestId("visitor-ip")).toHaveText(ip);

  await operator.setMaintenance(code, { enabled: true });
  res = await page.goto(`${origin}/`);
  expect(res?.status()).toBe(503);
  await expect(page.getByTestId("maintenance")).toBeVisible();

  await operator.setMaintenance(code, { enabled: false });
  await operator.setRegion(code, { blockedCountries: [], blockedIpRanges: [] });
  res = await page.goto(`${origin}/`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("home")).toBeVisible();
  await context.close();
});

