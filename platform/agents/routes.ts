import { Hono, type Context } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { jsonBody, requireMember } from "../accounts/routes.js";
import { DomainError, fail, ok } from "../http/envelope.js";
import { notices } from "../system/schema.js";
import { resolveMerchant } from "../system/service.js";
import {
  affiliateLookup,
  agentAnnouncements,
  agentProfile,
  AGENT_NOTICE_TYPE,
  createDownline,
  downlineDetail,
  listDownlines,
  requireAgentMember,
  setDownlineRebate,
  teamOverview,
  type Period,
} from "./service.js";
import { teamBets, teamTransactions } from "./team-lists.js";

type C = Context<{ Variables: PlatformVariables }>;

function page(c: C, defaultSize = 20) {
  const pageNo = Math.min(Math.max(Number.parseInt(c.req.query("pageNo") ?? "1", 10) || 1, 1), 10_000);
  const pageSize = Math.min(Math.max(Number.parseInt(c.req.query("pageSize") ?? String(defaultSize), 10) || defaultSize, 1), 500);
  return { pageNo, pageSize };
}

/** `from`/`to` as ISO instants (to exclusive); today's last 7 days by default; at most 366 days. */
function period(c: C): Period {
  const parse = (v: string | undefined) => {
    if (!v) return null;
    const d = new Date(v.slice(0, 40));
    return Number.isNaN(d.getTime()) ? null : d;
  };
  const to = parse(c.req.query("to")) ?? new Date(Date.now() + 60_000);
  const from = parse(c.req.query("from")) ?? new Date(to.getTime() - 7 * 86_400_000);
  if (from >= to || to.getTime() - from.getTime() > 367 * 86_400_000) throw new DomainError("INVALID_PERIOD", "Please enter correct information", 400, { field: "from" });
  return { from, to };
}

const account = (c: C) => (c.req.query("account") ?? "").trim().slice(0, 40) || undefined;
function depth(c: C) {
  const raw = c.req.query("depth");
  if (!raw) return undefined;
  const n = Number.parseInt(raw, 10);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new DomainError("INVALID_DEPTH", "Please enter correct information", 400, { field: "depth" });
  return n;
}

/**
 * Keyset paging of the team lists (ADR 024): `after` (older than that row) or `before` (newer),
 * each an opaque cursor from a previous answer's `next` / `prev`; `count=0` skips the capped count.
 * `pageNo` still works without a cursor (an offset, which costs more the deeper it goes).
 */
function seek(c: C) {
  const cut = (v: string | undefined) => (v === undefined || v === "" ? undefined : v.slice(0, 300));
  return { after: cut(c.req.query("after")), before: cut(c.req.query("before")), count: c.req.query("count") !== "0" };
}

/** The signed-in member when it is an agent; 403 NOT_AGENT for anyone else (spec §6). */
export async function requireAgent(c: C) {
  return requireAgentMember(await requireMember(c));
}

/** Agent centre calls (spec §2 agent centre, §7 agent calls). Every one but the affiliate lookup needs an agent's token. */
export function agentRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  app.get("/wps/agent/affiliate", async (c) => {
    const merchant = await resolveMerchant(c.var.db, c.req.query("domain")?.slice(0, 253) || c.var.visitor.host, c.var.env.DEFAULT_MERCHANT);
    return ok(c, await affiliateLookup(c.var.db, merchant.code, c.req.query("code") ?? ""));
  });

  app.get("/wps/agent/profile", async (c) => ok(c, await agentProfile(c.var.db, await requireAgent(c))));
  app.get("/wps/agent/team/overview", async (c) => ok(c, await teamOverview(c.var.db, await requireAgent(c), period(c))));
  app.get("/wps/agent/team/members", async (c) => {
    const agent = await requireAgent(c);
    const per = c.req.query("per") === "team" ? "team" : "member";
    return ok(c, await listDownlines(c.var.db, agent, { period: period(c), account: account(c), depth: depth(c), per, ...page(c) }));
  });
  app.post("/wps/agent/team/members", async (c) => {
    const agent = await requireAgent(c);
    const body = await jsonBody(
      c,
      z.object({ username: z.string().max(100), password: z.string().max(200), kind: z.string().max(20), rebate: z.string().max(20).default("0") }),
    );
    return ok(c, await createDownline(c.var.db, agent, { ...body, kind: body.kind as "player" | "agent" }));
  });
  app.get("/wps/agent/team/members/:account", async (c) => ok(c, await downlineDetail(c.var.db, await requireAgent(c), c.req.param("account"), period(c))));
  app.put("/wps/agent/team/members/:account/rebate", async (c) => {
    const agent = await requireAgent(c);
    const body = await jsonBody(c, z.object({ rebate: z.string().max(20) }));
    return ok(c, await setDownlineRebate(c.var.db, agent, c.req.param("account"), body.rebate));
  });
  app.get("/wps/agent/team/bets", async (c) => ok(c, await teamBets(c.var.db, await requireAgent(c), { period: period(c), account: account(c), ...page(c), ...seek(c) })));
  app.get("/wps/agent/team/transactions", async (c) =>
    ok(c, await teamTransactions(c.var.db, await requireAgent(c), { period: period(c), account: account(c), type: c.req.query("type") || undefined, ...page(c), ...seek(c) })),
  );
  app.get("/wps/agent/announcements", async (c) => {
    const agent = await requireAgent(c);
    const { pageNo, pageSize } = page(c, 10);
    return ok(c, await agentAnnouncements(c.var.db, agent, c.var.language || "en", pageNo, pageSize));
  });
  return app;
}

const localized = z.record(z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/), z.string().max(5000));
const merchantCode = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/** Operator calls for agents: set a member's type and rebate; post an agent announcement. */
export function registerAgentOperatorRoutes(app: Hono<{ Variables: PlatformVariables }>) {
  const body = async <O,>(c: C, schema: z.ZodType<O, z.ZodTypeDef, unknown>) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new DomainError("INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), 400);
    return parsed.data;
  };
  app.post("/merchants/:code/agent-announcements", async (c) => {
    const mc = merchantCode.safeParse(c.req.param("code"));
    if (!mc.success) return fail(c, 400, "INVALID_REQUEST", "Invalid merchant code");
    const b = await body(c, z.object({ title: localized, content: localized.default({}), endsAt: z.string().datetime().optional() }));
    const [row] = await c.var.db
      .insert(notices)
      .values({ merchantCode: mc.data, type: AGENT_NOTICE_TYPE, execution: "A", title: b.title, content: b.content, endsAt: b.endsAt ? new Date(b.endsAt) : null })
      .returning({ id: notices.id });
    return c.json({ id: row!.id }, 201);
  });
}
