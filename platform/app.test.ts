import { createTestPlatform } from "./testing/db.js";

describe("operations endpoints", () => {
  it("is healthy, ready, and counts requests by route", async () => {
    const p = await createTestPlatform({ seed: false });
    try {
      expect((await p.call("/healthz")).body).toEqual({ status: "ok" });
      const ready = await p.call("/readyz");
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe("ready");
      await p.call("/wps/system/permission?host=localhost");
      const metrics = await p.call("/metrics");
      expect(metrics.headers.get("content-type")).toContain("text/plain");
      expect(metrics.body).toMatch(/platform_requests_total\{route="\/readyz",method="GET",status="200"\} \d+/);
      expect(metrics.body).toContain("platform_request_duration_seconds_bucket");
    } finally {
      await p.cleanup();
    }
  });

  it("is not ready when the database is unreachable", async () => {
    const p = await createTestPlatform({ seed: false });
    try {
      expect((await p.call("/readyz")).status).toBe(200);
      // PGlite: the database is closed; PostgreSQL: the database is dropped under the pool.
      await p.dropDatabase();
      const r = await p.call("/readyz");
      expect(r.status).toBe(503);
      expect(r.body.status).toBe("unavailable");
      expect((await p.call("/healthz")).status).toBe(200);
    } finally {
      await p.cleanup().catch(() => {});
    }
  });

  it("answers a failing call with the unknown-error envelope, never a stack", async () => {
    const p = await createTestPlatform({ seed: false });
    await p.dropDatabase();
    try {
      const r = await p.call("/wps/system/permission?host=localhost");
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ success: false, error: { code: "INTERNAL_ERROR", message: "Unknown error" } });
    } finally {
      await p.cleanup().catch(() => {});
    }
  });
});
