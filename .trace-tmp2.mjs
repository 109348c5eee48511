import { chromium } from "@playwright/test";
const [,, url, css = "", runs = "3"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
for (let i = 0; i < Number(runs); i++) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36" });
  const page = await ctx.newPage();
  if (css) await page.route(url, async (route) => { const r = await route.fetch(); const body = (await r.text()).replace("</head>", `<style>${css}</style></head>`); await route.fulfill({ response: r, body }); });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(3000);
  const { metrics } = await cdp.send("Performance.getMetrics");
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  const n = await page.evaluate(() => document.querySelectorAll("*").length);
  console.log(`nodes ${n} layout ${(m.LayoutDuration * 1000).toFixed(0)} ms (${m.LayoutCount}) style ${(m.RecalcStyleDuration * 1000).toFixed(0)} ms script ${(m.ScriptDuration * 1000).toFixed(0)} ms task ${(m.TaskDuration * 1000).toFixed(0)} ms`);
  await ctx.close();
}
await browser.close();
