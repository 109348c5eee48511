import { randomBytes, randomInt } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { request as apiRequest, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E_OPERATOR_KEY } from "../../playwright.config";
import { cookieValue, expect, holdRequests, test } from "./fixtures";

/**
 * Every page at 360 x 740, left to right and right to left (Arabic), with scripts on and off
 * (the two projects): nothing wider than the screen, every tappable element on the screen and
 * at least 44 x 44 CSS px (WCAG 2.5.5), with every drop-down and the drawer opened too, and the
 * content starting within the first 120 px. A phone: every test of the file shares the worker's
 * page (a context per page cost as much as the page itself on 2 shared cores), the member's or
 * agent's session added to it as cookies, from one address per worker (the member's session and
 * the unknown-address check stay quiet).
 */
const address = `10.77.${randomInt(0, 255)}.${randomInt(1, 254)}`;
// With motion, as most phones are set (the suite's default is reduced motion): the scrolling winners
// board is one of the layouts scripts change.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, extraHTTPHeaders: { "x-forwarded-for": address }, reducedMotion: "no-preference" });

const ROUTES_DIR = path.join(process.cwd(), "app", "routes");

/** Sample URLs for routes with parameters, and routes that are not pages a player opens. */
const SAMPLES: Record<string, string> = {
  "$.tsx": "/no-such-page",
  "_home.notice.$id.tsx": "/notice/1",
  "house.$gameCode.tsx": "/house/HOUSE_ROULETTE",
  "lottery.tsx": "/lottery?gameCode=ELOTT_FAST5",
  "seaLottery.tsx": "/seaLottery?gameCode=TCG_SEA_4D",
  "vnLottery.tsx": "/vnLottery?gameCode=TCG_VN_NORTH",
  "resetPassword.tsx": "/resetPassword?token=expired-or-unknown",
};
const SKIP = new Set(["e2e-fixtures.throw.tsx", "sandbox.gateway.$reference.tsx", "_home.tsx", "member+/_layout.tsx", "agent+/_layout.tsx"]);
/** Pages that need a member: the member centre, the lottery pages, the lobby, the password change. */
const MEMBER = /^(member\+\/|lottery|seaLottery|vnLottery|lobby|_home\.changePassword|house\.)/;
/** The agent centre needs an agent (a member sent there is turned back to /agentHome). */
const AGENT = /^(agent\+\/|agentHome)/;

type Who = "visitor" | "member" | "agent";

/**
 * The URL of a route file under remix-flat-routes: a `name+/` folder is the URL segment `name`,
 * `_index` is the folder's own URL, a leading `_` segment is a pathless layout, `.` separates segments.
 */
export function routeUrl(file: string): string {
  const segments = file
    .replace(/\.tsx$/, "")
    .split("/")
    .flatMap((part) => part.replace(/\+$/, "").split("."))
    .filter((s) => s !== "_index" && !s.startsWith("_"));
  return `/${segments.join("/")}`;
}

function pageRoutes(): Array<{ file: string; url: string; who: Who }> {
  const files = readdirSync(ROUTES_DIR, { recursive: true, encoding: "utf8" })
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".tsx") && !SKIP.has(f));
  const out: Array<{ file: string; url: string; who: Who }> = [];
  for (const file of files.sort()) {
    // Resource routes (no component) are not pages.
    if (!/export default/.test(readFileSync(path.join(ROUTES_DIR, file), "utf8"))) continue;
    let url = SAMPLES[file];
    if (!url) {
      if (file.includes("$")) continue;
      url = routeUrl(file);
    }
    out.push({ file, url, who: AGENT.test(file) ? "agent" : MEMBER.test(file) ? "member" : "visitor" });
  }
  // The home page and a game list as a member too: the header differs.
  out.push({ file: "_home._index.tsx (member)", url: "/", who: "member" }, { file: "rng.tsx (member)", url: "/rng", who: "member" });
  // Demo-studio games as launched for the member (the frame's page, opened on its own): a card
  // table, a live table and a sports lobby (the last two formerly the neutral box).
  for (const vendor of ["TABLEM", "VIVO", "BTI"]) out.push({ file: `play.tsx (demo studio ${vendor})`, url: `${STUDIO_GAME}${vendor}`, who: "member" });
  return out;
}

interface Problem {
  what: string;
  el?: string;
  box?: string;
}

/** Runs in the page (works with scripts off: Playwright evaluates in its own world). */
function measure(): Problem[] {
  const problems: Problem[] = [];
  const vw = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > vw) problems.push({ what: `page ${root.scrollWidth} px wide` });
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = typeof el.className === "string" && el.className ? `.${el.className.split(" ")[0]}` : "";
    const text = (el.textContent ?? "").trim().slice(0, 30) || el.getAttribute("aria-label") || el.getAttribute("name") || "";
    return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
  };
  /**
   * Inside a sideways-scrolling box (or a ticker that moves its links through a clipping window)
   * that is itself on the screen: reachable by a swipe, or by waiting.
   */
  const scrollable = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") {
        const r = p.getBoundingClientRect();
        return r.left >= -0.5 && r.right <= vw + 0.5;
      }
    }
    return false;
  };
  for (const el of document.querySelectorAll("a[href], button, input:not([type=hidden]), select, summary, label[for]")) {
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    // A check box or radio is tapped through its label, which holds it.
    const isBox = el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");
    const target = isBox ? (el.closest("label") ?? el) : el;
    const r = target.getBoundingClientRect();
    // Not rendered (closed drop-down, other breakpoint) or visually hidden (1 px, clipped): not a target.
    if (r.width <= 1 && r.height <= 1) continue;
    if (r.width === 0 || r.height === 0) continue;
    if (isBox && target === el && el.closest("header") && (el as HTMLInputElement).id === "site-drawer") continue;
    if ((r.left < -0.5 || r.right > vw + 0.5) && !scrollable(target)) {
      problems.push({ what: "off screen", el: describe(el), box: `${Math.round(r.left)}..${Math.round(r.right)}` });
    } else if (r.width < 43.5 || r.height < 43.5) {
      problems.push({ what: "smaller than 44x44", el: describe(el), box: `${Math.round(r.width)}x${Math.round(r.height)}` });
    }
  }
  return problems;
}

function openEverything() {
  const drawer = document.getElementById("site-drawer") as HTMLInputElement | null;
  if (drawer) drawer.checked = true;
  for (const d of document.querySelectorAll("details")) d.open = true;
}

async function check(page: Page, url: string, scripts: boolean) {
  // Without scripts nothing changes the layout after the HTML is parsed (images carry their sizes):
  // waiting for every image as well doubled the time of a page here.
  const res = await page.goto(url, { waitUntil: scripts ? "load" : "domcontentloaded" });
  expect(res?.status(), url).toBeLessThan(500);
  // Without scripts the parsed event does not wait for the style sheet (nor is its load event
  // dispatched): poll until every sheet is in (not the images).
  if (!scripts) {
    const styled = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet));
    await expect.poll(styled, { message: `${url}: style sheets loaded`, intervals: [25, 50, 100], timeout: 30_000 }).toBe(true);
  }
  const closed = await page.evaluate(measure);
  const mainTop = await page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return 0;
    return main.getBoundingClientRect().top + parseFloat(getComputedStyle(main).paddingTop) + window.scrollY;
  });
  expect(mainTop, `${url}: content starts at ${mainTop} px`).toBeLessThanOrEqual(120);
  await page.evaluate(openEverything);
  const open = await page.evaluate(measure);
  const problems = [...closed, ...open.map((p) => ({ ...p, what: `${p.what} (opened)` }))];
  const unique = [...new Map(problems.map((p) => [`${p.what}|${p.el}`, p])).values()];
  expect(unique, `${url}\n${unique.map((p) => `${p.what}: ${p.el ?? ""} ${p.box ?? ""}`).join("\n")}`).toEqual([]);
}

/** Marks a route whose URL is a launch of one vendor's game for the logged-in member. */
const STUDIO_GAME = "studio-game:";

const sessions = new Map<Exclude<Who, "visitor">, { state: Awaited<ReturnType<BrowserContext["storageState"]>>; account: string }>();

function operatorApi() {
  return apiRequest.newContext({ extraHTTPHeaders: { authorization: `Bearer ${E2E_OPERATOR_KEY}`, connection: "close" } });
}

/** One member and one agent per worker, each logged in once; the session is reused by every page. */
async function session(browser: Browser, baseURL: string, who: Exclude<Who, "visitor">) {
  const known = sessions.get(who);
  if (known) return known;
  const api = await operatorApi();
  const apiBase = baseURL.replace("localhost", "127.0.0.1");
  const account = `${who === "agent" ? "phag" : "phone"}${randomBytes(4).toString("hex")}`;
  let res = await api.post(`${apiBase}/operator/v1/merchants/DEMO/members`, { data: { account, password: "secret123", ...(who === "agent" ? { type: 1 } : {}) } });
  expect(res.status(), await res.text()).toBe(201);
  if (who === "agent") {
    res = await api.put(`${apiBase}/operator/v1/merchants/DEMO/members/${account}/agent`, { data: { rebate: "1.2" } });
    expect(res.status(), await res.text()).toBe(200);
  }
  res = await api.post(`${apiBase}/operator/v1/merchants/DEMO/members/${account}/credits`, {
    data: { kind: "bonus", amount: "1234567.89", reference: `phone-${account}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();
  // A plain form post (no scripts): the login answers with a redirect, nothing to wait for but it.
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": address } });
  const page = await context.newPage();
  await page.goto(`${baseURL}/login`);
  const form = page.locator('form[action^="/login"]').last();
  await form.locator('input[name="username"]').fill(account);
  await form.locator('input[name="password"]').fill("secret123");
  await form.locator('button[type="submit"]:not([name])').click();
  await expect(page).toHaveURL(/\/member\/securityCenter/, { timeout: 45_000 });
  const made = { state: await context.storageState(), account };
  sessions.set(who, made);
  await context.close();
  return made;
}

/** The launch URL of the first game of a vendor, with a fresh launch token for the account. */
const STUDIO_GAMES: Record<string, string> = { TABLEM: "TABLEM_TEXAS_HOLD_EM", VIVO: "VIVO_BACCARAT", BTI: "BTI_BTI_SPORTS" };

async function studioLaunch(baseURL: string, account: string, vendor: string, language: string): Promise<string> {
  const api = await operatorApi();
  const apiBase = baseURL.replace("localhost", "127.0.0.1");
  const gameCode = STUDIO_GAMES[vendor]!;
  const res = await api.post(`${apiBase}/operator/v1/merchants/DEMO/members/${account}/launch-tokens`, { data: { vendorCode: vendor, gameCode } });
  expect(res.status(), await res.text()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await api.dispose();
  return `/play?${new URLSearchParams({ vendor, gameCode, token, language })}`;
}


/**
 * The pages also measured with scripts on. The layout is the server's markup and the style sheet,
 * the same with scripts off (where every page is measured); scripts change it only where a
 * component renders differently once hydrated: the popups and the winners board of the home page,
 * the list's search, the forms' live messages, a round's table, an agent page's tables, a
 * studio game's frame. Measuring all 69 pages twice cost a tenth of CI's browser time (issue 15).
 */
const WITH_SCRIPTS = new Set([
  "_home._index.tsx",
  "_home._index.tsx (member)",
  "rng.tsx",
  "rng.tsx (member)",
  "_home.login.tsx",
  "_home.register.tsx",
  "promotions.tsx",
  "house.$gameCode.tsx",
  "member+/depositv2.tsx",
  "member+/securityCenter.tsx",
  "agent+/registerCenter.tsx",
  "agent+/contract.tsx",
  "play.tsx (demo studio TABLEM)",
]);

// One test per page, left to right then right to left on the same page.
for (const route of pageRoutes()) {
  test(`${route.url} (${route.file}), ltr and rtl`, async ({ browser, page, context, baseURL }, testInfo) => {
    const scripts = testInfo.project.use.javaScriptEnabled !== false;
    // Scripts change the layout of the WITH_SCRIPTS pages only: the others are measured once, without.
    test.skip(scripts && !WITH_SCRIPTS.has(route.file), "measured with scripts off; scripts do not change this page's layout");
    const who = route.who === "visitor" ? null : await session(browser, baseURL!, route.who);
    if (who) await context.addCookies(who.state.cookies);
    for (const dir of ["ltr", "rtl"] as const) {
      await test.step(dir, async () => {
        if (dir === "rtl") await context.addCookies([{ name: "lang", value: cookieValue("ar"), url: baseURL! }]);
        const url = route.url.startsWith(STUDIO_GAME) ? await studioLaunch(baseURL!, who!.account, route.url.slice(STUDIO_GAME.length), dir === "rtl" ? "ar" : "es") : route.url;
        await check(page, url, scripts);
        // An agent page measured as itself, not as the "not an agent" page it would send a member to.
        if (route.file.startsWith("agent+/")) await expect(page.getByTestId("agent-centre")).toBeVisible();
        if (route.url.startsWith(STUDIO_GAME)) await expect(page.getByTestId("studio-spin")).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("dir", dir);
      });
    }
  });
}

/** The bottom tab bar of issue 13 item 1, in order, on the spec's routes (§2 member info, §3 member centre). */
const TABS = [
  ["home", "/"],
  ["games", "/rng"],
  ["deposit", "/member/depositv2"],
  ["record", "/member/personalHistoryCopy"],
  ["account", "/member/securityCenter"],
];

test("phone shell: a header under 64 px, the five tabs, and a CSS-only menu whose drawer holds the vendor drop-downs", async ({ page }) => {
  await page.goto("/promotions");
  const header = await page.locator("body > header, header").first().boundingBox();
  expect(header, "the header is drawn").not.toBeNull();
  expect(header!.y).toBeLessThanOrEqual(0.5);
  expect(header!.height, `header ${header!.height} px tall`).toBeLessThan(64);

  // The brand's name shares the bar with the login buttons: a block whose text ends in "…" when it
  // does not fit (a flex box cuts it mid-letter), on a 44 px tall tap target.
  const brand = page.locator("header a[href='/']").first();
  expect(await brand.evaluate((el) => [getComputedStyle(el).display, getComputedStyle(el).textOverflow, getComputedStyle(el).whiteSpace])).toEqual(["block", "ellipsis", "nowrap"]);
  expect((await brand.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);

  const tabs = page.getByTestId("tab-bar").getByRole("link");
  expect(await tabs.evaluateAll((els) => els.map((e) => [e.getAttribute("data-tab"), e.getAttribute("href")]))).toEqual(TABS);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.y + box.height, "a tab lies on the first screen").toBeLessThanOrEqual(740.5);
    expect(box.x).toBeGreaterThanOrEqual(-0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(360.5);
  }

  // The menu is a label for a checkbox: a real tap opens the drawer with or without scripts.
  const drawer = page.getByTestId("drawer");
  const vendors = drawer.locator('[data-nav="RNG"]');
  await expect(drawer).toBeHidden();
  await expect(vendors).toBeHidden();
  await page.getByTestId("menu-button").tap();
  await expect(drawer).toBeVisible();
  await expect(vendors).toBeVisible();
  // Its vendor drop-down opens inside the drawer, on the screen.
  await vendors.locator("summary").tap();
  const panel = drawer.getByTestId("vendors-RNG");
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(360.5);
  await expect(panel.getByRole("link").first()).toHaveAttribute("href", /^\/rng\?vassalage=/);
  // A second tap on the menu closes it again.
  await page.getByTestId("menu-button").tap();
  await expect(drawer).toBeHidden();
});

test("a menu opened before the scripts start stays open when they do, and a navigation from it closes it", async ({ browser, baseURL }, testInfo) => {
  // What it checks is the moment the scripts start: there are none in the no-js project.
  test.skip(testInfo.project.name !== "js", "what it checks is the scripts' start: there are none in the no-js project");
  // Its own phone: the language file is held back below, which the worker's shared page must not see.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, extraHTTPHeaders: { "x-forwarded-for": address } });
  const page = await context.newPage();
  try {
    // The scripts wait for the language file before they hydrate: held until the menu is open.
    const release = await holdRequests(page, "**/locales/**");
    await page.goto("/promotions");
    await page.getByTestId("menu-button").tap();
    const drawer = page.getByTestId("drawer");
    await expect(drawer).toBeVisible();
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
    release();
    // The first render's effects have run once the language is remembered (root.tsx, the same commit).
    await page.waitForFunction(() => "__remixRouter" in window && window.localStorage.getItem("lang") !== null);
    await expect(page.locator("#site-drawer")).toBeChecked();
    await expect(drawer).toBeVisible();

    // A link in the drawer navigates in the page, and the drawer closes behind it.
    await drawer.locator('[data-nav="RNG"] > a').tap();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(page.locator("#site-drawer")).not.toBeChecked();
    await expect(drawer).toBeHidden();
  } finally {
    await context.close();
  }
});
