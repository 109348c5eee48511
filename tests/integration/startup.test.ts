import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const built = existsSync(path.join(root, "build/index.js"));

// Skipped without a build (build/index.js): `npm test` builds before it runs this suite; run
// `npm run build` first when running it alone.
describe.runIf(built)("start-up with a bad setting", () => {
  it.each([
    ["UPSTREAM_URL", "not-a-url"],
    ["DATABASE_URL", "mysql://db/x"],
  ])("stops with one clear line when %s is %s", (name, value) => {
    const r = spawnSync(process.execPath, [path.join(root, "server/index.mjs"), "build/index.js"], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: "0", [name]: value } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid environment: .*${name}`));
    expect(r.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
