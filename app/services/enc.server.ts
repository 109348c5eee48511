import { CompactEncrypt, importJWK, type JWK } from "jose";
import { z } from "zod";
import { platformFetch } from "./platform.server";

const ALG = "ECDH-ES+A256KW";
const keySchema = z.object({ success: z.literal(true), value: z.object({ kid: z.string(), jwk: z.record(z.unknown()) }) });

let cached: Promise<{ kid: string; key: CryptoKey | Uint8Array }> | null = null;

/** The platform's public ENC key, fetched once and again after the platform says it changed. */
function platformKey() {
  cached ??= (async () => {
    const res = await platformFetch("/wps/system/encryption-key");
    const { value } = keySchema.parse(await res.json());
    return { kid: value.kid, key: await importJWK(value.jwk as JWK, ALG) };
  })().catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

export function forgetPlatformKey() {
  cached = null;
}

/** An ENC payload (spec §7): compact JWE of the JSON body, to the platform's key. */
export async function encryptForPlatform(value: unknown): Promise<string> {
  const { kid, key } = await platformKey();
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value))).setProtectedHeader({ alg: ALG, enc: "A256GCM", kid }).encrypt(key);
}
