import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { startPlatform } from "../index.js";
import { members } from "../accounts/schema.js";
import { merchants } from "../system/schema.js";
import { createTestDatabase, testEnv, TEST_PG_URL } from "../testing/db.js";
import { configureSecretsKey, isSealed, openSecret, sealSecret } from "./secrets.js";

/** Issue 14 item 7: TOTP seeds at rest, with no key in the source. */
describe("secrets at rest", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "secrets-key-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("without SECRETS_KEY makes a random key file beside the data (0600) and reuses it after a restart", () => {
    const dataDir = tempDir();
    const env = testEnv({ NODE_ENV: "production", DATA_DIR: dataDir });
    const first = configureSecretsKey(env);
    const file = path.join(dataDir, "secrets.key");
    expect(first).toEqual({ kind: "file", file, created: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64")).toHaveLength(32);
    const sealed = sealSecret("JBSWY3DPEHPK3PXP");
    // Another node's data: another key, which cannot open this one.
    configureSecretsKey(testEnv({ NODE_ENV: "production", DATA_DIR: tempDir() }));
    expect(openSecret(sealed)).toBeNull();
    // The restart: the same file, the same key.
    expect(configureSecretsKey(env)).toEqual({ kind: "file", file, created: false });
    expect(openSecret(sealed)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("SECRETS_KEY wins; SECRETS_KEY_FILE moves the file; PostgreSQL without SECRETS_KEY warns about several nodes", () => {
    const dir = tempDir();
    expect(configureSecretsKey(testEnv({ DATA_DIR: dir, SECRETS_KEY: "k".repeat(40) })).kind).toBe("env");
    expect(readdirSync(dir)).toEqual([]);
    const file = path.join(tempDir(), "keys", "platform.key");
    const warnings: string[] = [];
    const source = configureSecretsKey(
      testEnv({ NODE_ENV: "production", DATA_DIR: dir, SECRETS_KEY_FILE: file, DATABASE_URL: "postgres://db.example/casino" }),
      { warn: (_obj, msg) => warnings.push(msg) },
    );
    expect(source).toEqual({ kind: "file", file, created: true });
    expect(warnings.join("\n")).toMatch(/set SECRETS_KEY.*every node/);
  });

  it("has no usable key in the source: nothing seals before a key is chosen", async () => {
    vi.resetModules();
    const fresh = await import("./secrets.js");
    expect(() => fresh.sealSecret("x")).toThrow(/not configured/);
    const source = readFileSync(path.join(__dirname, "secrets.ts"), "utf8");
    // No string literal is hashed or used as a key.
    expect(source).not.toMatch(/update\(\s*["'`]/);
    expect(source).not.toMatch(/development-only|DEV_KEY/);
  });

  it("seals seeds stored in clear at start-up, and keeps them readable across a restart", { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    let drop: (() => Promise<void>) | null = null;
    // No demo seed (10,000 catalogue rows): one merchant is all a member needs.
    let env = testEnv({ DATA_DIR: dataDir, RUN_JOBS: "false", SEED_ON_EMPTY: "false" });
    if (TEST_PG_URL) {
      const created = await createTestDatabase();
      drop = created.drop;
      env = testEnv({ DATA_DIR: dataDir, DATABASE_URL: created.url, RUN_JOBS: "false", SEED_ON_EMPTY: "false" });
    }
    try {
      const first = await startPlatform(env);
      await first.handle.db.insert(merchants).values({ code: "DEMO", name: "Demo", currency: "USD" }).onConflictDoNothing();
      // A row as an older version wrote it: the seed in clear.
      const [row] = await first.handle.db
        .insert(members)
        .values({ merchantCode: "DEMO", account: `clear${Date.now()}`, passwordHash: "x", referralCode: `r${Date.now()}`, totpSecret: "JBSWY3DPEHPK3PXP", totpEnabled: true })
        .returning({ id: members.id });
      await first.close();
      const second = await startPlatform(env);
      const [after] = await second.handle.db.select({ s: members.totpSecret }).from(members).where(eq(members.id, row!.id));
      expect(isSealed(after!.s!)).toBe(true);
      expect(after!.s).not.toContain("JBSWY3DPEHPK3PXP");
      expect(openSecret(after!.s!)).toBe("JBSWY3DPEHPK3PXP");
      await second.close();
      // A third start reads the same key from the file.
      const third = await startPlatform(env);
      expect(openSecret(after!.s!)).toBe("JBSWY3DPEHPK3PXP");
      await third.close();
    } finally {
      if (drop) await drop();
    }
  });
});
