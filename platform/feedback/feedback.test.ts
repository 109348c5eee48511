import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { feedbacks } from "./schema.js";
import { checkImage } from "./images.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

export function testPng(width = 8, height = 6): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 37) % 256;
  return PNG.sync.write(png);
}

export function testJpeg(width = 8, height = 6): Buffer {
  const data = Buffer.alloc(width * height * 4, 128);
  return Buffer.from(jpeg.encode({ data, width, height }, 90).data);
}

describe("feedback", () => {
  let p: TestPlatform;
  const dir = path.join(tmpdir(), `feedback-test-${process.pid}-${Date.now()}`);
  const { auth, player, host } = playersOf(() => p.call, { prefix: "fb", ip: "198.51.100.41" });
  beforeAll(async () => {
    p = await createTestPlatform({ env: { FEEDBACK_DIR: dir } });
  });
  afterAll(async () => {
    await p.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  const send = (json: unknown, token?: string) => p.call("/wps/feedback", { method: "PUT", headers: token ? auth(token) : host, json });
  const files = async () => (await readdir(dir).catch(() => [] as string[])).length;
  const rows = async () => (await p.handle.db.select({ id: feedbacks.id }).from(feedbacks)).length;

  it("judges images by their content and keeps only a clean re-encoding", () => {
    const png = checkImage(testPng());
    expect(png).toMatchObject({ ok: true, mime: "image/png", width: 8, height: 6 });
    expect(checkImage(testJpeg())).toMatchObject({ ok: true, mime: "image/jpeg", width: 8, height: 6 });
    expect(checkImage(Buffer.from("<html><script>alert(1)</script></html>"))).toEqual({ ok: false, problem: "IMAGE_TYPE" });
    // PNG magic followed by HTML: right start, no image.
    expect(checkImage(Buffer.concat([testPng().subarray(0, 8), Buffer.from("<html>")]))).toEqual({ ok: false, problem: "IMAGE_INVALID" });
    expect(checkImage(testPng(2, 2).subarray(0, 40))).toEqual({ ok: false, problem: "IMAGE_INVALID" });
    expect(checkImage(Buffer.alloc(5 * 1024 * 1024 + 1))).toEqual({ ok: false, problem: "IMAGE_TOO_LARGE" });
    // A 100000 x 100000 header is refused before anything is inflated.
    const bomb = Buffer.from(testPng(1, 1));
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    expect(checkImage(bomb)).toEqual({ ok: false, problem: "IMAGE_INVALID" });
    // Bytes appended after the image (a polyglot) are not kept.
    const polyglot = Buffer.concat([testJpeg(), Buffer.from("<script>alert(1)</script>")]);
    const cleaned = checkImage(polyglot);
    expect(cleaned.ok && cleaned.data.includes(Buffer.from("<script>"))).toBe(false);
  });

  it("never throws on random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), fc.boolean(), fc.boolean(), (bytes, asPng, asJpeg) => {
        const prefix = asPng ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52] : asJpeg ? [0xff, 0xd8, 0xff] : [];
        const r = checkImage(Uint8Array.from([...prefix, ...bytes]));
        expect(typeof r.ok).toBe("boolean");
      }),
      { numRuns: 300 },
    );
  });

  it("stores a member's feedback with its images, and the operator reads and answers it into the message centre", async () => {
    const m = await player("0");
    const res = await send({ type: "SUGGESTION", content: "Please add more live tables", images: [testPng().toString("base64"), testJpeg().toString("base64")] }, m.token);
    expect(res.status).toBe(201);
    const id = res.body.value.id;
    expect(res.body.value.images).toBe(2);

    const list = await p.call("/operator/v1/merchants/DEMO/feedback?status=OPEN", { operator: true });
    expect(list.body.items.find((f: { id: number }) => f.id === id)).toMatchObject({ account: m.account, type: "SUGGESTION", status: "OPEN" });
    const one = await p.call(`/operator/v1/merchants/DEMO/feedback/${id}`, { operator: true });
    expect(one.body.images).toHaveLength(2);
    const img = await p.app.fetch(new Request(`http://platform.test${one.body.images[0].url.replace("/operator/v1", "/operator/v1")}`, { headers: { authorization: "Bearer test-operator-key-0123456789" } }));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(PNG.sync.read(Buffer.from(await img.arrayBuffer())).width).toBe(8);
    // Not without the operator key.
    expect((await p.call(one.body.images[0].url)).status).toBe(401);
    // Another brand does not see it.
    expect((await p.call(`/operator/v1/merchants/OTHER/feedback/${id}`, { operator: true })).status).toBe(404);

    const answer = await p.call(`/operator/v1/merchants/DEMO/feedback/${id}/answer`, { method: "POST", operator: true, json: { answer: "Thanks, coming soon" } });
    expect(answer.body).toMatchObject({ status: "ANSWERED", changed: true, messaged: true });
    const again = await p.call(`/operator/v1/merchants/DEMO/feedback/${id}/answer`, { method: "POST", operator: true, json: { answer: "Thanks, coming soon" } });
    expect(again.body).toMatchObject({ changed: false });
    expect((await p.call(`/operator/v1/merchants/DEMO/feedback/${id}/answer`, { method: "POST", operator: true, json: { answer: "Other text" } })).status).toBe(409);

    const messages = (await p.call("/wps/member/messageV2", { headers: auth(m.token) })).body.value;
    expect(messages.content.filter((x: { kind: string }) => x.kind === "feedback_answer")).toHaveLength(1);
    expect(messages.content[0]).toMatchObject({ kind: "feedback_answer", params: { answer: "Thanks, coming soon", content: "Please add more live tables" }, read: false });
    expect((await p.call("/wps/relay/CSP_unreadCount", { headers: auth(m.token) })).body.value.count).toBe(1);
  });

  it("refuses bad input beside its field and writes nothing", async () => {
    const m = await player("0");
    const [beforeFiles, beforeRows] = [await files(), await rows()];
    const cases: [unknown, string, string][] = [
      [{ type: "GAME", content: "", images: [] }, "content", "fb_err_content_required"],
      [{ type: "GAME", content: "x".repeat(141), images: [] }, "content", "fb_err_content_length|5|140"],
      [{ type: "NOPE", content: "A fine comment", images: [] }, "type", "fb_err_type"],
      [{ type: "GAME", content: "A fine comment", images: [testPng().toString("base64"), Buffer.from("<html><body>hi</body></html>").toString("base64")] }, "images", "fb_err_image_type|2"],
      [{ type: "GAME", content: "A fine comment", images: [Buffer.alloc(6 * 1024 * 1024, 0xff).toString("base64")] }, "images", "fb_err_image_too_large|1"],
      [{ type: "GAME", content: "A fine comment", images: Array.from({ length: 4 }, () => testPng().toString("base64")) }, "images", "fb_err_images_count|3"],
    ];
    for (const [body, field, key] of cases) {
      const res = await send(body, m.token);
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.fieldErrors?.[field]).toContain(key);
    }
    // 140 characters of a script that uses two UTF-16 units per character is still 140.
    expect((await send({ type: "GAME", content: "😀".repeat(140), images: [] }, m.token)).status).toBe(201);
    expect(await files()).toBe(beforeFiles);
    expect(await rows()).toBe(beforeRows + 1);
    expect((await send("not an object")).status).toBe(400);
    expect((await send({ type: "GAME", content: "A fine comment", images: ["%%%"] })).status).toBe(400);
  });

  it("takes anonymous feedback, which the operator can answer without a message", async () => {
    const res = await send({ type: "OTHER", content: "Anonymous note here", images: [] });
    expect(res.status).toBe(201);
    const answer = await p.call(`/operator/v1/merchants/DEMO/feedback/${res.body.value.id}/answer`, { method: "POST", operator: true, json: { answer: "Noted" } });
    expect(answer.body).toMatchObject({ changed: true, messaged: false, account: null });
  });

  it("takes at most 10 feedbacks an hour from one address, then answers 429 and writes nothing", async () => {
    const from = (ip: string) => ({ "x-site-host": "localhost", "x-client-ip": ip });
    const post = (ip: string) => p.call("/wps/feedback", { method: "PUT", headers: from(ip), json: { type: "OTHER", content: "Un mensaje anónimo", images: [] } });
    for (let i = 0; i < 10; i++) expect((await post("203.0.113.77")).status).toBe(201);
    const before = await rows();
    const refused = await post("203.0.113.77");
    expect(refused.status).toBe(429);
    expect(await rows()).toBe(before);
    expect((await post("203.0.113.78")).status).toBe(201);
  });
});
