import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { downloadQrSrc, footerSeed, qrPng, qrSvg } from "./shell.server";

describe("footer seed", () => {
  it("stays a minute, and turns at a different second for different addresses", () => {
    const t0 = Date.UTC(2026, 10, 28, 12, 0, 0);
    const turns = (url: string) => {
      const seconds: number[] = [];
      for (let s = 1; s <= 120; s++) if (footerSeed(url, t0 + s * 1000) !== footerSeed(url, t0 + (s - 1) * 1000)) seconds.push(s % 60);
      return seconds;
    };
    const urls = ["/", "/rng", "/rng?gameName=golden&page=2", "/promotions", "/live", "/fish"].map((p) => `http://x${p}`);
    const at = urls.map(turns);
    // Once a minute each, at the same second of every minute…
    for (const seconds of at) expect(seconds).toEqual([seconds[0], seconds[0]]);
    // …and not all at the same second; the host is not part of it.
    expect(new Set(at.map((s) => s[0])).size).toBeGreaterThan(3);
    expect(footerSeed("http://a.example/rng", t0)).toBe(footerSeed("http://b.example/rng", t0));
  });
});

describe("the app-download QR code", () => {
  it("is a PNG of one grey pixel per module: dark exactly where the code is", async () => {
    for (const url of ["https://brand.example/down", `https://brand.example/download?ref=${"x".repeat(120)}`]) {
      const png = qrPng(url);
      expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      // IHDR: bit depth 8, colour type 0 (grey), so no alpha or colour channels are sent.
      expect([png[24], png[25]]).toEqual([8, 0]);
      const { size, data } = QRCode.create(url, { errorCorrectionLevel: "M" }).modules;
      const image = PNG.sync.read(Buffer.from(png));
      expect([image.width, image.height]).toEqual([size, size]);
      const drawn = Array.from({ length: size * size }, (_, i) => (image.data[i * 4] === 0 ? 1 : image.data[i * 4] === 255 ? 0 : -1));
      expect(drawn).toEqual(Array.from(data, (d) => (d ? 1 : 0)));
      // Smaller than the same code as SVG, which was sent before.
      expect(png.length).toBeLessThan(Buffer.byteLength(await qrSvg(url)));
    }
  });

  it("is made once per URL, and its address changes with the URL", () => {
    expect(qrPng("https://brand.example/down")).toBe(qrPng("https://brand.example/down"));
    expect(downloadQrSrc("https://brand.example/down")).toMatch(/^\/download-qr\.png\?v=[\w-]{12}$/);
    expect(downloadQrSrc("https://brand.example/down")).not.toBe(downloadQrSrc("https://brand.example/app"));
  });
});
