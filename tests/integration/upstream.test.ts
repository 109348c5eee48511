import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, WEB_SERVER, root, startNode as start, TSX, waitFor } from "./servers";
// Skipped without a build: these start the built server (build/index.js). `npm test` builds
// before it runs them; run `npm run build` first when running this file alone.
const built = existsSync(path.join(root, "build/index.js"));

// The scaled-out shape: the platform as its own service, the web calling it over UPSTREAM_URL.
// Skipped without a build (build/index.js): `npm test` builds before it runs this suite; run
// `npm run build` first when running it alone.
describe.runIf(built)("web with a separate platform (UPSTREAM_URL)", () => {
  let platform: ChildProcess | undefined;
  let web: ChildProcess | undefined;
  let dataDir = "";
  let webUrl = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "upstream-"));
    const [platformPort, webPort] = [await freePort(), await freePort()];
    platform = start([TSX, "platform/server.ts"], {
      PORT: String(platformPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
    });
    await waitFor(`http://127.0.0.1:${platformPort}/readyz`);
    web = start([WEB_SERVER, "build/index.js"], {
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
    // The brand's name and menu come from the remote platform (translations are no longer inlined).
    expect(html).toContain("<title>Demo Casino</title>");
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
