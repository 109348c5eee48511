import type { Hono as HonoApp } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { jsonBody, requireMember } from "../accounts/routes.js";
import { DomainError, ok } from "../http/envelope.js";
import { buyTicket, drawNow, verifyDraw, drawResult, lotteryGameView, lotteryMenu, myTickets, openedNumbers, recentLotteries } from "./service.js";

const key = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, "8-80 letters, digits, _ or -");
const code = (v: string | undefined) => (v && /^[A-Za-z0-9_]{1,40}$/.test(v) ? v : undefined);
const int = (v: string | undefined, dflt: number, max: number) => Math.min(Math.max(Number.parseInt(v ?? "", 10) || dflt, 1), max);

/**
 * The in-house lotteries (spec §7 lottery calls): menus and results are public, like a paper
 * lottery's; tickets, the opened numbers and the member's recent lotteries need the session.
 */
export function lotteryRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  // Vietnam lottery menus (public): the games of a prize mode with their draw taking bets.
  app.get("/lgw/vn/games/game_menu", async (c) => ok(c, await lotteryMenu(c.var.db, code(c.req.query("prizeMode")))));
  // Lottery recent (TOKEN): the lotteries the member played lately.
  app.get("/lgw/vn/games/game_menu/recent", async (c) => ok(c, await recentLotteries(c.var.db, await requireMember(c))));
  // Numero (public): one draw's numbers by game and issue.
  app.get("/lgw/vn/games/numero", async (c) => {
    const game = code(c.req.query("gameCode"));
    const issue = c.req.query("issue");
    if (!game || !issue) throw new DomainError("INVALID_REQUEST", "gameCode and issue are required", 400);
    return ok(c, await drawResult(c.var.db, game, issue));
  });
  // Public check of a draw: the seed against its commitment, the numbers recomputed.
  app.get("/lgw/lottery/verify", async (c) => {
    const game = code(c.req.query("gameCode"));
    const issue = c.req.query("issue");
    if (!game || !issue) throw new DomainError("INVALID_REQUEST", "gameCode and issue are required", 400);
    return ok(c, await verifyDraw(c.var.db, game, issue));
  });
  // Opened numbers (TOKEN), e.g. prizeMode Lott: the latest results of the mode's games.
  app.get("/lotto/lgw/games/opened/numero", async (c) => {
    await requireMember(c);
    return ok(c, await openedNumbers(c.var.db, { prizeMode: code(c.req.query("prizeMode")), gameCode: code(c.req.query("gameCode")), limit: int(c.req.query("limit"), 20, 100) }));
  });
  // One game (public): the draw taking bets with its seed's hash, recent results, odds.
  app.get("/lotto/lgw/games/:gameCode", async (c) =>
    ok(c, await lotteryGameView(c.var.db, c.req.param("gameCode"), { prizeMode: code(c.req.query("prizeMode")), recent: int(c.req.query("recent"), 10, 50) })),
  );

  app.post("/lotto/lgw/tickets", async (c) => {
    const member = await requireMember(c);
    const body = await jsonBody(
      c,
      z.object({
        gameCode: z.string().max(40),
        issue: z.string().max(20).optional(),
        prizeMode: z.string().max(10).optional(),
        lines: z.array(z.object({ type: z.string().max(20), selection: z.string().max(40), amount: z.string().max(40) })).max(200),
        requestKey: key,
      }),
    );
    return ok(c, await buyTicket(c.var.db, member, body));
  });
  app.get("/lotto/lgw/tickets", async (c) => {
    const member = await requireMember(c);
    const status = c.req.query("status");
    return ok(
      c,
      await myTickets(c.var.db, member, {
        gameCode: code(c.req.query("gameCode")),
        status: status && ["OPEN", "WON", "LOST", "VOID"].includes(status) ? status : undefined,
        pageNo: int(c.req.query("pageNo"), 1, 10_000),
        pageSize: int(c.req.query("pageSize"), 10, 100),
      }),
    );
  });
  return app;
}

/**
 * Operator: in a sandbox (test money, SANDBOX_PAYMENTS on) a draw can be run at once, so testers
 * need not wait for the clock. Refused as unknown elsewhere.
 */
export function registerLotteryOperatorRoutes(app: HonoApp<{ Variables: PlatformVariables }>) {
  app.post("/lottery/games/:gameCode/draw-now", async (c) => {
    if (!c.var.env.SANDBOX_PAYMENTS) throw new DomainError("NOT_FOUND", "No such path", 404);
    return c.json({ draw: await drawNow(c.var.db, c.req.param("gameCode")) });
  });
}
