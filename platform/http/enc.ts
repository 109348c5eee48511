import { randomBytes } from "node:crypto";
import { desc } from "drizzle-orm";
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Database } from "../db/client.js";
import { platformKeys } from "../system/schema.js";
import { DomainError } from "./envelope.js";

export const ENC_ALG = "ECDH-ES+A256KW";
export const ENC_ENC = "A256GCM";

export interface EncKeys {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey | Uint8Array;
}

/**
 * The key ENC payloads are encrypted to (spec §7 "ENC"). PLATFORM_JWE_PRIVATE_JWK, when set,
 * wins; otherwise the first start makes a P-256 key pair and keeps it in the database, so every
 * node and every restart use the same one.
 */
export async function loadEncKeys(db: Database, fromEnv?: string): Promise<EncKeys> {
  if (fromEnv) {
    const jwk = JSON.parse(fromEnv) as JWK;
    const { d: _d, ...pub } = jwk;
    return { kid: jwk.kid ?? "env", publicJwk: { ...pub, kid: jwk.kid ?? "env", alg: ENC_ALG, use: "enc" }, privateKey: await importJWK(jwk, ENC_ALG) };
  }
  let [row] = await db.select().from(platformKeys).orderBy(desc(platformKeys.createdAt)).limit(1);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair(ENC_ALG, { extractable: true });
    const kid = randomBytes(8).toString("hex");
    await db
      .insert(platformKeys)
      .values({ kid, privateJwk: { ...(await exportJWK(privateKey)) }, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ENC_ALG, use: "enc" } })
      .onConflictDoNothing();
    [row] = await db.select().from(platformKeys).orderBy(desc(platformKeys.createdAt)).limit(1);
  }
  return { kid: row!.kid, publicJwk: row!.publicJwk as JWK, privateKey: await importJWK(row!.privateJwk as JWK, ENC_ALG) };
}

/** The JSON inside an ENC request body (`application/jose`, compact JWE to the platform's key). */
export async function decryptBody(keys: EncKeys, raw: string): Promise<unknown> {
  if (!raw || raw.length > 64 * 1024 || raw.split(".").length !== 5) {
    throw new DomainError("ENCRYPTION_REQUIRED", "This call takes an encrypted (JWE) body", 400);
  }
  try {
    const { plaintext, protectedHeader } = await compactDecrypt(raw, keys.privateKey, { keyManagementAlgorithms: [ENC_ALG], contentEncryptionAlgorithms: [ENC_ENC] });
    if (protectedHeader.kid && protectedHeader.kid !== keys.kid) throw new Error("unknown key");
    return JSON.parse(new TextDecoder().decode(plaintext));
  } catch {
    throw new DomainError("KEY_UNKNOWN", "The body could not be decrypted; fetch the current key", 400);
  }
}

/** Calls whose bodies carry passwords or codes: the spec's ENC calls, plus the reset link's. */
export const ENC_PATHS = [
  "/wps/session/login",
  "/wps/member/password",
  "/wps/member/register",
  "/wps/member/registerMobile",
  "/wps/member/password/phone",
  "/wps/member/password/reset",
  // Money calls that carry the payment password.
  "/wps/payment/withdraw",
  "/wps/member/payment-password",
  "/wps/member/transfer/upline",
  "/wps/agent/transfer/downline",
  "/wps/points/redeem",
  "/wps/points/convert",
];
