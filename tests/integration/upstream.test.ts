import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const built = existsSync(path.join(root, "build/index.js"));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitFor(url: string, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not come up`);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env } as unknown as NodeJS.ProcessEnv,
    stdio: "ignore",
  });
}

// The scaled-out shape: the platform as its own service, the web calling it over UPSTREAM_URL.
describe.runIf(built)("web with a separate platform (UPSTREAM_URL)", () => {
  let platform: ChildProcess | undefined;
  let web: ChildProcess | undefined;
  let dataDir = "";
  let webUrl = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "upstream-"));
    const [platformPort, webPort] = [await freePort(), await freePort()];
    platform = start([path.join(root, "node_modules/tsx/dist/cli.mjs"), "platform/server.ts"], {
      PORT: String(platformPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
    });
    await waitFor(`http://127.0.0.1:${platformPort}/readyz`);
    web = start([path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
      PORT: String(webPort),
      UPSTREAM_URL: `http://127.0.0.1:${platformPort}`,
      UPSTREAM_TIMEOUT_MS: "2000",
      NODE_ENV: "production",
    });
    webUrl = `http://127.0.0.1:${webPort}`;
    await waitFor(`${webUrl}/healthz`);
  }, 60_000);

  afterAll(() => {
    web?.kill();
    platform?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("renders the home page from the remote platform", async () => {
    const res = await fetch(`${webUrl}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Juega, apuesta y gana");
    expect(html).toContain("Casino en vivo");
    expect((await fetch(`${webUrl}/readyz`)).status).toBe(200);
  });

  it("shows the network-error page and is not ready once the platform is gone", async () => {
    platform?.kill();
    await new Promise((r) => platform?.once("exit", r));
    const res = await fetch(`${webUrl}/`);
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).toContain("El enlace de red es anormal, inténtalo de nuevo");
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
    expect((await fetch(`${webUrl}/readyz`)).status).toBe(503);
    expect((await fetch(`${webUrl}/healthz`)).status).toBe(200);
  });
});
