#!/usr/bin/env node
/**
 * Phone screenshots for reviewers: 360 x 740, JavaScript off, light, dark and Arabic, of the
 * pages a player sees first. Writes docs/screens/<variant>-<page>.png.
 *
 *   npm run build && npm start &          # or any running site
 *   SCREENS_URL=http://localhost:3000 OPERATOR_API_KEY=... npm run screens
 *
 * A member is made through the operator API (the demo brand) and credited test money, so the
 * deposit page, the member centre and the lottery render as a player sees them.
 */
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";

const base = (process.env.SCREENS_URL ?? "http://localhost:3000").replace(/\/$/, "");
const apiBase = base.replace("://localhost", "://127.0.0.1");
const key = process.env.OPERATOR_API_KEY ?? "dev-operator-key-change-me";
const out = path.resolve(process.env.SCREENS_DIR ?? "docs/screens");
const only = process.argv.slice(2);

const pages = [
  ["home", "/"],
  ["games", "/rng"],
  ["house-game", "/house/HOUSE_ROULETTE"],
  ["deposit", "/member/depositv2"],
  ["member-centre", "/member/securityCenter"],
  ["lottery", "/lottery?gameCode=ELOTT_FAST5"],
];
/** Remix cookies hold base64 JSON. */
const cookie = (name, value) => ({ name, value: encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64")), url: base });
const variants = [
  ["light", [cookie("theme", "light")]],
  ["dark", [cookie("theme", "dark")]],
  ["arabic", [cookie("theme", "light"), cookie("lang", "ar")]],
];

async function operator(method, p, body) {
  const res = await fetch(`${apiBase}/operator/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
}

const account = `screens${randomBytes(3).toString("hex")}`;
const password = "secret123";
await operator("POST", "/merchants/DEMO/members", { account, password });
await operator("POST", `/merchants/DEMO/members/${account}/credits`, { kind: "bonus", amount: "1234.50", reference: `screens-${account}` });

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  // One login; every variant reuses its session cookie.
  const login = await browser.newContext({ javaScriptEnabled: false });
  const loginPage = await login.newPage();
  await loginPage.goto(`${base}/login`);
  const form = loginPage.locator('form[action^="/login"]').last();
  await form.locator('input[name="username"]').fill(account);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]:not([name])').click();
  await loginPage.waitForURL(/\/member\//);
  const storageState = await login.storageState();
  await login.close();
  for (const [variant, cookies] of variants) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false, storageState });
    await context.addCookies(cookies);
    const page = await context.newPage();
    for (const [name, url] of pages) {
      if (only.length && !only.includes(name)) continue;
      await page.goto(`${base}${url}`);
      const file = path.join(out, `${variant}-${name}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
