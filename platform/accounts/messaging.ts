import { createHmac } from "node:crypto";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import type { Logger } from "../http/observability.js";
import { outbox } from "./schema.js";

/** Where SMS and e-mail go. Real providers plug in here; the default keeps them in the outbox. */
export interface MessageProvider {
  /** `subject`: an e-mail's subject line, in the same language as its body. */
  send(message: { merchantCode: string; channel: "sms" | "email"; recipient: string; body: string; subject?: string }): Promise<void>;
}

/**
 * The default provider: the outbox table (readable on a laptop through the operator API and by
 * tests). The log notes that a message went out, never its content: codes and links are secrets.
 */
export function outboxProvider(db: Database, log: Logger): MessageProvider {
  return {
    async send(message) {
      const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
      log.info({ event: "message.outbox", channel: message.channel, outboxId: row?.id }, "message queued to the outbox");
    },
  };
}

/**
 * A real gateway behind one webhook (MESSAGE_WEBHOOK_URL): the platform POSTs
 * `{merchantCode, channel, recipient, body, subject?}` signed with MESSAGE_WEBHOOK_SECRET
 * (`X-Signature`: hex HMAC-SHA256 of the body). The gateway's refusals become the provider
 * errors of spec §8: 402 quota, 403 function not enabled, 429 too many requests, 422 bad number;
 * anything else (or no answer within 5 s) is an unknown error.
 */
export function webhookProvider(url: string, secret: string | undefined, log: Logger): MessageProvider {
  return {
    async send(message) {
      const body = JSON.stringify(message);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (secret) headers["x-signature"] = createHmac("sha256", secret).update(body).digest("hex");
      let status: number;
      try {
        const res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(5000) });
        status = res.status;
        await res.body?.cancel();
      } catch (err) {
        log.warn({ err, event: "message.webhook", channel: message.channel }, "message gateway unreachable");
        throw new DomainError("SMS_UNKNOWN", "Unknown error", 502);
      }
      log.info({ event: "message.webhook", channel: message.channel, status }, "message handed to the gateway");
      if (status >= 200 && status < 300) return;
      if (status === 402) throw new DomainError("SMS_QUOTA", "Quota not sufficient, contact customer service", 503);
      if (status === 403) throw new DomainError("NOT_ENABLED", "Function not enabled (operation not allowed), contact customer service", 503);
      if (status === 429) throw new DomainError("TOO_MANY_REQUESTS", "Too many requests, try again after 5 minutes", 429);
      if (status === 422) throw new DomainError("PHONE_FORMAT", "Invalid phone number format", 400);
      throw new DomainError("SMS_UNKNOWN", "Unknown error", 502);
    },
  };
}

/** The provider this deployment uses: the webhook when configured, else the outbox. */
export function messageProvider(db: Database, env: { MESSAGE_WEBHOOK_URL?: string; MESSAGE_WEBHOOK_SECRET?: string }, log: Logger): MessageProvider {
  return env.MESSAGE_WEBHOOK_URL ? webhookProvider(env.MESSAGE_WEBHOOK_URL, env.MESSAGE_WEBHOOK_SECRET, log) : outboxProvider(db, log);
}
