import { PassThrough } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * patches/react-dom+18.3.1.patch (ADR 027): React 18's streaming renderer, when a string's UTF-8
 * does not fit the rest of its 2,048-byte buffer, sent the whole buffer, unwritten zero bytes
 * included, so a page in Arabic, Thai or Vietnamese could hold a NUL in the middle of a word
 * (seen in an Arabic game list: title="أ\0ضف ..."). This renders multi-byte text at every offset
 * around the buffer's end and fails if any NUL or broken character comes out.
 */
function render(element: ReturnType<typeof createElement>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on("data", (c: Buffer) => chunks.push(c));
        body.on("end", () => resolve(Buffer.concat(chunks)));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

describe("the react-dom streaming patch (ADR 027)", () => {
  it("never sends the unwritten end of its buffer: no NUL, every character whole", async () => {
    const words = ["أضف إلى المفضلة", "เพิ่มในรายการโปรด", "Thêm vào yêu thích", "€ — ربح"];
    for (let pad = 0; pad < 12; pad++) {
      // Many short strings (each well under a third of the buffer), so each is copied into the
      // buffer and one of them meets its end, at a different offset for each pad.
      const items = Array.from({ length: 400 }, (_, i) => createElement("span", { key: i, title: words[i % words.length] }, words[(i + 1) % words.length]));
      const html = await render(createElement("div", null, "x".repeat(pad), ...items));
      expect(html.includes(0), `pad ${pad}`).toBe(false);
      const text = html.toString("utf8");
      expect(text.includes("\uFFFD"), `pad ${pad}`).toBe(false);
      expect(text.split("أضف إلى المفضلة").length - 1).toBe(200);
    }
  });
});
