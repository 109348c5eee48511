import { createTestPlatform } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("operator notices and announcements", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });
  afterAll(() => p.cleanup());
  const op = (method: string, path: string, json?: unknown) => p.call(`/operator/v1/merchants/DEMO${path}`, { method, operator: true, json });
  const site = (language: string) =>
    p.call("/wps/system/announcements?types=PL,PU&execution=B", { headers: { "x-site-host": "localhost", "accept-language": language } });

  it("creates, changes and removes a popup that the site shows in the reader's language", async () => {
    const made = await op("POST", "/notices", { type: "PU", title: { es: "Mantenimiento el lunes", en: "Maintenance on Monday" }, content: { es: "De 2 a 3 h.", en: "From 2 to 3 am." } });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect((await site("en")).body.value.popup).toContainEqual(expect.objectContaining({ id, title: "Maintenance on Monday", content: "From 2 to 3 am." }));
    expect((await site("es")).body.value.popup).toContainEqual(expect.objectContaining({ id, title: "Mantenimiento el lunes" }));

    const changed = await op("PUT", `/notices/${id}`, { title: { en: "Maintenance on Tuesday" }, sort: 3 });
    expect(changed.body).toMatchObject({ id, sort: 3, title: { en: "Maintenance on Tuesday" } });
    expect((await site("en")).body.value.popup).toContainEqual(expect.objectContaining({ id, title: "Maintenance on Tuesday" }));
    const listed = await op("GET", "/notices?type=PU");
    expect(listed.body.items.map((n: { id: number }) => n.id)).toContain(id);

    // Ended: gone from the site, still listed for the operator.
    await op("PUT", `/notices/${id}`, { endsAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await site("en")).body.value.popup.map((n: { id: number }) => n.id)).not.toContain(id);

    expect((await op("DELETE", `/notices/${id}`)).body).toEqual({ deleted: true });
    expect((await op("DELETE", `/notices/${id}`)).status).toBe(404);
  });

  it("refuses bad input with a clear 400 and unknown brands and ids with a 404, writing nothing", async () => {
    const before = (await op("GET", "/notices")).body.items.length;
    for (const body of [{ type: "XX", title: { en: "x" } }, { type: "PL", title: {} }, { type: "PL", title: { en: "x" }, endsAt: "tomorrow" }, { type: "PL", title: { en: "x" }, extra: 1 }, { type: "PL", title: { en: "a\u0000b" } }]) {
      const r = await op("POST", "/notices", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe("INVALID_REQUEST");
    }
    expect((await op("GET", "/notices")).body.items.length).toBe(before);
    expect((await p.call("/operator/v1/merchants/NOPE/notices", { operator: true })).status).toBe(404);
    expect((await op("PUT", "/notices/999999", { sort: 1 })).status).toBe(404);
    expect((await op("PUT", "/notices/abc", { sort: 1 })).status).toBe(404);
  });
});
