/**
 * The demo studio's side of the seamless wallet (docs/vendor-wallet-api.md), written as any
 * studio would: JSON bodies signed with HMAC-SHA256 of the exact bytes sent, `X-Vendor` and
 * `X-Signature` headers, and every money call repeated with the same body on a timeout, a lost
 * answer or a 5xx, which the wallet answers with its first answer (idempotent on transactionId).
 */
import { createHmac } from "node:crypto";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface WalletClientOptions {
  /** The wallet's base URL, e.g. https://casino.example/wallet/v1 */
  baseUrl: string;
  /** The HMAC key of a vendor code (as set by the operator). */
  secretFor: (vendorCode: string) => string;
  /** The transport: global fetch, or a loopback one when the studio is embedded. */
  fetch?: FetchLike;
  /** Tries per call (the first included) for timeouts, lost answers and 5xx. */
  attempts?: number;
  timeoutMs?: number;
}

/** A refusal the wallet answered on purpose (4xx with an error code). */
export class WalletRefusal extends Error {
  override name = "WalletRefusal";
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** No answer after every try (network, timeout, 5xx): the outcome of the call is unknown. */
export class WalletUnavailable extends Error {
  override name = "WalletUnavailable";
}

export interface WalletClient {
  balance(vendor: string, body: { token: string }): Promise<{ balance: string; currency: string }>;
  debit(vendor: string, body: { token: string; transactionId: string; roundId: string; gameCode: string; amount: string }): Promise<{ balance: string; transactionId: string }>;
  credit(vendor: string, body: { token: string; transactionId: string; roundId: string; amount: string }): Promise<{ balance: string; transactionId: string }>;
  rollback(vendor: string, body: { token: string; transactionId: string; refTransactionId: string }): Promise<{ balance: string; transactionId: string }>;
}

export function signBody(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export function createWalletClient(opts: WalletClientOptions): WalletClient {
  const send = opts.fetch ?? ((input, init) => fetch(input, init));
  const attempts = Math.max(1, opts.attempts ?? 3);
  const base = opts.baseUrl.replace(/\/+$/, "");

  async function call<T>(path: string, vendor: string, payload: object): Promise<T> {
    // Signed once: every retry sends the very same bytes.
    const body = JSON.stringify(payload);
    const headers = { "content-type": "application/json", "x-vendor": vendor, "x-signature": signBody(opts.secretFor(vendor), body) };
    let last: unknown;
    for (let i = 0; i < attempts; i++) {
      let res: Response;
      try {
        res = await send(`${base}/${path}`, { method: "POST", headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
      } catch (err) {
        last = err;
        continue;
      }
      let json: Record<string, unknown> | null = null;
      try {
        json = (await res.json()) as Record<string, unknown>;
      } catch (err) {
        last = err;
      }
      if (res.status >= 500 || json === null) {
        last = new Error(`wallet ${path}: HTTP ${res.status}`);
        continue;
      }
      if (res.ok) return json as T;
      const error = (json.error ?? {}) as { code?: string; message?: string } & Record<string, unknown>;
      const { code, message, ...details } = error;
      throw new WalletRefusal(code ?? "UNKNOWN", message ?? `HTTP ${res.status}`, res.status, details);
    }
    throw new WalletUnavailable(`wallet ${path} did not answer: ${last instanceof Error ? last.message : String(last)}`);
  }

  return {
    balance: (vendor, body) => call("balance", vendor, body),
    debit: (vendor, body) => call("debit", vendor, body),
    credit: (vendor, body) => call("credit", vendor, body),
    rollback: (vendor, body) => call("rollback", vendor, body),
  };
}
