import { Hono } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { jsonBody, requireMember } from "../accounts/routes.js";
import { DomainError, ok } from "../http/envelope.js";
import { resolveMerchant } from "../system/service.js";
import { memberBettingRecord } from "./record.js";
import { actInRound, getRound, houseCatalogue, openRound, playRound, revealedSeeds, rotateSeeds, seedInfo, verifyManual, verifyStoredRound } from "./service.js";

const bet = z.object({ kind: z.string().min(1).max(40), amount: z.string().max(40) }).catchall(z.union([z.string().max(40), z.number(), z.array(z.union([z.number(), z.string().max(20)])).max(40)]));
const key = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, "8-80 letters, digits, _ or -");

function roundIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError("ROUND_NOT_FOUND", "No such round", 404);
  return id;
}

/** In-house games (vendor HOUSE): seeds, rounds, the betting record and public verification. */
export function roundRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  app.get("/lgw/house/games", (c) => ok(c, houseCatalogue()));

  app.get("/wps/house/seeds", async (c) => {
    const member = await requireMember(c);
    return ok(c, { active: await seedInfo(c.var.db, member), revealed: await revealedSeeds(c.var.db, member) });
  });
  // Rotation, optionally with a new client seed: reveals the old server seed.
  app.post("/wps/house/seeds/rotate", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ clientSeed: z.string().max(100).optional() }));
    return ok(c, await rotateSeeds(c.var.db, member, body.clientSeed));
  });

  app.post("/wps/house/rounds", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ game: z.string().max(40), bets: z.array(bet).max(200), requestKey: key }));
    return ok(c, await playRound(c.var.db, member, body));
  });
  app.post("/wps/house/rounds/:id/actions", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(c, z.object({ action: z.string().max(20) }));
    return ok(c, await actInRound(c.var.db, member, roundIdOf(c.req.param("id")), body.action));
  });
  app.get("/wps/house/rounds/open", async (c) => {
    const member = await requireMember(c);
    return ok(c, await openRound(c.var.db, member, (c.req.query("game") ?? "").slice(0, 40)));
  });
  app.get("/wps/house/rounds/:id", async (c) => ok(c, await getRound(c.var.db, await requireMember(c), roundIdOf(c.req.param("id")))));

  // Betting record: rounds by game or category, in a period, paged.
  app.get("/wps/house/rounds", async (c) => {
    const member = await requireMember(c);
    const date = (v: string | undefined) => {
      if (!v) return undefined;
      const d = new Date(v);
      if (Number.isNaN(d.getTime())) throw new DomainError("INVALID_PERIOD", "Please enter correct information", 400, { field: "from" });
      return d;
    };
    const pageNo = Math.min(Math.max(Number.parseInt(c.req.query("pageNo") ?? "1", 10) || 1, 1), 10_000);
    const pageSize = Math.min(Math.max(Number.parseInt(c.req.query("pageSize") ?? "10", 10) || 10, 1), 100);
    const code = (v: string | undefined) => (v && /^[A-Z0-9_]{1,40}$/.test(v) ? v : undefined);
    return ok(
      c,
      await memberBettingRecord(c.var.db, member, {
        game: code(c.req.query("game")),
        category: code(c.req.query("category")),
        from: date(c.req.query("from")),
        to: date(c.req.query("to")),
        pageNo,
        pageSize,
      }),
    );
  });

  // Public: anyone can check a settled round once its seed is revealed, or recompute from seeds
  // (bet amounts in decimals of `currency`, by default the currency of the site's merchant).
  app.get("/lgw/house/verify/:id", async (c) => ok(c, await verifyStoredRound(c.var.db, roundIdOf(c.req.param("id")))));
  app.post("/lgw/house/verify", async (c) => {
    const body = await jsonBody(
      c,
      z.object({
        game: z.string().max(40),
        serverSeed: z.string().max(100),
        clientSeed: z.string().max(100),
        nonce: z.number().int().min(0).max(2 ** 31),
        bets: z.array(bet).max(200),
        actions: z.array(z.string().max(20)).max(50).default([]),
        currency: z.string().regex(/^[A-Z]{3}$/).optional(),
      }),
    );
    const currency = body.currency ?? (await resolveMerchant(c.var.db, c.var.visitor.host, c.var.env.DEFAULT_MERCHANT)).currency.toUpperCase();
    return ok(c, verifyManual({ ...body, currency }));
  });

  return app;
}
