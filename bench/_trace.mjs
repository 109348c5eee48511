import { chromium } from "playwright-core";
import { writeFileSync } from "node:fs";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const c = await b.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, deviceScaleFactor: 2 });
const p = await c.newPage();
const cdp = await c.newCDPSession(p);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await b.startTracing(p, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing"] });
await p.goto("http://127.0.0.1:3411" + (process.argv[2] ?? "/"), { waitUntil: "load" });
await p.waitForTimeout(8000);
const buf = await b.stopTracing();
writeFileSync("/tmp/b/trace.json", buf);
const ev = JSON.parse(buf.toString()).traceEvents;
const main = ev.filter((e) => e.name === "RunTask" && e.dur > 50000);
const nav = ev.find((e) => e.name === "navigationStart")?.ts ?? ev[0].ts;
for (const t of main) {
  // children within the task
  const kids = ev.filter((e) => e.tid === t.tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > 5000 && e !== t && e.name !== "RunTask");
  const agg = {};
  for (const k of kids) agg[k.name] = (agg[k.name] ?? 0) + k.dur / 1000;
  const top = Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, d]) => `${n} ${d.toFixed(0)}`).join(", ");
  const url = kids.find((k) => k.args?.data?.url)?.args.data.url ?? kids.find((k) => k.args?.data?.functionName)?.args.data.functionName ?? "";
  console.log(`${((t.ts - nav) / 1000).toFixed(0)} ms +${(t.dur / 1000).toFixed(0)} ms: ${top} ${url.slice(-50)}`);
}
await b.close();
