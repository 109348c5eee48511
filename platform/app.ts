import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Database, DbHandle } from "./db/client.js";
import type { PlatformEnv } from "./env.js";
import { DomainError, fail } from "./http/envelope.js";
import type { EncKeys } from "./http/enc.js";
import {
  logger as rootLogger,
  metricsRegistry,
  platformDuration,
  platformRequests,
  requestIdFrom,
  type Logger,
} from "./http/observability.js";
import { operatorRoutes } from "./operator/routes.js";
import { accountRoutes, forgetSharedSessions } from "./accounts/routes.js";
import { gameRoutes } from "./games/routes.js";
import { systemRoutes } from "./system/routes.js";
import { paymentRoutes } from "./payments/routes.js";
import { launchRoutes, walletRoutes } from "./wallet/routes.js";
import { roundRoutes } from "./rounds/routes.js";
import { lotteryRoutes } from "./lottery/routes.js";
import { contractRoutes } from "./contracts/routes.js";
import { agentRoutes } from "./agents/routes.js";
import { messageRoutes } from "./messages/routes.js";
import { feedbackRoutes } from "./feedback/routes.js";
import { helpRoutes } from "./help/routes.js";
import type { Visitor } from "./system/service.js";
import { configureSecretsKey } from "./security/secrets.js";
import { promotionRoutes } from "./promotions/routes.js";
import { pointsRoutes } from "./points/routes.js";
import { rebateRoutes } from "./rebate/routes.js";
import { missionRoutes } from "./missions/routes.js";

export interface PlatformDeps {
  handle: DbHandle;
  env: PlatformEnv;
  encKeys: EncKeys;
  logger?: Logger;
}

export type PlatformVariables = {
  db: Database;
  env: PlatformEnv;
  log: Logger;
  requestId: string;
  /** The end user, as the web tier describes them (X-Site-Host, X-Client-IP, X-Client-Country). */
  visitor: Visitor;
  language: string;
  enc: EncKeys;
};

export function createPlatformApp({ handle, env, encKeys, logger = rootLogger }: PlatformDeps) {
  const app = new Hono<{ Variables: PlatformVariables }>();
  configureSecretsKey(env, logger);

  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header("x-request-id"));
    const log = logger.child({ requestId });
    c.set("db", handle.db);
    c.set("env", env);
    c.set("log", log);
    c.set("requestId", requestId);
    c.set("enc", encKeys);
    c.set("visitor", {
      host: c.req.header("x-site-host") ?? c.req.header("host") ?? null,
      ip: c.req.header("x-client-ip") ?? null,
      country: c.req.header("x-client-country") ?? null,
      userAgent: c.req.header("x-client-user-agent")?.slice(0, 300) ?? null,
    });
    c.set("language", (c.req.query("language") ?? c.req.header("accept-language")?.split(/[,;]/)[0] ?? "").trim().slice(0, 20));
    // A call that may write forgets the session reads its web request's GET calls share (accounts/routes.ts).
    const writes = c.req.method !== "GET" && c.req.method !== "HEAD";
    if (writes) forgetSharedSessions(requestId);
    try {
      await next();
    } finally {
      if (writes) forgetSharedSessions(requestId);
    }
    c.header("x-request-id", requestId);
    const route = c.req.routePath || "unmatched";
    const seconds = (performance.now() - started) / 1000;
    platformRequests.inc({ route, method: c.req.method, status: String(c.res.status) });
    platformDuration.observe({ route, method: c.req.method }, seconds);
    log.debug({ method: c.req.method, route, status: c.res.status, ms: Math.round(seconds * 1000) }, "platform request");
  });

  app.onError((err, c) => {
    if (err instanceof DomainError) return fail(c, err.status as ContentfulStatusCode, err.code, err.message, err.details);
    c.var.log?.error({ err }, "platform request failed");
    return fail(c, 500, "INTERNAL_ERROR", "Unknown error");
  });
  app.notFound((c) => fail(c, 404, "NOT_FOUND", "No such path"));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await handle.ping();
      return c.json({ status: "ready", database: handle.kind });
    } catch (err) {
      c.var.log.warn({ err }, "database unreachable");
      return c.json({ status: "unavailable", database: handle.kind }, 503);
    }
  });
  // The public half of the ENC key (JWK): the web encrypts passwords and codes to it.
  app.get("/wps/system/encryption-key", (c) => c.json({ success: true, value: { kid: encKeys.kid, jwk: encKeys.publicJwk } }));
  app.get("/metrics", async (c) =>
    c.text(await metricsRegistry.metrics(), 200, { "content-type": metricsRegistry.contentType }),
  );

  app.route("/", systemRoutes());
  app.route("/", gameRoutes());
  app.route("/", accountRoutes());
  app.route("/", paymentRoutes());
  app.route("/", launchRoutes());
  app.route("/", roundRoutes());
  app.route("/", lotteryRoutes());
  app.route("/", promotionRoutes());
  app.route("/", pointsRoutes());
  app.route("/", rebateRoutes());
  app.route("/", missionRoutes());
  app.route("/", contractRoutes());
  app.route("/", agentRoutes());
  app.route("/", messageRoutes());
  app.route("/", feedbackRoutes());
  app.route("/", helpRoutes());
  app.route("/wallet/v1", walletRoutes());
  app.route("/operator/v1", operatorRoutes());
  return app;
}
