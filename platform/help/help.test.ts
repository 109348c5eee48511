import { createTestPlatform } from "../testing/db.js";

type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;

describe("help centre", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  }, 180_000);
  afterAll(() => p.cleanup());
  const host = { "x-site-host": "localhost" };

  it("serves the operator's sections per language, falling back to the brand's default", async () => {
    expect((await p.call("/wps/system/helpCenter?lang=en", { headers: host })).body.value).toEqual([]);
    const put = await p.call("/operator/v1/merchants/DEMO/help/deposit", {
      method: "PUT",
      operator: true,
      json: { title: { es: "Depósitos", en: "Deposits" }, content: { es: "Cómo depositar", en: "How to deposit" }, sort: 2 },
    });
    expect(put.status).toBe(200);
    await p.call("/operator/v1/merchants/DEMO/help/faq", { method: "PUT", operator: true, json: { title: { es: "Preguntas" }, content: { es: "Respuestas" }, sort: 1 } });
    const en = (await p.call("/wps/system/helpCenter?lang=en&device=WEB", { headers: host })).body.value;
    expect(en).toEqual([
      { tag: "faq", title: "Preguntas", content: "Respuestas" },
      { tag: "deposit", title: "Deposits", content: "How to deposit" },
    ]);
    expect((await p.call("/operator/v1/merchants/DEMO/help", { operator: true })).body.items).toHaveLength(2);
    expect((await p.call("/operator/v1/merchants/DEMO/help/Bad Tag", { method: "PUT", operator: true, json: { title: { es: "x" } } })).status).toBe(400);
    expect((await p.call("/operator/v1/merchants/DEMO/help/faq", { method: "PUT", operator: true, json: { title: "x" } })).status).toBe(400);
    expect((await p.call("/operator/v1/merchants/NOPE/help/faq", { method: "PUT", operator: true, json: { title: { es: "x" } } })).status).toBe(404);
    expect((await p.call("/operator/v1/merchants/DEMO/help/faq", { method: "DELETE", operator: true })).status).toBe(200);
    expect((await p.call("/operator/v1/merchants/DEMO/help/faq", { method: "DELETE", operator: true })).status).toBe(404);
    expect((await p.call("/wps/system/helpCenter?lang=es", { headers: host })).body.value).toHaveLength(1);
    expect((await p.call("/wps/system/helpCenter", { headers: host })).status).toBe(200);
  });
});
