import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

// Each test file's logins come from their own address, away from other specs' captcha and lockout rules.
test.use({ extraHTTPHeaders: { "x-forwarded-for": `198.20.${randomInt(0, 255)}.${randomInt(1, 254)}` } });

const newName = () => `g${randomBytes(4).toString("hex")}`;

async function logIn(page: Page, username: string, password = "secret123") {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Iniciar sesión" }).last();
  await form.getByLabel("Nombre de usuario").fill(username);
  await form.getByLabel("Contraseña").fill(password);
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByTestId("member-info")).toContainText(username);
}

async function member(page: Page, operator: import("./fixtures").Operator) {
  const account = newName();
  await operator.createMember({ account, password: "secret123" });
  await logIn(page, account);
  return account;
}

const cards = (page: Page) => page.getByTestId("game-list").getByRole("listitem");
const names = async (page: Page) => (await cards(page).locator("a[data-node-id] > span:first-of-type").allTextContents()).map((s) => s.trim());

test("browse the 10,000 slots: filters, search and paging by links", async ({ page }) => {
  await page.goto("/rng");
  await expect(page.getByTestId("result-count")).toHaveText("10.000 juegos");
  await expect(cards(page)).toHaveCount(42);
  await expect(page.getByText("Página 1 de 239")).toBeVisible();
  const first = await names(page);

  await page.getByRole("link", { name: "Página siguiente" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText("Página 2 de 239")).toBeVisible();
  expect(await names(page)).not.toEqual(first);
  await page.getByRole("link", { name: "Última página" }).click();
  await expect(page.getByText("Página 239 de 239")).toBeVisible();
  await expect(cards(page)).toHaveCount(10_000 - 238 * 42);

  // Search by name in the reader's language (Spanish by default) and in English.
  await page.goto("/rng");
  await page.getByRole("searchbox", { name: "Buscar juegos" }).fill("dorado");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/gameName=dorado/);
  await expect(page.getByTestId("result-count")).not.toHaveText("10.000 juegos");
  const found = Number((await page.getByTestId("result-count").textContent())!.replace(/\D/g, ""));
  expect(found).toBeGreaterThan(42);
  expect(found).toBeLessThan(10_000);
  for (const name of await names(page)) expect(name.toLowerCase()).toContain("dorado");
  await page.getByRole("link", { name: "Página siguiente" }).click();
  await expect(page).toHaveURL(/gameName=dorado.*page=2|page=2.*gameName=dorado/);
  await expect(page.getByText(/^Página 2 de/)).toBeVisible();
  for (const name of await names(page)) expect(name.toLowerCase()).toContain("dorado");

  // Spec §9 hints as filters, with the search kept.
  await page.getByTestId("game-filters").getByRole("button", { name: "25 líneas o más" }).click();
  await expect(page).toHaveURL(/minLineNum=25/);
  await expect(page).toHaveURL(/gameName=dorado/);
  await expect.poll(async () => Number((await page.getByTestId("result-count").textContent())!.replace(/\D/g, ""))).toBeLessThan(found);

  // A vendor tab and a game-tab type.
  await page.goto("/rng");
  await page.getByTestId("vendor-tabs").getByRole("link", { name: "Amber Reels" }).click();
  await expect(page).toHaveURL(/vassalage=AMBR/);
  await expect(cards(page).first()).toContainText("AMBR");
  await expect(cards(page).last()).toContainText("AMBR");
  await page.getByTestId("game-tabs").getByRole("button", { name: "Bingo" }).click();
  await expect(page).toHaveURL(/gameClassify=BG/);
  await expect(page.getByTestId("game-tabs").getByRole("button", { name: "Bingo" })).toHaveAttribute("aria-pressed", "true");
  for (const name of await names(page)) expect(name).toMatch(/Bingo/);
});

// Issue 15: a phone's first view of /rng fetched all of its 72 pictures without scripts (a browser
// ignores loading="lazy" then), of which about nine are on the screen. The providers' chips and
// the cards past the first screen's six are deferred by their own boxes now (deferred-picture.tsx).
test("a phone's game list fetches the pictures near the screen, and the rest as they come near", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const chips = new Set<string>();
  const games = new Set<string>();
  page.on("request", (r) => {
    if (/\/images\/vendors\/RNG\/[^/]+\/small(-active)?\.svg$/.test(r.url())) chips.add(r.url());
    if (/\/images\/games\//.test(r.url())) games.add(r.url());
  });
  await page.goto("/rng");
  const strip = page.getByTestId("vendor-tabs");
  const icons = await strip.locator("img").all();
  expect(icons.length).toBeGreaterThan(10);
  for (const icon of icons) await expect(icon).toHaveAttribute("loading", "lazy");
  const tiles = cards(page);
  const tileCount = await tiles.count();
  expect(tileCount).toBeGreaterThan(30);
  await page.waitForLoadState("load");
  await page.waitForTimeout(300);
  // Each an SVG document the phone would build at once: scripts or not, fewer than half are fetched.
  expect(chips.size).toBeGreaterThan(0);
  expect(chips.size).toBeLessThan(icons.length / 2);
  // The first screen's six cards load at once (the page's largest paint), and a few rows below them.
  expect(games.size).toBeGreaterThanOrEqual(6);
  expect(games.size).toBeLessThan(tileCount * 0.75);

  // The strip scrolled sideways fetches the chips that come into it.
  const before = chips.size;
  await strip.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
  await expect.poll(() => chips.size).toBeGreaterThan(before);
  // The last card, scrolled to, shows its picture: as its source with scripts, as its background
  // over the blank without.
  const last = tiles.last().locator("img").first();
  await last.scrollIntoViewIfNeeded();
  const src = (await last.getAttribute("src"))!;
  await expect.poll(() => games.has(new URL(src, page.url()).href)).toBe(true);
  const shown = () => last.evaluate((el: HTMLImageElement) => ({ current: el.currentSrc, background: getComputedStyle(el).backgroundImage }));
  if (javaScriptEnabled) await expect.poll(async () => (await shown()).current.endsWith(src)).toBe(true);
  else {
    expect((await shown()).current).toMatch(/\/blank\.gif$/);
    expect((await shown()).background).toContain(src);
  }
  // Nothing of it wider than the screen: the deferred boxes keep the cards' size.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("vendor images come from the image host by vendor code and game type, and every one loads", async ({ page }) => {
  await page.goto("/rng?vassalage=AMBR");
  const tabs = page.getByTestId("vendor-tabs");
  await expect(tabs.getByRole("link", { name: "Amber Reels" }).locator("img")).toHaveAttribute("src", "/images/vendors/RNG/AMBR/small-active.svg");
  await expect(tabs.getByRole("link", { name: "Amber Reels" })).toHaveAttribute("aria-current", "page");
  const srcs = new Set(
    await page
      .locator('[data-testid="vendor-tabs"] img, [data-testid^="vendors-"] img, footer img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? "")),
  );
  expect([...srcs].filter((src) => src.includes("/vendors/")).length).toBeGreaterThan(10);
  for (const src of srcs) {
    const r = await page.request.get(src);
    expect(r.status(), src).toBe(200);
    expect(r.headers()["content-type"]).toBe("image/svg+xml");
  }
  // A game centre's cards: the chosen vendor in purple, the others in colour.
  await page.goto("/live?vassalage=HOUSE");
  const cardsOf = page.getByTestId("game-centre-LIVE").locator("ul").first();
  await expect(cardsOf.locator('a[aria-current="true"] img')).toHaveAttribute("src", "/images/vendors/LIVE/HOUSE/list-purple.svg");
  for (const src of await cardsOf.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""))) {
    expect((await page.request.get(src)).status(), src).toBe(200);
  }
});

test("favourites: refused when logged out; a member's heart keeps the game in the lobby", async ({ page, operator }, testInfo) => {
  await page.goto("/rng");
  await cards(page).first().getByTestId("fav-toggle").click();
  await expect(page.getByTestId("fav-notice")).toContainText("No has iniciado sesión");
  await expect(page.getByTestId("fav-notice").getByRole("link", { name: "Iniciar sesión" })).toHaveAttribute("href", /^\/login\?redirectTo=%2Frng/);

  await member(page, operator);
  await page.goto("/rng?page=3");
  const card = cards(page).nth(4);
  const name = (await card.locator("a[data-node-id] > span").first().textContent())!.trim();
  const heart = card.getByTestId("fav-toggle");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  if (testInfo.project.use.javaScriptEnabled === false) {
    await heart.click();
    // Back on the same page, at the same card.
    await expect(page).toHaveURL(/\/rng\?page=3#g\d+$/);
  } else {
    // Spec §9: one toggle a second; a quick second tap does nothing.
    // Two clicks in one task of the page, so they land within the second however starved the
    // browser is (two Playwright clicks were seen more than a second apart under load), once the
    // page has hydrated (before, a click is the scripts-off form's post, checked above).
    await hydrated(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/favourites") && r.method() === "POST") posts.push(r.url());
    });
    const posted = page.waitForResponse((r) => r.url().includes("/favourites") && r.request().method() === "POST");
    await heart.evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(page).toHaveURL(/\/rng\?page=3$/);
    await posted;
    expect(posts).toHaveLength(1);
  }
  await expect(cards(page).nth(4).getByTestId("fav-toggle")).toHaveAttribute("aria-pressed", "true");

  await page.getByTestId("lobby-link").click();
  await expect(page).toHaveURL(/\/lobby$/);
  const favourites = page.getByTestId("favourite-games");
  await expect(favourites.getByRole("listitem")).toHaveCount(1);
  await expect(favourites).toContainText(name);
  const removed = testInfo.project.use.javaScriptEnabled === false ? null : page.waitForResponse((r) => r.url().includes("/favourites") && r.request().method() === "POST");
  await favourites.getByTestId("fav-toggle").click();
  await removed;
  await page.goto("/lobby");
  await expect(page.getByTestId("lobby-favourites")).toContainText("Aún no tienes favoritos");
});

test("launch as a visitor opens the login popup and comes back to the game", async ({ page }) => {
  await page.goto("/rng?vassalage=AURL");
  await page.goto("/rng");
  const href = await cards(page).first().locator("a[data-node-id]").getAttribute("href");
  expect(href).toMatch(/^\/seamless\?nodeId=\d+&vassalage=\w+&gameCode=\w+#play$/);
  await cards(page).first().locator("a[data-node-id]").click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fseamless%3FnodeId%3D\d+/);
  await expect(page.getByTestId("login-popup")).toBeVisible();
});

test("launch as a trial member shows the real-account dialog; free play still works", async ({ page }) => {
  await page.goto("/login");
  await page.getByTestId("free-play").click();
  await expect(page.getByTestId("trial-badge")).toBeVisible();
  await page.goto("/rng");
  await cards(page).first().locator("a[data-node-id]").click();
  const dialog = page.getByTestId("trial-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Para esto necesitas una cuenta real");
  await expect(dialog.getByRole("link", { name: "Regístrate ahora" })).toHaveAttribute("href", "/register");
  await expect(page.getByTestId("game-frame")).toHaveCount(0);

  await page.goto("/rng");
  await page.getByTestId("play-fun").first().click();
  await expect(page.getByTestId("fun-badge")).toBeVisible();
  const src = await page.getByTestId("game-frame").getAttribute("src");
  expect(src).toMatch(/mode=fun/);
  expect(src).not.toMatch(/token=/);
});

test("launch as a member shows the game in a frame and lists it under recent games", async ({ page, operator }) => {
  await member(page, operator);
  await page.goto("/rng?vassalage=LUCKY");
  const card = cards(page).first();
  const name = (await card.locator("a[data-node-id] > span").first().textContent())!.trim();
  await card.locator("a[data-node-id]").click();
  await expect(page).toHaveURL(/\/seamless\?nodeId=\d+/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const frame = page.getByTestId("game-frame");
  await expect(frame).toHaveAttribute("src", /^\/play\?vendor=LUCKY&gameCode=\w+&token=[\w-]+&language=es$/);
  await expect(page.frameLocator('[data-testid="game-frame"]').getByTestId("vendor-game")).toContainText("Dinero real");

  await page.goto("/lobby");
  await expect(page.getByTestId("recent-games")).toContainText(name);
});

test("a game centre's games launch on /seamless; in-house games go to their own page", async ({ page, operator }) => {
  await member(page, operator);
  await page.goto("/rng?vassalage=HSLOT");
  const href = await cards(page).first().locator("a[data-node-id]").getAttribute("href");
  const res = await page.request.get(href!.replace(/#.*$/, ""), { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toMatch(/^\/house\/HOUSE_\w+$/);

  await page.goto("/live?vassalage=AURL");
  const live = page.getByTestId("game-list").getByRole("listitem").first().locator("a[data-node-id]");
  await expect(live).toHaveAttribute("href", /^\/seamless\?nodeId=\d+&vassalage=AURL&gameCode=AURL_\w+#play$/);
  await live.click();
  await expect(page.getByTestId("game-frame")).toHaveAttribute("src", /vendor=AURL/);
});
