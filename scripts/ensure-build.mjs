// Builds the app when build/ is missing or older than its sources, so `npm start` works on a
// fresh clone and after a pull without a separate build step.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const marker = path.join(root, "build", "index.js");

function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const sources = ["app", "platform", "public/locales", "remix.config.js", "package.json"].map((s) => path.join(root, s));
const stale =
  !existsSync(marker) ||
  !existsSync(path.join(root, "public", "build")) ||
  Math.max(...sources.filter(existsSync).map(newest)) > statSync(marker).mtimeMs;

if (stale) {
  console.log("Building the site...");
  execSync("npx remix build", { cwd: root, stdio: "inherit" });
}
