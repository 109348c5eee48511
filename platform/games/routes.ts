import { Hono } from "hono";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { ok } from "../http/envelope.js";
import { pageNo, pageSize, parseQuery } from "../http/query.js";
import { resolveMerchant } from "../system/service.js";
import { getGameList, getGameMenus, getHotGames, getWinners } from "./service.js";

const code = z.string().regex(/^[A-Za-z0-9_]{1,40}$/).optional();

export function gameRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  const merchantOf = (c: { var: PlatformVariables }) =>
    resolveMerchant(c.var.db, c.var.visitor.host, c.var.env.DEFAULT_MERCHANT);

  app.get("/lgw/games/game_menus", async (c) => ok(c, await getGameMenus(c.var.db, await merchantOf(c), c.var.language)));

  app.get("/lgw/games/hot", async (c) => {
    const q = parseQuery(c, z.object({ limitNum: pageSize(100, 60) }));
    return ok(c, await getHotGames(c.var.db, await merchantOf(c), c.var.language, q.limitNum));
  });

  app.get("/lgw/games/list", async (c) => {
    const q = parseQuery(
      c,
      z.object({
        gameType: code,
        vassalage: code,
        gameClassify: code,
        gameName: z.string().trim().max(100).optional(),
        pageNo,
        pageSize: pageSize(100, 42),
      }),
    );
    return ok(c, await getGameList(c.var.db, await merchantOf(c), c.var.language, q));
  });

  // Winner board: limitNum 20, or pageNo 1 with pageSize 42 on the home page.
  app.get("/lgw/games/winners", async (c) => {
    const q = parseQuery(
      c,
      z.object({ gameCategory: z.string().default("ALL"), limitNum: pageSize(100, 20).optional(), pageSize: pageSize(100, 42).optional() }),
    );
    const merchant = await merchantOf(c);
    return ok(c, await getWinners(c.var.db, merchant, c.var.language, q.pageSize ?? q.limitNum ?? 20));
  });

  return app;
}
