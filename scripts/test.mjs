// `npm test`: lint and typecheck (side by side), build, Vitest (web and platform), then Playwright (JS on and off).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install the Debian package with \`sudo apt-get install chromium\`, then run npm test again.`);
  process.exit(1);
}

/**
 * Runs a step; with `quiet`, its output is held and printed when it ends, so two steps run side by
 * side without mixing their lines. Resolves to its exit status.
 */
function run(name, cmd, args, { quiet = false } = {}) {
  const started = Date.now();
  if (!quiet) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: process.env });
    const out = [];
    if (quiet) {
      child.stdout.on("data", (d) => out.push(d));
      child.stderr.on("data", (d) => out.push(d));
    }
    child.on("close", (code) => {
      if (quiet) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(out));
      }
      console.log(`  (${name}: ${Math.round((Date.now() - started) / 1000)} s)`);
      resolve(code ?? 1);
    });
  });
}

const stages = [
  // Both only read the sources and neither fills both cores: side by side they take the longer one's time.
  [
    ["lint", "npx", ["eslint", "."]],
    ["typecheck", "npx", ["tsc", "--noEmit"]],
  ],
  [["build", "npx", ["remix", "build"]]],
  [["unit and integration (Vitest)", "npx", ["vitest", "run"]]],
  [["end to end (Playwright)", "npx", ["playwright", "test"]]],
];

for (const stage of stages) {
  const codes = await Promise.all(stage.map(([name, cmd, args]) => run(name, cmd, args, { quiet: stage.length > 1 })));
  const failed = stage.filter((_, i) => codes[i] !== 0).map(([name]) => name);
  if (failed.length) {
    console.error(`\n✖ ${failed.join(", ")} failed`);
    process.exit(codes.find((c) => c !== 0));
  }
}
console.log("\n✔ every test passed");
