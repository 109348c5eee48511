import { createHash } from "node:crypto";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { safeHref } from "~/lib/links";
import { buildNavigation } from "~/lib/navigation";
import { getGameMenus, getWhitelabel } from "./games.server";
import { forcedChangeRedirect, getUser } from "./auth.server";
import { isBalanceMasked } from "./preferences.server";
import { sharedPerBrand } from "./shell-cache.server";
import { requireOperational, type Permission } from "./system.server";

const qrCache = new Map<string, string>();
const qrPngCache = new Map<string, Uint8Array<ArrayBuffer>>();

/**
 * The address of the brand's app-download QR code (/download-qr.png), named by the download URL so
 * a browser keeps it until that changes. An image, not markup: it is on every page up to three
 * times (header, side menu, home), and inline it was 1.3 KB each in the HTML.
 */
export function downloadQrSrc(downloadUrl: string): string {
  return `/download-qr.png?v=${createHash("sha256").update(downloadUrl).digest("base64url").slice(0, 12)}`;
}

/**
 * A QR code as a PNG of one pixel per module (margin 0), which the page scales up without
 * smoothing (`image-rendering: pixelated`, shell.css.ts). Not an SVG: Chromium opens every SVG
 * picture as a document of its own on the page's main thread (6-8 ms each on a 2-core CI machine,
 * bench/README.md, twenty-first stop), while a PNG is decoded off it. 8-bit grey, no filter:
 * 190 bytes for a 25-module code, against 443 for the SVG.
 */
export function qrPng(url: string): Uint8Array<ArrayBuffer> {
  let png = qrPngCache.get(url);
  if (!png) {
    const { size, data } = QRCode.create(url, { errorCorrectionLevel: "M" }).modules;
    const rgba = Buffer.alloc(size * size * 4, 255);
    for (let i = 0; i < size * size; i++) if (data[i]) rgba.fill(0, i * 4, i * 4 + 3);
    png = new Uint8Array(PNG.sync.write(Object.assign(new PNG({ width: size, height: size }), { data: rgba }), { colorType: 0, filterType: 0, deflateLevel: 9 }));
    if (qrPngCache.size > 100) qrPngCache.clear();
    qrPngCache.set(url, png);
  }
  return png;
}

/** The brand's app-download URL, absolute. */
export function downloadUrlOf(info: { appDownloadUrl: string }, request: Request): string {
  return new URL(info.appDownloadUrl, request.url).toString();
}

/**
 * The footer bars' seed: a scramble of the minute. Each address turns its minute at its own second
 * (an offset from a hash of its path and query): were every kept page's minute to turn at :00,
 * every page would be rendered again in the same instant, and requests queued behind those renders
 * for 200-400 ms (`bench/run.mjs`, the /rng row's maximum, issue 15).
 */
export function footerSeed(url: string, now: number): number {
  const { pathname, search } = new URL(url);
  let h = 0;
  for (const c of pathname + search) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const minute = Math.floor((now + (h % 60) * 1000) / 60_000);
  return Number((BigInt(minute) * 2654435761n) % 1000n);
}

/** A QR code as SVG (spec §9: size 100, margin 0), made on the server. */
export async function qrSvg(url: string): Promise<string> {
  let svg = qrCache.get(url);
  if (!svg) {
    svg = await QRCode.toString(url, { type: "svg", margin: 0, width: 100, errorCorrectionLevel: "M" });
    if (qrCache.size > 100) qrCache.clear();
    qrCache.set(url, svg);
  }
  return svg;
}

/** Logged-in member as the header shows it; accounts fill it in. */
export interface ShellUser {
  account: string;
  nickname: string;
  isAgent: boolean;
  isTrial: boolean;
  /** Decimal string; null until the wallet answers. */
  balance: string | null;
  currency: string;
  balanceMasked: boolean;
  /** The password must be changed before anything else (spec §4). */
  passwordExpired: boolean;
  /** Unread messages (spec §7 CSP_unreadCount); 0 for trial accounts, which do not load them. */
  unreadCount: number;
  /** Missions complete and not claimed, and rewards to claim: the member-centre badges (spec §2). */
  missionCount: number;
  rewardCount: number;
  /** Invite-friends (/member/referral) is offered: the referral promotion runs (spec §6), to players. */
  referralEnabled: boolean;
}

/** The navigation and vendor list of a brand in a language: the same for every visitor (shell-cache.server.ts). */
async function brandNavigation(request: Request, locale: string, info: Permission["info"]) {
  const [menus, whitelabel] = await Promise.all([getGameMenus(request, locale), getWhitelabel(request, locale)]);
  // Every page carries the navigation in its loader data: no image URLs (lib/vendors.ts makes
  // them from the code and game type where they are drawn).
  const shellMenus = menus.map((m) => ({ ...m, vendors: m.vendors.map((v) => ({ displayName: v.displayName, vassalage: v.vassalage, gameType: v.gameType, maintenance: v.maintenance })) }));
  const providers = menus.flatMap((m) => m.vendors.map((v) => ({ vassalage: v.vassalage, displayName: v.displayName, gameType: v.gameType })));
  return {
    navigation: buildNavigation(
      shellMenus,
      whitelabel.vendorGroups,
      info.resources.filter((r) => safeHref(r.url)),
    ),
    providers,
  };
}

/**
 * Everything the header, side menu and footer need. The status gate is read first and wins:
 * maintenance or region restriction is thrown even when another read failed. The brand's
 * navigation comes from the shell cache; the member's own reads run beside it.
 */
export async function loadShell(request: Request, locale: string) {
  const [permission, user, masked] = await Promise.allSettled([requireOperational(request, locale), getUser(request), isBalanceMasked(request)]);
  if (permission.status === "rejected") throw permission.reason;
  const { info } = permission.value;
  const { navigation, providers } = await sharedPerBrand(info, locale, "navigation", () => brandNavigation(request, locale, info));
  if (user.status === "rejected") throw user.reason;
  forcedChangeRedirect(request, user.value);
  const logoLink = info.resources.find((r) => r.resourceType === "LOGOLINK");
  const downloadUrl = downloadUrlOf(info, request);
  return {
    site: {
      name: info.merchantName,
      merchantCode: info.merchantCode,
      currency: info.currency,
      isSingle: info.isSingle,
      timeZone: info.timeZone,
      modules: info.register,
      customerService: info.customerService.flatMap((c) => {
        const url = safeHref(c.url);
        return url ? [{ ...c, url }] : [];
      }),
      logoLink: logoLink && safeHref(logoLink.url) ? { ...logoLink, url: safeHref(logoLink.url)! } : null,
    },
    navigation,
    providers,
    download: { url: downloadUrl, qr: downloadQrSrc(downloadUrl) },
    /** Render-time values the browser must repeat exactly: the year and the footer bars' seed. */
    year: new Date().getUTCFullYear(),
    // Spec §9: bars of a random 180-194 s. Drawn afresh each minute, not per request, so visitors
    // within a minute share one rendered page (render-cache.server.ts).
    footerSeed: footerSeed(request.url, Date.now()),
    user: user.value ? { ...user.value, balanceMasked: masked.status === "fulfilled" && masked.value } : null,
    /** The operator's hosts the page's Content-Security-Policy allows (issue 14). */
    csp: { img: info.imageCDNs, frame: [...info.launchGameCDNs, ...info.customerService.map((c) => c.url)] },
  };
}
