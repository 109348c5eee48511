import type { LoaderFunctionArgs } from "@remix-run/node";
import { VENDOR_IMAGE_FILES } from "#platform/games/images.js";
import { gameTileSvg } from "~/lib/game-tiles";
import { labelRoute } from "~/services/observability.server";

/**
 * Placeholder artwork for the demo catalogue: banners, game icons, vendor and bank logos, drawn
 * as SVG from the name. An operator's real images in public/images are served before this.
 * Vendor images follow the platform's paths (platform/games/images.ts):
 * vendors/<gameType>/<vendorCode>/<kind>.svg, one look per kind.
 */
function hue(text: string) {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % 360;
}

function escape(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function label(name: string) {
  return name.replace(/\.svg$/, "").replace(/[_-]+/g, " ").trim();
}

const VENDOR_KINDS = new Set<string>(Object.values(VENDOR_IMAGE_FILES));

/** A vendor image: the code on a tile whose look says the kind (small, active, list white/colour/purple, submenu). */
function vendorSvg(code: string, kind: string) {
  const h = hue(code);
  const letters = code.replace(/[_-]+/g, " ").trim() || "?";
  // Small and submenu icons are drawn at 20-28 px: three big letters read there, a whole code does not.
  const shown = kind.startsWith("list-") ? letters.slice(0, 10) : letters.replace(/ /g, "").slice(0, 3);
  const size = shown.length <= 3 ? 40 : shown.length <= 4 ? 30 : shown.length <= 6 ? 22 : 15;
  const text = (fill: string) =>
    `<text x="50" y="${50 + size * 0.36}" font-family="sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="${fill}">${escape(shown)}</text>`;
  const tile = (fill: string, extra = "") => `<rect x="2" y="2" width="96" height="96" rx="16" fill="${fill}"${extra}/>`;
  const shape: Record<string, string> = {
    small: tile(`hsl(${h} 45% 42%)`) + text("#fff"),
    "small-active": tile(`hsl(${h} 80% 50%)`, ' stroke="#fff" stroke-width="4"') + text("#fff"),
    "list-white": tile("none", ' stroke="#fff" stroke-width="4"') + text("#fff"),
    "list-colour": tile(`hsl(${h} 60% 40%)`) + text("#fff"),
    "list-purple": tile("hsl(275 55% 40%)") + text("#fff"),
    submenu: `<circle cx="50" cy="50" r="48" fill="hsl(${h} 60% 40%)"/>` + text("#fff"),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${shape[kind]}</svg>`;
}

export function loader({ request, params }: LoaderFunctionArgs) {
  labelRoute(request, "routes/images.$");
  const path = params["*"] ?? "";
  // vendors/<gameType>/<vendorCode>/<kind>.svg; an odd code (a "/" or ".." in it once decoded)
  // still gets a tile named after its last part, never a broken image.
  const parts = path.length <= 400 ? path.split("/") : [];
  const vendorKind = /^([a-z-]{1,20})\.svg$/.exec(parts.at(-1) ?? "")?.[1];
  if (parts[0] === "vendors" && parts.length >= 4 && vendorKind && VENDOR_KINDS.has(vendorKind)) {
    return svgResponse(vendorSvg(parts.at(-2)!.slice(0, 80), vendorKind));
  }
  const m = /^(banners|games|vendors|banks)\/([A-Za-z0-9_.-]{1,80})\.svg$/.exec(path);
  if (!m) return new Response("Not found", { status: 404 });
  const [, kind, name] = m as unknown as [string, string, string];
  const h = hue(name);
  const text = escape(label(name));
  let svg: string;
  if (kind === "banners") {
    svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="hsl(${h} 70% 35%)"/><stop offset="1" stop-color="hsl(${(h + 60) % 360} 70% 25%)"/></linearGradient></defs><rect width="1200" height="400" fill="url(#g)"/><circle cx="1000" cy="200" r="150" fill="hsl(${(h + 30) % 360} 80% 55% / .35)"/><circle cx="180" cy="330" r="90" fill="hsl(${(h + 90) % 360} 80% 60% / .25)"/></svg>`;
  } else if (kind === "banks") {
    svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 28"><rect width="72" height="28" rx="6" fill="hsl(${(h * 7) % 360} 45% 45%)"/><text x="36" y="19" font-family="sans-serif" font-size="12" font-weight="700" text-anchor="middle" fill="#fff">BANK ${text}</text></svg>`;
  } else if (kind === "games") {
    svg = gameTileSvg(name);
  } else {
    const words = label(name).split(" ");
    const initials = escape(words.map((w) => w[0]).join("").slice(0, 3).toUpperCase());
    svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="16" fill="hsl(${h} 60% 40%)"/><text x="50" y="62" font-family="sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  }
  return svgResponse(svg);
}

function svgResponse(svg: string) {
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" },
  });
}
