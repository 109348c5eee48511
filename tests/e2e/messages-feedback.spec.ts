import { randomBytes } from "node:crypto";
import fc from "fast-check";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import type { Page } from "@playwright/test";
import { expect, loginNewMember, test } from "./fixtures";

// The message centre and feedback, in the default language (ES): money decisions arrive as
// messages with the unread badge, feedback with images is answered into the message centre, and
// bad uploads are refused beside the field with the input kept.

function png(width = 12, height = 9): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 31) % 256;
  return PNG.sync.write(image);
}
function jpg(width = 12, height = 9): Buffer {
  return Buffer.from(jpeg.encode({ data: Buffer.alloc(width * height * 4, 90), width, height }, 90).data);
}

async function bankDeposit(page: Page, amount: string): Promise<string> {
  await page.goto("/member/depositv2");
  const form = page.getByTestId("deposit-form");
  await form.getByLabel(/Bank transfer/).check();
  await form.getByLabel("Importe", { exact: true }).fill(amount);
  await form.getByRole("button", { name: "Depositar ahora" }).click();
  await expect(page).toHaveURL(/\/member\/depositv2\?deposit=D\w+$/);
  return (await page.getByTestId("deposit-reference").textContent())!.trim();
}

const headerBadge = (page: Page) => page.getByTestId("message-entry").getByTestId("unread-badge");

test("a confirmed deposit arrives in the message centre with the unread badge, which counts down", async ({ page, operator }, info) => {
  await loginNewMember(page, operator, { prefix: "mc", net: "198.33" });
  const credited = await bankDeposit(page, "20.00");
  const failed = await bankDeposit(page, "11.00");
  await expect(page.getByTestId("message-entry")).toBeVisible();
  await expect(headerBadge(page)).toHaveCount(0);

  // A new member's first deposit also pays the demo seed's newbie bonus, told in its own message.
  await operator.decide("deposits", credited, "confirm");
  if (info.project.name === "js") {
    // Scripts on: the badge follows the server without a reload (server-sent events).
    await expect(headerBadge(page)).toContainText("2", { timeout: 20_000 });
  }
  await operator.decide("deposits", failed, "reject");
  // Any page shows the badge (not home: its notice popup would cover the header).
  await page.goto("/lobby");
  await expect(headerBadge(page)).toContainText("3");

  await page.getByTestId("message-entry").click();
  await expect(page).toHaveURL(/\/member\/messageV2$/);
  const items = page.getByTestId("message-item");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Depósito fallido");
  await expect(items.filter({ hasText: "Bono pagado" })).toHaveCount(1);
  await expect(page.getByTestId("member-nav-unread")).toContainText("3");

  const creditedItem = items.filter({ hasText: "Depósito acreditado" });
  await creditedItem.getByRole("link").click();
  const opened = page.getByTestId("message-opened");
  await expect(opened).toContainText("Depósito acreditado");
  await expect(opened.getByTestId("message-body")).toContainText(`Tu depósito ${credited} de 20,00 USD`);
  await expect(headerBadge(page)).toContainText("2");
  await expect(creditedItem).toHaveAttribute("data-read", "true");

  await page.getByTestId("message-read-all").click();
  await expect(page.getByTestId("message-flash")).toContainText("Todos los mensajes marcados como leídos.");
  await expect(headerBadge(page)).toHaveCount(0);
  await expect(items.nth(0)).toHaveAttribute("data-read", "true");

  await items.nth(0).getByRole("button", { name: /Eliminar/ }).click();
  await expect(page.getByTestId("message-flash")).toContainText("Mensaje eliminado.");
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: "Depósito fallido" })).toHaveCount(0);
});

async function openFeedback(page: Page) {
  await page.goto("/member/securityCenter");
  await page.getByTestId("member-feedback").click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByTestId("feedback-popup")).toBeVisible();
}

test("feedback with two images is answered by the operator into the message centre", async ({ page, operator }) => {
  const account = await loginNewMember(page, operator, { prefix: "fb", net: "198.34" });
  await openFeedback(page);
  const form = page.getByTestId("feedback-form");
  await form.getByLabel("Tipo").selectOption("GAME");
  await form.getByLabel("Tu opinión").fill("Las mesas de bacará van lentas por la noche");
  await form.getByTestId("feedback-images").setInputFiles([
    { name: "one.png", mimeType: "image/png", buffer: png() },
    { name: "two.jpg", mimeType: "image/jpeg", buffer: jpg() },
  ]);
  await form.getByRole("button", { name: "Enviar opinión" }).click();
  await expect(page.getByTestId("feedback-sent")).toContainText("Gracias");

  const list = await operator.call("GET", "/merchants/DEMO/feedback?status=OPEN");
  const mine = list.body.items.find((f: { account: string }) => f.account === account);
  expect(mine).toMatchObject({ type: "GAME", content: "Las mesas de bacará van lentas por la noche" });
  const detail = await operator.call("GET", `/merchants/DEMO/feedback/${mine.id}`);
  expect(detail.body.images.map((i: { mime: string }) => i.mime)).toEqual(["image/png", "image/jpeg"]);
  const answer = await operator.call("POST", `/merchants/DEMO/feedback/${mine.id}/answer`, { answer: "Gracias, lo revisamos esta semana." });
  expect(answer.body).toMatchObject({ status: "ANSWERED", messaged: true });

  await page.goto("/");
  await expect(headerBadge(page)).toContainText("1");
  await page.goto("/member/messageV2");
  const item = page.getByTestId("message-item").first();
  await expect(item).toContainText("Respuesta a tu opinión");
  await item.getByRole("link").click();
  await expect(page.getByTestId("message-body")).toContainText("Gracias, lo revisamos esta semana.");
  await expect(page.getByTestId("message-body")).toContainText("Las mesas de bacará van lentas por la noche");
  await expect(headerBadge(page)).toHaveCount(0);
});

test("a fake png, a 4th image or too long a text are refused beside the field with the input kept", async ({ page, operator }) => {
  const account = await loginNewMember(page, operator, { prefix: "fk", net: "198.35" });
  await openFeedback(page);
  const form = page.getByTestId("feedback-form");
  const text = "Una opinión que se queda tras el error";
  await form.getByLabel("Tipo").selectOption("COMPLAINT");
  await form.getByLabel("Tu opinión").fill(text);
  await form.getByTestId("feedback-images").setInputFiles([
    { name: "fine.png", mimeType: "image/png", buffer: png() },
    { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<html><body><script>alert(1)</script></body></html>") },
  ]);
  await form.getByRole("button", { name: "Enviar opinión" }).click();
  await expect(page.getByTestId("feedback-images-error")).toContainText("La imagen 2 no es PNG ni JPG.");
  await expect(form.getByLabel("Tu opinión")).toHaveValue(text);
  await expect(form.getByLabel("Tipo")).toHaveValue("COMPLAINT");

  await form.getByTestId("feedback-images").setInputFiles(Array.from({ length: 4 }, (_, i) => ({ name: `p${i}.png`, mimeType: "image/png", buffer: png() })));
  await form.getByRole("button", { name: "Enviar opinión" }).click();
  await expect(page.getByTestId("feedback-images-error")).toContainText("Puedes enviar como máximo 3 imágenes.");
  await expect(form.getByLabel("Tu opinión")).toHaveValue(text);

  await form.getByTestId("feedback-images").setInputFiles([]);
  await form.getByLabel("Tu opinión").fill("x".repeat(141));
  await form.getByRole("button", { name: "Enviar opinión" }).click();
  await expect(page.locator("#feedback-content-error")).toContainText("entre 5 y 140 caracteres");
  await expect(form.getByLabel("Tu opinión")).toHaveValue("x".repeat(141));

  const list = await operator.call("GET", "/merchants/DEMO/feedback");
  expect(list.body.items.filter((f: { account: string }) => f.account === account)).toHaveLength(0);
});

test("random uploads against the feedback form never give a 500", async ({ request, baseURL }, info) => {
  // It posts straight to the server (no page, no scripts), so the js and no-js projects would run
  // the very same requests: one run is enough.
  test.skip(info.project.name === "no-js", "a server fuzz: one project is enough");
  const headers = { "x-forwarded-for": `198.36.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}` };
  const page = await request.get(`${baseURL}/feedback`, { headers });
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(csrf).toBeTruthy();
  const file = fc.record({
    name: fc.oneof(fc.string({ maxLength: 20 }), fc.constant("a".repeat(5000) + ".png"), fc.constant("../../etc/passwd"), fc.constant("x.html")),
    mimeType: fc.constantFrom("image/png", "image/jpeg", "text/html", "application/octet-stream", "image/svg+xml"),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 4096 }),
      fc.uint8Array({ maxLength: 512 }).map((b) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
      fc.uint8Array({ maxLength: 512 }).map((b) => Uint8Array.from([0xff, 0xd8, 0xff, ...b])),
      fc.constant(new Uint8Array(png())),
    ),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(file, { maxLength: 5 }), fc.string({ maxLength: 300 }), fc.constantFrom("GAME", "OTHER", "", "<script>"), async (files, content, type) => {
      const form = new FormData();
      form.append("csrf", csrf!);
      form.append("type", type);
      form.append("content", content);
      for (const f of files) form.append("images", new Blob([f.bytes], { type: f.mimeType }), f.name);
      const res = await request.post(`${baseURL}/feedback`, { headers, multipart: form, maxRedirects: 0 });
      expect(res.status(), (await res.text()).slice(0, 300)).toBeLessThan(500);
    }),
    { numRuns: 25 },
  );
  // Not multipart at all, and a body past the limit: refused, not a 500.
  const plain = await request.post(`${baseURL}/feedback`, { headers, form: { csrf: csrf!, type: "GAME", content: "hello there" }, maxRedirects: 0 });
  expect(plain.status()).toBeLessThan(500);
  const big = new FormData();
  big.append("csrf", csrf!);
  big.append("type", "GAME");
  big.append("content", "A big upload");
  big.append("images", new Blob([new Uint8Array(6 * 1024 * 1024)], { type: "image/jpeg" }), "big.jpg");
  const tooBig = await request.post(`${baseURL}/feedback`, { headers, multipart: big, maxRedirects: 0 });
  expect(tooBig.status()).toBe(400);
  expect(await tooBig.text()).toContain("La imagen 1 supera los 5 MB.");
});
