import { Hono } from "hono";
import { createTestPlatform } from "../testing/db.js";
import { ok } from "./envelope.js";
import { askLocally, localText } from "./local-answer.js";

/** One call, asked both ways: over the wire format, and marked as the web app in this process marks it. */
async function both(p: Awaited<ReturnType<typeof createTestPlatform>>, path: string, init: RequestInit = {}) {
  const make = () => new Request(`http://platform.test${path}`, { ...init, headers: { "x-site-host": "localhost", ...(init.headers as Record<string, string>) } });
  const plain = await p.app.fetch(make());
  const marked = askLocally(make());
  const local = await p.app.fetch(marked);
  return { plain: { status: plain.status, text: await plain.text() }, local: { status: local.status, body: await local.text(), text: localText(marked, local) } };
}

describe("answers to the web app in this process (ADR 042)", () => {
  let p: Awaited<ReturnType<typeof createTestPlatform>>;
  beforeAll(async () => {
    p = await createTestPlatform();
  }, 60_000);
  afterAll(() => p?.cleanup());

  it("carries the envelope a body would carry, as the same text, on the request, and sends no body", async () => {
    for (const [path, init, status] of [
      ["/wps/system/permission?language=en", {}, 200],
      ["/wps/session/login-state", { headers: { "x-client-ip": "192.0.2.7" } }, 200],
      // A refusal, a path that does not exist, a body that cannot be read: the failure envelope.
      ["/wps/member/info", {}, 401],
      ["/wps/no-such-path", {}, 404],
      ["/wps/session/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }, 400],
    ] as const) {
      const { plain, local } = await both(p, path, init as RequestInit);
      expect(plain.status, path).toBe(status);
      expect(local.status, path).toBe(status);
      expect(local.body, path).toBe("");
      // The permission answer names the request's own address and time nowhere: the same text.
      expect(local.text, path).toBe(plain.text);
      expect(JSON.parse(local.text!).success, path).toBe(status === 200);
    }
  });

  it("answers an unmarked request with its body, and leaves nothing on it", async () => {
    const request = new Request("http://platform.test/wps/system/permission?language=en", { headers: { "x-site-host": "localhost" } });
    const res = await p.app.fetch(request);
    expect(localText(request, res)).toBeUndefined();
    expect(JSON.parse(await res.text())).toMatchObject({ success: true, value: { info: { merchantCode: expect.any(String) } } });
  });

  it("reads the body, not the text put before it, when a handler answers with a body of its own after ok()", async () => {
    const app = new Hono().get("/second-word", (c) => {
      ok(c, { word: "first" });
      return c.json({ success: true, value: { word: "last" } });
    });
    const request = askLocally(new Request("http://platform.test/second-word"));
    const res = await app.fetch(request);
    expect(localText(request, res)).toBeUndefined();
    expect(await res.json()).toEqual({ success: true, value: { word: "last" } });
  });
});
