import { randomFillSync } from "node:crypto";

/**
 * Random bytes for the per-request tokens (the CSP nonce, a new visitor's CSRF token, a hydration
 * state's id), taken from one pool that the system's CSPRNG fills 4 KiB at a time, as Node does for
 * `randomUUID`. A separate `randomBytes` call per token was a system call and a buffer each: 5% of a
 * kept visitor page's CPU. Each byte is handed out once; the pool is refilled when it runs out.
 */
const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

export function randomToken(bytes: number, encoding: "base64" | "base64url"): string {
  if (bytes > POOL_SIZE) throw new RangeError("randomToken: too many bytes");
  if (offset + bytes > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const text = pool.toString(encoding, offset, offset + bytes);
  // Spent bytes are overwritten, so no later reader of the pool's memory sees a token handed out.
  pool.fill(0, offset, offset + bytes);
  offset += bytes;
  return text;
}
