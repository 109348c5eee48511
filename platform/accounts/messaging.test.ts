import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestPlatform } from "../testing/db.js";

const SECRET = "w".repeat(40);

describe("a real message gateway behind the webhook provider", () => {
  let p: Awaited<ReturnType<typeof createTestPlatform>>;
  let server: Server;
  let answer = 200;
  const received: Array<{ body: string; signature: string | undefined }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ body, signature: req.headers["x-signature"] as string | undefined });
        res.statusCode = answer;
        res.end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    p = await createTestPlatform({ env: { MESSAGE_WEBHOOK_URL: url, MESSAGE_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(async () => {
    await p.cleanup();
    await new Promise((r) => server.close(r));
  });

  let n = 0;
  const sendCode = () =>
    p.call("/wps/sms/register", { method: "POST", headers: { "x-site-host": "localhost", "x-client-ip": "198.51.100.5" }, json: { mobileNo: `55500${String(1000 + n++)}`, countryDialingCode: "1" } });

  it("delivers a signed message the gateway can verify", async () => {
    answer = 200;
    const res = await sendCode();
    expect(res.status).toBe(200);
    const last = received.at(-1)!;
    expect(JSON.parse(last.body)).toMatchObject({ channel: "sms", merchantCode: "DEMO", body: expect.stringMatching(/\d{6}/) });
    expect(last.signature).toBe(createHmac("sha256", SECRET).update(last.body).digest("hex"));
  });

  it.each([
    [402, 503, "SMS_QUOTA"],
    [403, 503, "NOT_ENABLED"],
    [429, 429, "TOO_MANY_REQUESTS"],
    [422, 400, "PHONE_FORMAT"],
    [500, 502, "SMS_UNKNOWN"],
  ])("turns gateway status %i into %i %s, and the number can try again at once", async (gateway, status, code) => {
    answer = gateway;
    const mobileNum = `55599${String(1000 + n++)}`;
    const ask = () => p.call("/wps/sms/register", { method: "POST", headers: { "x-site-host": "localhost", "x-client-ip": "198.51.100.6" }, json: { mobileNo: mobileNum, countryDialingCode: "1" } });
    const res = await ask();
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    answer = 200;
    // The refused code was forgotten: no countdown blocks the retry.
    expect((await ask()).status).toBe(200);
  });
});
