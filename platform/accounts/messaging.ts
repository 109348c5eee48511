import type { Database } from "../db/client.js";
import type { Logger } from "../http/observability.js";
import { outbox } from "./schema.js";

/** Where SMS and e-mail go. Real providers plug in here; the default keeps them in the outbox. */
export interface MessageProvider {
  send(message: { merchantCode: string; channel: "sms" | "email"; recipient: string; body: string }): Promise<void>;
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
