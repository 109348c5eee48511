#!/usr/bin/env node
/**
 * The site's bitmap icons, drawn from `public/favicon.svg` by the system Chromium:
 * `public/favicon.ico` (32 × 32, a PNG inside an ICO) for browsers that ask for /favicon.ico
 * whatever the page names (Safari, bookmarks, feed readers), and `public/apple-touch-icon.png`
 * (180 × 180, square: iOS rounds the corners itself) for a phone's home screen. Without them each
 * such request is answered with the whole 404 page. A brand that replaces favicon.svg runs
 * `node scripts/icons.mjs` again.
 */
import { readFile, writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";

const svg = await readFile(new URL("../public/favicon.svg", import.meta.url), "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

/** The SVG drawn at `size` pixels square, as PNG bytes; `square` drops its rounded corners. */
async function png(size, square) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const drawn = square ? svg.replace(/\srx="[^"]*"/, "") : svg;
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${drawn}`);
  const bytes = await page.screenshot({ omitBackground: true, type: "png" });
  await page.close();
  return bytes;
}

/** An ICO file holding one PNG image (every browser since 2007 reads it). */
function ico(pngBytes, size) {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(size, 6); // width
  head.writeUInt8(size, 7); // height
  head.writeUInt8(0, 8); // no palette
  head.writeUInt8(0, 9); // reserved
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(pngBytes.length, 14); // image size
  head.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([head, pngBytes]);
}

try {
  await writeFile(new URL("../public/favicon.ico", import.meta.url), ico(await png(32, false), 32));
  await writeFile(new URL("../public/apple-touch-icon.png", import.meta.url), await png(180, true));
} finally {
  await browser.close();
}
