import { eq } from "drizzle-orm";
import { createTestPlatform, playersOf } from "../testing/db.js";
import { members } from "../accounts/schema.js";
import { withLedgerTx } from "../ledger/service.js";
import { postMessage } from "./service.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("message centre", () => {
  let p: TestPlatform;
  const { auth, player, host } = playersOf(() => p.call, { prefix: "msg", ip: "198.51.100.31" });
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());

  const memberId = async (account: string) => (await p.handle.db.select({ id: members.id }).from(members).where(eq(members.account, account)))[0]!.id;
  const unread = async (token: string) => (await p.call("/wps/relay/CSP_unreadCount", { headers: auth(token) })).body.value.count as number;
  const page = async (token: string, query = "", language = "en") =>
    (await p.call(`/wps/member/messageV2${query}`, { headers: { ...auth(token), "accept-language": language } })).body.value;

  it("posts once per dedupe key, also when retried inside transactions and concurrently", async () => {
    const m = await player("0");
    const id = await memberId(m.account);
    const post = () => postMessage(p.handle.db, { memberId: id, kind: "new_mail", params: { title: { en: "Hello", es: "Hola" } }, dedupeKey: "welcome" });
    const results = await Promise.all(Array.from({ length: 8 }, () => withLedgerTx(p.handle.db, (tx) => postMessage(tx, { memberId: id, kind: "new_mail", params: { title: { en: "Hello", es: "Hola" } }, dedupeKey: "welcome" }))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((await post()).created).toBe(false);
    expect(await unread(m.token)).toBe(1);
    // A message posted in a transaction that rolls back does not exist.
    await expect(
      withLedgerTx(p.handle.db, async (tx) => {
        await postMessage(tx, { memberId: id, kind: "new_mail", dedupeKey: "rolled-back" });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await unread(m.token)).toBe(1);
    // The text is chosen at read time, in the reader's language.
    expect((await page(m.token, "", "es")).content[0]).toMatchObject({ kind: "new_mail", params: { title: "Hola" }, read: false });
    expect((await page(m.token, "", "en")).content[0].params.title).toBe("Hello");
  });

  it("pages, opens, marks all read and deletes, for the owner only", async () => {
    const a = await player("0");
    const b = await player("0");
    const ida = await memberId(a.account);
    for (let i = 0; i < 12; i++) await postMessage(p.handle.db, { memberId: ida, kind: "deposit_credited", params: { amount: `${i}.00`, currency: "CNY", reference: `R${i}` }, dedupeKey: `d${i}` });
    expect(await unread(a.token)).toBe(12);
    expect(await unread(b.token)).toBe(0);
    const first = await page(a.token, "?pageNo=1&pageSize=10");
    expect(first).toMatchObject({ pageNum: 1, totalPages: 2, totalCount: 12, unread: 12 });
    expect(first.content[0].params).toMatchObject({ amount: "11.00", reference: "R11" });
    expect((await page(a.token, "?pageNo=2&pageSize=10")).content).toHaveLength(2);
    expect((await page(a.token, "?currency=USD")).totalCount).toBe(0);

    const id = first.content[0].id;
    // Another member can neither open nor delete it.
    expect((await p.call(`/wps/member/messageV2/${id}`, { headers: auth(b.token) })).status).toBe(404);
    expect((await p.call(`/wps/member/messageV2/${id}`, { method: "DELETE", headers: auth(b.token) })).status).toBe(404);
    expect(await unread(a.token)).toBe(12);

    const opened = await p.call(`/wps/member/messageV2/${id}`, { headers: auth(a.token) });
    expect(opened.body.value).toMatchObject({ id, read: true });
    expect(await unread(a.token)).toBe(11);
    expect((await p.call(`/wps/member/messageV2/${id}`, { method: "DELETE", headers: auth(a.token) })).status).toBe(200);
    expect((await page(a.token)).totalCount).toBe(11);
    expect((await p.call(`/wps/member/messageV2/${id}`, { headers: auth(a.token) })).status).toBe(404);

    expect((await p.call("/wps/member/messageV2/read-all", { method: "POST", headers: auth(a.token) })).status).toBe(200);
    expect(await unread(a.token)).toBe(0);
    expect((await p.call("/wps/member/messageV2", { headers: host })).status).toBe(401);
  });

  it("tells the member when a deposit is credited or rejected and a withdrawal decided, once each", async () => {
    const m = await player("50.00");
    const channels = (await p.call("/wps/payment/channels?direction=DEPOSIT", { headers: auth(m.token) })).body.value;
    const bank = channels.find((c: { code: string }) => c.code === "BANK");
    const deposit = async (requestKey: string) =>
      (await p.call("/wps/payment/deposits", { method: "POST", headers: auth(m.token), json: { channelId: bank.id, amount: "20.00", requestKey } })).body.value.reference as string;
    const ok = await deposit("msg-deposit-credit-1");
    const bad = await deposit("msg-deposit-reject-1");
    for (let i = 0; i < 2; i++) {
      await p.call(`/operator/v1/merchants/DEMO/deposits/${ok}/confirm`, { method: "POST", operator: true });
      await p.call(`/operator/v1/merchants/DEMO/deposits/${bad}/reject`, { method: "POST", operator: true });
    }
    const kinds = (await page(m.token)).content.map((x: { kind: string; reference: string }) => `${x.kind}:${x.reference}`);
    // The first credited deposit also pays the demo brand's newbie bonus, which posts its own message.
    expect(kinds.filter((k: string) => k.startsWith("deposit_"))).toEqual([`deposit_failed:${bad}`, `deposit_credited:${ok}`]);
    expect(kinds.filter((k: string) => k.startsWith("bonus_paid:"))).toHaveLength(1);
    expect(await unread(m.token)).toBe(3);
  });
});
