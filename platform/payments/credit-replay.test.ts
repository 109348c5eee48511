/**
 * Issue 14: two operator credits with the same reference sent at once move money once, and the
 * answer that did not move it says `replayed: true`. On PostgreSQL (DATABASE_URL or
 * TEST_DATABASE_URL) the two requests really overlap; on PGlite they interleave.
 */
import { createTestPlatform } from "../testing/db.js";

describe("concurrent operator credits with one reference", () => {
  let p: Awaited<ReturnType<typeof createTestPlatform>>;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const member = async (account: string) => {
    const r = await p.call("/operator/v1/merchants/DEMO/members", { method: "POST", operator: true, json: { account, password: "secret123" } });
    expect(r.status).toBe(201);
  };
  const credit = (account: string, body: Record<string, string>) =>
    p.call(`/operator/v1/merchants/DEMO/members/${account}/credits`, { method: "POST", operator: true, json: body });

  it.each([2, 5])("answers replayed: true for every one of %i twins but the one that moved money", async (twins) => {
    const account = `twin${twins}${Date.now().toString(36).slice(-5)}`;
    await member(account);
    for (let round = 0; round < 5; round++) {
      const reference = `twin-${account}-${round}`;
      const answers = await Promise.all(Array.from({ length: twins }, () => credit(account, { kind: "bonus", amount: "10.00", reference })));
      for (const a of answers) expect(a.status).toBe(201);
      const ids = new Set(answers.map((a) => a.body.transferId));
      expect(ids.size).toBe(1);
      expect(answers.filter((a) => a.body.replayed === false)).toHaveLength(1);
      expect(answers.filter((a) => a.body.replayed === true)).toHaveLength(twins - 1);
    }
    // Five references, each moved once: 50.00, and 1.00 more now.
    const after = await credit(account, { kind: "bonus", amount: "1.00", reference: `after-${account}` });
    expect(after.body).toMatchObject({ replayed: false, balance: "51.00" });
  });

  it("answers a debit adjustment's twin the same way", async () => {
    const account = `twindeb${Date.now().toString(36).slice(-5)}`;
    await member(account);
    await credit(account, { kind: "bonus", amount: "30.00", reference: `fund-${account}` });
    const reference = `debit-${account}`;
    const answers = await Promise.all([1, 2, 3].map(() => credit(account, { kind: "adjustment", direction: "debit", amount: "30.00", reference })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.filter((a) => a.body.replayed === false)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.balance))).toEqual(new Set(["0.00"]));
  });
});
