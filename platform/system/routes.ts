import { Hono } from "hono";
import { ok } from "../http/envelope.js";
import { getGameMenus, getWhitelabelMenu } from "../games/service.js";
import type { PlatformVariables } from "../app.js";
import { getPermission, resolveMerchant } from "./service.js";

export function systemRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  // Permission (spec §7): the current host is added as `host`; reads info and location.
  app.get("/wps/system/permission", async (c) => {
    const { db, env, visitor, language } = c.var;
    const host = c.req.query("host") ?? visitor.host;
    return ok(c, await getPermission(db, { ...visitor, host }, language, env.DEFAULT_MERCHANT));
  });

  app.get("/wps/system/whitelabel", async (c) => {
    const { db, env, visitor, language } = c.var;
    const merchant = await resolveMerchant(db, visitor.host, env.DEFAULT_MERCHANT);
    return ok(c, await getWhitelabelMenu(db, merchant, language));
  });

  app.get("/lgw/games/game_menus", async (c) => {
    const { db, env, visitor, language } = c.var;
    const merchant = await resolveMerchant(db, visitor.host, env.DEFAULT_MERCHANT);
    return ok(c, await getGameMenus(db, merchant, language));
  });

  return app;
}
