import { Hono, type Context } from "hono";
import type { PlatformVariables } from "../app.js";
import { requireMember } from "../accounts/routes.js";
import { TRIAL_TYPES } from "../accounts/service.js";
import { DomainError, ok } from "../http/envelope.js";
import { deleteMessage, listMessagePage, markMessagesRead, openMessage } from "./service.js";

type C = Context<{ Variables: PlatformVariables }>;

/** Spec §6: the message centre is for real members; a trial account is refused. */
async function requireMessageReader(c: C) {
  const member = await requireMember(c);
  if (TRIAL_TYPES.includes(member.type)) throw new DomainError("in_need_true_account", "A real account is needed", 403);
  return member;
}

const idOf = (c: C) => Number.parseInt(c.req.param("id") ?? "", 10);

/** The message centre (`/member/messageV2`): paged list, open, mark all read, delete. */
export function messageRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  app.get("/wps/member/messageV2", async (c) => {
    const member = await requireMessageReader(c);
    const pageNo = Math.min(Math.max(Number.parseInt(c.req.query("pageNo") ?? "1", 10) || 1, 1), 10_000);
    const pageSize = Math.min(Math.max(Number.parseInt(c.req.query("pageSize") ?? "10", 10) || 10, 1), 50);
    const currency = c.req.query("currency");
    if (currency && !/^[A-Za-z]{3}$/.test(currency)) throw new DomainError("INVALID_REQUEST", "currency: ISO 4217 code", 400);
    return ok(c, await listMessagePage(c.var.db, member, { pageNo, pageSize, currency: currency?.toUpperCase(), language: c.var.language }));
  });
  app.get("/wps/member/messageV2/:id{[0-9]{1,10}}", async (c) => ok(c, await openMessage(c.var.db, await requireMessageReader(c), idOf(c), c.var.language)));
  app.post("/wps/member/messageV2/read-all", async (c) => {
    await markMessagesRead(c.var.db, await requireMessageReader(c));
    return ok(c, null);
  });
  app.delete("/wps/member/messageV2/:id{[0-9]{1,10}}", async (c) => {
    await deleteMessage(c.var.db, await requireMessageReader(c), idOf(c));
    return ok(c, null);
  });
  return app;
}
