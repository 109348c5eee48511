import { Hono } from "hono";
import { fail, ok } from "../http/envelope.js";
import { z } from "zod";
import { getWhitelabelMenu } from "../games/service.js";
import { csv, pageNo, pageSize, parseQuery } from "../http/query.js";
import { getAnnouncements, getNotice, getNoticeList } from "./notices.js";
import type { PlatformVariables } from "../app.js";
import { getPermission, resolveMerchant } from "./service.js";
import { captchaRequiredFor } from "../accounts/service.js";

export function systemRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();

  // Permission (spec §7): the current host is added as `host`; reads info and location. It also
  // carries what the login-state call answers for the visitor's address (`login`), so that a
  // visitor's page asks the platform once, not twice (issue 15; the login-state call stays).
  app.get("/wps/system/permission", async (c) => {
    const { db, env, visitor, language } = c.var;
    const host = c.req.query("host") ?? visitor.host;
    const permission = await getPermission(db, { ...visitor, host }, language, env.DEFAULT_MERCHANT);
    return ok(c, { ...permission, login: { captchaRequired: await captchaRequiredFor(db, visitor.ip) } });
  });

  app.get("/wps/system/whitelabel", async (c) => {
    const { db, env, visitor, language } = c.var;
    const merchant = await resolveMerchant(db, visitor.host, env.DEFAULT_MERCHANT);
    return ok(c, await getWhitelabelMenu(db, merchant, language));
  });

  // Announcements and notices: types B, PL, PU, PR (and H); execution A, B or F.
  app.get("/wps/system/announcements", async (c) => {
    const { db, env, visitor, language } = c.var;
    const q = parseQuery(c, z.object({ types: csv, execution: csv, groupName: csv }));
    const merchant = await resolveMerchant(db, visitor.host, env.DEFAULT_MERCHANT);
    return ok(
      c,
      await getAnnouncements(db, merchant, language, {
        types: q.types.length ? q.types : ["B", "PL", "PU", "PR"],
        executions: q.execution.length ? q.execution : ["B"],
        bannerGroups: q.groupName,
      }),
    );
  });

  app.get("/wps/system/notices", async (c) => {
    const { db, env, visitor, language } = c.var;
    const q = parseQuery(c, z.object({ pageNo, pageSize: pageSize(50, 9) }));
    const merchant = await resolveMerchant(db, visitor.host, env.DEFAULT_MERCHANT);
    return ok(c, await getNoticeList(db, merchant, language, q.pageNo, q.pageSize));
  });

  app.get("/wps/system/notices/:id{[0-9]+}", async (c) => {
    const { db, env, visitor, language } = c.var;
    const merchant = await resolveMerchant(db, visitor.host, env.DEFAULT_MERCHANT);
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) return fail(c, 404, "NOTICE_NOT_FOUND", "No such notice");
    return ok(c, await getNotice(db, merchant, language, id));
  });

  return app;
}
