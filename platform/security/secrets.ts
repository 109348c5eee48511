import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets at rest (issue 14, ADR 014): AES-256-GCM under SECRETS_KEY. A stored value reads
 * `enc1:<iv>.<tag>.<ciphertext>` (base64url); a value without the prefix is a legacy clear one,
 * still read, and encrypted the next time it is written.
 */
const PREFIX = "enc1:";
const DEV_KEY = "development-only-secrets-key-set-SECRETS_KEY-in-production";
let key = createHash("sha256").update(DEV_KEY).digest();

export function configureSecretsKey(value: string | undefined) {
  key = createHash("sha256").update(value ?? DEV_KEY).digest();
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${iv.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}.${body.toString("base64url")}`;
}

/** The clear secret, or null when it was sealed under another key or tampered with. */
export function openSecret(stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, body] = stored.slice(PREFIX.length).split(".");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv ?? "", "base64url"));
    decipher.setAuthTag(Buffer.from(tag ?? "", "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body ?? "", "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
