import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PlatformEnv } from "../env.js";

/**
 * Secrets at rest (issue 14, ADR 014): AES-256-GCM. A stored value reads
 * `enc1:<iv>.<tag>.<ciphertext>` (base64url); a value without the prefix is a legacy clear one,
 * still read, and sealed at start-up (`sealClearSecrets`) or when it is next used.
 *
 * There is no key in the source: SECRETS_KEY when set (the same on every node), otherwise a random
 * key made once and kept in a file beside the data (SECRETS_KEY_FILE, else DATA_DIR/secrets.key,
 * mode 0600), so a fresh `npm start` works and a restart still opens what it sealed.
 */
const PREFIX = "enc1:";
let key: Buffer | null = null;

/** One random key per process for an in-memory database, which dies with the process anyway. */
let memoryKey: Buffer | null = null;
const warnedFor = new Set<string>();

export type SecretsKeySource = { kind: "env" } | { kind: "file"; file: string; created: boolean } | { kind: "memory" };

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** Where the key file lives when SECRETS_KEY is not set; null for an in-memory database. */
export function secretsKeyFile(env: Pick<PlatformEnv, "DATA_DIR" | "SECRETS_KEY_FILE">): string | null {
  if (env.SECRETS_KEY_FILE) return path.resolve(env.SECRETS_KEY_FILE);
  if (env.DATA_DIR.startsWith("memory://")) return null;
  return path.resolve(env.DATA_DIR, "secrets.key");
}

/** The key file's 32 bytes, made (exclusively, mode 0600) when it does not exist yet. */
function keyFromFile(file: string): { key: Buffer; created: boolean } {
  try {
    return { key: decodeKeyFile(file, readFileSync(file, "utf8")), created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh = randomBytes(32);
  try {
    writeFileSync(file, `${fresh.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
    return { key: fresh, created: true };
  } catch (err) {
    // Another process sharing the data folder made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return { key: decodeKeyFile(file, readFileSync(file, "utf8")), created: false };
  }
}

function decodeKeyFile(file: string, text: string): Buffer {
  const bytes = Buffer.from(text.trim(), "base64");
  if (bytes.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key: restore it, or set SECRETS_KEY`);
  return bytes;
}

/** Chooses the key for this process and says where it came from. */
export function configureSecretsKey(env: Pick<PlatformEnv, "SECRETS_KEY" | "SECRETS_KEY_FILE" | "DATA_DIR" | "DATABASE_URL">, log?: WarnLogger): SecretsKeySource {
  if (env.SECRETS_KEY) {
    key = createHash("sha256").update(env.SECRETS_KEY).digest();
    return { kind: "env" };
  }
  const file = secretsKeyFile(env);
  if (!file) {
    memoryKey ??= randomBytes(32);
    key = memoryKey;
    return { kind: "memory" };
  }
  const loaded = keyFromFile(file);
  key = loaded.key;
  if (env.DATABASE_URL && !warnedFor.has(file)) {
    warnedFor.add(file);
    // A PostgreSQL database is shared by nodes that do not share this file: each would seal with its own key.
    log?.warn({ file }, "SECRETS_KEY is not set: secrets at rest are sealed with the key in this file; set SECRETS_KEY (the same on every node) when running more than one platform node");
  }
  return { kind: "file", file, created: loaded.created };
}

function currentKey(): Buffer {
  if (!key) throw new Error("secrets key not configured: configureSecretsKey runs at platform start");
  return key;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", currentKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${iv.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}.${body.toString("base64url")}`;
}

/** The clear secret, or null when it was sealed under another key or tampered with. */
export function openSecret(stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const [iv, tag, body] = stored.slice(PREFIX.length).split(".");
  try {
    const decipher = createDecipheriv("aes-256-gcm", currentKey(), Buffer.from(iv ?? "", "base64url"));
    decipher.setAuthTag(Buffer.from(tag ?? "", "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body ?? "", "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
