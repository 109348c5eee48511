// `npm test`: lint, typecheck, build, Vitest (web and platform), then Playwright (JS on and off).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install the Debian package with \`sudo apt-get install chromium\`, then run npm test again.`);
  process.exit(1);
}

const steps = [
  ["lint", "npx", ["eslint", "."]],
  ["typecheck", "npx", ["tsc", "--noEmit"]],
  ["build", "npx", ["remix", "build"]],
  ["unit and integration (Vitest)", "npx", ["vitest", "run"]],
  ["end to end (Playwright)", "npx", ["playwright", "test"]],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
console.log("\n✔ every test passed");
