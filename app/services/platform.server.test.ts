import { http, HttpResponse } from "msw";
import { z } from "zod";
import { misbehaviour, permissionValue, server, UPSTREAM } from "../../tests/mocks/upstream";

vi.hoisted(() => {
  process.env.UPSTREAM_URL = "http://upstream.test";
  process.env.UPSTREAM_TIMEOUT_MS = "300";
  process.env.TRUST_PROXY = "1";
});

const { callPlatform, forwardToPlatform, PlatformError } = await import("./platform.server");
const { requireOperational, getPermission, getSiteStatus } = await import("./system.server");
const { getClientIp } = await import("./client-info.server");
const { loader: readyz } = await import("~/routes/readyz");

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const visitorRequest = (headers: Record<string, string> = {}) =>
  new Request("http://site.example/some/page", { headers: { "x-request-id": "req-123", ...headers } });

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

async function expectNetworkState(p: Promise<unknown>) {
  const e = await thrown(p);
  expect(e).toBeInstanceOf(Response);
  const res = e as Response;
  expect(res.status).toBe(502);
  expect(await res.json()).toEqual({ kind: "network", requestId: "req-123" });
}

const schema = z.object({ n: z.number() });

describe("callPlatform", () => {
  it("parses a good answer and sends who the visitor is", async () => {
    let seen: Headers | undefined;
    server.use(
      http.get(`${UPSTREAM}/wps/thing`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ success: true, value: { n: 1 } });
      }),
    );
    const value = await callPlatform(visitorRequest({ "x-forwarded-for": "203.0.113.9" }), "/wps/thing", { schema, language: "en" });
    expect(value).toEqual({ n: 1 });
    expect(seen?.get("x-request-id")).toBe("req-123");
    expect(seen?.get("x-site-host")).toBe("site.example");
    expect(seen?.get("x-client-ip")).toBe("203.0.113.9");
    expect(seen?.get("accept-language")).toBe("en");
  });

  it.each([
    ["a 500", misbehaviour.serverError],
    ["malformed JSON", misbehaviour.malformedJson],
    ["an unexpected shape", misbehaviour.wrongShape],
    ["a refused connection", misbehaviour.connectionRefused],
    ["no answer in time", (p: string) => misbehaviour.slow(p, 2_000)],
  ])("turns %s into the network-error page state", async (_name, handler) => {
    server.use(handler("/wps/thing"));
    await expectNetworkState(callPlatform(visitorRequest(), "/wps/thing", { schema }));
  });

  it("passes a refusal through as a PlatformError with its code", async () => {
    server.use(
      http.post(`${UPSTREAM}/wps/thing`, () =>
        HttpResponse.json({ success: false, error: { code: "in_need_true_account", message: "no" } }, { status: 403 }),
      ),
    );
    const e = await thrown(callPlatform(visitorRequest(), "/wps/thing", { method: "POST", body: {}, schema }));
    expect(e).toBeInstanceOf(PlatformError);
    expect(e).toMatchObject({ code: "in_need_true_account", status: 403 });
  });
});

describe("requireOperational", () => {
  it("lets a normal visitor through", async () => {
    server.use(http.get(`${UPSTREAM}/wps/system/permission`, () => HttpResponse.json({ success: true, value: permissionValue() })));
    const p = await requireOperational(visitorRequest(), "es");
    expect(p.info.merchantName).toBe("Demo Casino");
  });

  it("throws the maintenance page with 503", async () => {
    server.use(
      http.get(`${UPSTREAM}/wps/system/permission`, () => HttpResponse.json({ success: true, value: permissionValue({ status: 1 }) })),
    );
    const res = (await thrown(requireOperational(visitorRequest(), "es"))) as Response;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ kind: "maintenance", title: "Upgrade", info: "Back soon", customerServiceUrl: "https://chat.example/x" });
  });

  it("throws the region page with 403 and the visitor's IP", async () => {
    server.use(
      http.get(`${UPSTREAM}/wps/system/permission`, () =>
        HttpResponse.json({ success: true, value: permissionValue({ status: 2, ip: "203.0.113.9" }) }),
      ),
    );
    const res = (await thrown(requireOperational(visitorRequest(), "es"))) as Response;
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ kind: "restricted", ip: "203.0.113.9" });
  });

  it("shows the network state when the status call fails", async () => {
    server.use(misbehaviour.serverError("/wps/system/permission"));
    await expectNetworkState(requireOperational(visitorRequest(), "es"));
  });
});

describe("the permission answer read in parts (ADR 042)", () => {
  // A request id as the web server makes them: the answer is kept for the request.
  const served = () => visitorRequest({ "x-request-id": crypto.randomUUID() });

  it("asks once per request for the memo's status and the loaders' whole answer, and both read the same answer", async () => {
    let asked = 0;
    server.use(
      http.get(`${UPSTREAM}/wps/system/permission`, () => {
        asked++;
        return HttpResponse.json({ success: true, value: { ...permissionValue(), info: { ...permissionValue().info, brandVersion: "b7" } } });
      }),
    );
    const request = served();
    expect(await getSiteStatus(request, "es")).toEqual({ status: 0, brandVersion: "b7" });
    const whole = await getPermission(request, "es");
    expect(whole.info).toMatchObject({ status: 0, brandVersion: "b7", merchantName: "Demo Casino" });
    expect(await getPermission(request, "es")).toBe(whole);
    expect(asked).toBe(1);
    await getSiteStatus(served(), "es");
    expect(asked).toBe(2);
  });

  it("takes a status the schema refuses, or an answer the whole schema refuses, for the network state", async () => {
    server.use(
      http.get(`${UPSTREAM}/wps/system/permission`, () =>
        HttpResponse.json({ success: true, value: { ...permissionValue(), info: { ...permissionValue().info, status: 7 } } }),
      ),
    );
    await expectNetworkState(getSiteStatus(visitorRequest(), "es"));
    server.use(
      http.get(`${UPSTREAM}/wps/system/permission`, () =>
        HttpResponse.json({ success: true, value: { ...permissionValue(), info: { ...permissionValue().info, merchantName: 5 } } }),
      ),
    );
    // The memo's two fields are fine; the loaders' whole answer is not.
    expect(await getSiteStatus(visitorRequest(), "es")).toMatchObject({ status: 0 });
    await expectNetworkState(getPermission(visitorRequest(), "es"));
  });
});

describe("client address behind one trusted proxy", () => {
  it("takes the address the proxy saw, not what the client wrote", () => {
    expect(getClientIp(visitorRequest({ "x-forwarded-for": "1.1.1.1, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(getClientIp(visitorRequest({ "x-web-socket-ip": "127.0.0.1" }))).toBe("127.0.0.1");
  });
});

describe("forwardToPlatform", () => {
  it("passes method, raw body and answer through", async () => {
    server.use(
      http.post(`${UPSTREAM}/wallet/v1/debit`, async ({ request }) =>
        HttpResponse.json({ echo: await request.text(), sig: request.headers.get("x-signature") }, { status: 409 }),
      ),
    );
    const raw = '{"amount":"1.50",  "token":"t"}';
    const res = await forwardToPlatform(
      new Request("http://site.example/wallet/v1/debit", { method: "POST", body: raw, headers: { "x-signature": "abc" } }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ echo: raw, sig: "abc" });
  });

  it("answers 502 with a JSON error when the platform is unreachable", async () => {
    server.use(misbehaviour.connectionRefused("/operator/v1/merchants/DEMO/status"));
    const res = await forwardToPlatform(new Request("http://site.example/operator/v1/merchants/DEMO/status"));
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe("UPSTREAM_UNAVAILABLE");
  });
});

describe("/readyz", () => {
  const call = () => readyz({ request: visitorRequest(), params: {}, context: {} }) as Promise<Response>;
  it("is ready when the platform is", async () => {
    server.use(http.get(`${UPSTREAM}/readyz`, () => HttpResponse.json({ status: "ready" })));
    expect((await call()).status).toBe(200);
  });
  it("is not ready when the platform's database is unreachable", async () => {
    server.use(http.get(`${UPSTREAM}/readyz`, () => HttpResponse.json({ status: "unavailable" }, { status: 503 })));
    expect((await call()).status).toBe(503);
  });
  it("is not ready when the platform is unreachable", async () => {
    server.use(misbehaviour.connectionRefused("/readyz"));
    expect((await call()).status).toBe(503);
  });
});

describe("forwardToPlatform limits", () => {
  it("refuses bodies over 1 MiB with 413 before calling the platform", async () => {
    let called = false;
    server.use(
      http.post(`${UPSTREAM}/wallet/v1/debit`, () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const res = await forwardToPlatform(
      new Request("http://site.example/wallet/v1/debit", { method: "POST", body: "x".repeat(1024 * 1024 + 1) }),
    );
    expect(res.status).toBe(413);
    expect(called).toBe(false);
  });
});
