// Platform calls and SQL statements per request (issue 15: "count the platform calls and SQL
// statements per home request before and after"). Starts the built site with
// DEBUG_REQUEST_COUNTS=1 (server/index.mjs then answers with X-Debug-Platform-Calls and
// X-Debug-Sql-Statements) on a fresh PGlite data directory, and asks, in this order:
//   a visitor's `/` (first, then again: a cold and a warm request), `/rng`, `/rng?gameName=golden`;
//   a member's `/` (made through the operator API, logged in through the login form), twice.
// Run: npm run build && node bench/counts.mjs          BENCH_PORT (default 3299)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const base = `http://127.0.0.1:${PORT}`;
const OPERATOR_KEY = "bench-operator-key-0123456789";
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-counts-"));
const child = spawn(process.execPath, ["server/index.mjs", "build/index.js"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production", DEBUG_REQUEST_COUNTS: "1", OPERATOR_API_KEY: OPERATOR_KEY },
  stdio: "ignore",
});

/** Cookies of one browser: name → value. */
function jar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    take(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const i = pair.indexOf("=");
        cookies.set(pair.slice(0, i), pair.slice(i + 1));
      }
    },
  };
}

async function count(label, pathname, cookies) {
  const res = await fetch(base + pathname, { headers: { cookie: cookies?.header() ?? "", "x-forwarded-for": "10.9.8.7" }, redirect: "manual" });
  cookies?.take(res);
  await res.arrayBuffer();
  const row = `| ${label} | \`${pathname}\` | ${res.status} | ${res.headers.get("x-debug-platform-calls")} | ${res.headers.get("x-debug-sql-statements")} |`;
  console.log(row);
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {
      // not yet
    }
    if (i > 1200) throw new Error("the site did not become ready");
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log("| who | request | status | platform calls | SQL statements |\n|---|---|---|---|---|");
  await count("visitor, first", "/");
  await count("visitor, again", "/");
  await count("visitor", "/rng");
  await count("visitor", "/rng?gameName=golden&page=2");

  const account = `bench${Date.now().toString(36)}`;
  const made = await fetch(`${base}/operator/v1/merchants/DEMO/members`, {
    method: "POST",
    headers: { authorization: `Bearer ${OPERATOR_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ account, password: "secret123" }),
  });
  if (made.status !== 201) throw new Error(`member: ${made.status} ${await made.text()}`);
  const member = jar();
  const form = await fetch(`${base}/login`, { headers: { "x-forwarded-for": "10.9.8.7" } });
  member.take(form);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1];
  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: member.header(), "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.9.8.7" },
    body: new URLSearchParams({ csrf: csrf ?? "", type: "username", username: account, password: "secret123" }),
  });
  member.take(login);
  if (login.status !== 302 && login.status !== 303) throw new Error(`login: ${login.status}`);
  await count("member, first", "/", member);
  await count("member, again", "/", member);
  await count("member", "/rng", member);
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
