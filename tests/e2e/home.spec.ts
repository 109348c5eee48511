import type { Locator } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

test("home shows every block, server-rendered in the default language", async ({ page }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const home = page.getByTestId("home");
  await expect(home.getByTestId("banner-carousel").locator("img")).toHaveCount(3);
  // The first banner is the page's largest picture: fetched first, at high priority; the others wait.
  const banners = home.getByTestId("banner-carousel").locator("img");
  await expect(banners.first()).toHaveAttribute("fetchpriority", "high");
  await expect(banners.first()).toHaveAttribute("loading", "eager");
  await expect(banners.nth(1)).not.toHaveAttribute("fetchpriority", /./);
  await expect(banners.nth(1)).toHaveAttribute("loading", "lazy");
  await expect(home.getByTestId("notice-marquee").getByRole("link", { name: /Aviso 1:/ }).first()).toBeAttached();
  await expect(home.getByTestId("clock")).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(home.getByTestId("jackpot-value")).toHaveText(/^1[12](\.\d{3}){3},\d{2}$/);
  expect(await home.getByTestId("winners").getByRole("row").count()).toBe(43);
  await expect(home.getByTestId("hot-games").getByRole("listitem")).toHaveCount(6);
  await expect(home.getByTestId("hot-games").getByRole("link", { name: "Más" })).toHaveAttribute("href", "/hot");
  await expect(home.getByTestId("fish-games").getByRole("listitem")).toHaveCount(6);
  await expect(home.getByTestId("fish-games").getByRole("link", { name: "Más" })).toHaveAttribute("href", "/fish");
  await expect(home.getByTestId("download").getByRole("img", { name: "Escanea para descargar la app" })).toBeAttached();
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  await expect(page.getByTestId("side-menu-left")).toBeVisible();
  await expect(page.getByTestId("side-menu-right")).toBeVisible();
  await expect(page.getByTestId("bank-strip").locator("img[alt]:not([alt=''])")).toHaveCount(23);
});

// The suite runs with reduced motion (playwright.config.ts): these pages' tickers would otherwise
// keep the browser drawing frames for as long as a test holds the page.
test("the notices and the banks scroll, and with scripts the winners board too; nothing moves for a reader who asks for less motion", async ({ page, javaScriptEnabled }) => {
  const moving = (testId: string, selector: string) => page.getByTestId(testId).locator(selector).first().evaluate((el) => el.getAnimations().length);
  const winners = page.getByTestId("winners").locator("[data-scrolling]");
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  if (javaScriptEnabled) await hydrated(page);
  expect(await moving("notice-marquee", "ul")).toBe(1);
  expect(await moving("bank-strip", "ul")).toBe(1);
  if (javaScriptEnabled) await expect(winners).toHaveCount(1);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  if (javaScriptEnabled) await hydrated(page);
  expect(await moving("notice-marquee", "ul")).toBe(0);
  expect(await moving("bank-strip", "ul")).toBe(0);
  await expect(winners).toHaveCount(0);
});

test("the raw HTML already holds the content, without running any script", async ({ request }) => {
  const res = await request.get("/");
  const html = await res.text();
  expect(html).toContain("Ganadores");
  expect(html).toContain("Juegos populares");
  expect(html).toMatch(/<svg[^>]*viewBox/);
  expect(res.headers()["x-request-id"]).toMatch(/^[\w-]+$/);
  // Issue 15's budget for the visitor home page in its default language: every page carries the
  // same header, tab bar and footer, so markup added there is paid on every page (bench/README.md).
  expect(Buffer.byteLength(html), "home HTML over its 60 KiB budget").toBeLessThanOrEqual(60 * 1024);
});

test("the jackpot keeps growing between page loads", async ({ page }) => {
  const read = async () => Number((await page.getByTestId("jackpot-value").textContent())!.replace(/\D/g, ""));
  await page.goto("/promotions");
  await page.goto("/");
  const first = await read();
  await page.waitForTimeout(5200);
  await page.reload();
  expect(await read()).toBeGreaterThan(first);
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
  expect(metrics).toMatch(/http_requests_total\{route="routes\/_home._index",method="GET",status="200"\} \d+/);
  expect(metrics).toContain("http_request_duration_seconds_bucket");
});

// Issue 15: `loading="lazy"` does nothing with scripts off, so the footer's 68 pictures were all
// fetched with the page. With scripts off they are backgrounds of sections rendered near the
// viewport now (deferred-picture.tsx); with scripts, lazy images as before.
test("the footer's provider icons and bank logos are fetched only when the reader gets near them", async ({ page, request, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const footerPictures: string[] = [];
  page.on("request", (r) => {
    if (/\/images\/(banks\/|vendors\/.*\/list-colour\.svg)/.test(r.url())) footerPictures.push(r.url());
  });
  await page.goto("/", { waitUntil: "load" });
  await expect(page.getByTestId("hot-games").getByRole("listitem")).toHaveCount(6);
  expect(footerPictures).toEqual([]);

  const banks = page.getByTestId("bank-strip");
  await banks.scrollIntoViewIfNeeded();
  await expect.poll(() => new Set(footerPictures.filter((u) => u.includes("/banks/"))).size).toBe(23);
  await expect.poll(() => new Set(footerPictures.filter((u) => u.includes("/vendors/"))).size).toBeGreaterThan(10);
  // Still images of their pictures, with their names, and each shows its picture: as its source
  // with scripts, as its background over a blank source without.
  const shown = async (img: Locator) => {
    await expect(img).toBeVisible();
    const { src, current, background } = await img.evaluate((el: HTMLImageElement) => ({ src: el.getAttribute("src")!, current: el.currentSrc, background: getComputedStyle(el).backgroundImage }));
    if (javaScriptEnabled) expect(current.endsWith(src)).toBe(true);
    else {
      expect(current).toMatch(/\/blank\.gif$/);
      expect(background).toContain(src);
    }
    return src;
  };
  expect(await shown(banks.getByRole("img", { name: "Banco 1", exact: true }))).toBe("/images/banks/1.svg");
  expect(await shown(page.getByRole("region", { name: "Proveedores de juegos" }).getByRole("img").first())).toMatch(/^\/images\/vendors\/[A-Z]+\/[^/]+\/list-colour\.svg$/);
  const blank = await request.get("/blank.gif");
  expect(blank.headers()["content-type"]).toBe("image/gif");
});

// Issue 15: the app-download QR code is a PNG of one pixel per module (an SVG picture is a document
// of its own on Chromium's main thread), and with scripts off it is a background, fetched where it
// shows: on a phone it sits in a closed drop-down and a hidden side menu (download-qr.tsx).
test("the app-download QR code is a small PNG, fetched only where it shows", async ({ page, request, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/download-qr.")) fetched.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  await page.goto("/promotions", { waitUntil: "load" });
  await expect(page.getByTestId("promotions")).toBeVisible();
  expect(await page.getByTestId("download-qr").count()).toBeGreaterThan(0);
  expect(fetched).toEqual([]);

  await page.goto("/down", { waitUntil: "load" });
  const qr = page.getByTestId("download-page").getByTestId("download-qr");
  await expect(qr).toBeVisible();
  const { src, current, background } = await qr.evaluate((el: HTMLImageElement) => ({ src: el.getAttribute("src")!, current: el.currentSrc, background: getComputedStyle(el).backgroundImage }));
  expect(src).toMatch(/^\/download-qr\.png\?v=[\w-]{12}$/);
  if (javaScriptEnabled) {
    expect(current.endsWith(src)).toBe(true);
    await expect.poll(() => qr.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(20);
  } else {
    expect(current).toMatch(/\/blank\.gif$/);
    expect(background).toContain(src);
  }
  await expect.poll(() => fetched).toContain(src);
  const png = await request.get(src);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect((await png.body()).length).toBeLessThan(400);
});

test("the tab icon is a raster icon, not an SVG", async ({ request }) => {
  const html = await (await request.get("/promotions")).text();
  const icons = [...html.matchAll(/<link rel="icon"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  expect(icons).toEqual(["/favicon.ico"]);
  const icon = await request.get(icons[0]!);
  expect(icon.headers()["content-type"]).toBe("image/x-icon");
  // An .ico holding one 32x32 PNG.
  const body = await icon.body();
  expect([body.readUInt16LE(2), body.readUInt16LE(4), body[6], body[7]]).toEqual([1, 1, 32, 32]);
  expect(body.subarray(body.readUInt32LE(18), body.readUInt32LE(18) + 4).toString("latin1")).toBe("\x89PNG");
});

test("on a phone every banner fills the carousel's width, the linked one too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const carousel = page.getByTestId("banner-carousel");
  const width = (await carousel.boundingBox())!.width;
  const pictures = carousel.locator("img");
  expect(await pictures.count()).toBeGreaterThan(1);
  // A linked slide's picture sits in a link, which phones draw as an inline-flex tap target.
  await expect(carousel.locator("a img").first()).toBeVisible();
  for (const w of await pictures.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))) expect(Math.abs(w - width), `a banner ${w} px wide in a ${width} px carousel`).toBeLessThan(1);
});
