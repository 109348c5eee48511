import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { demoStudioFetch } from "~/services/demo-vendor.server";
import { getLocale, translationFor } from "~/services/i18n.server";
import { labelRoute } from "~/services/observability.server";

function escape(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * /play: our own stand-in for a third-party vendor's game server, the launch host used when an
 * operator configured none (platform/games/launch.ts DEFAULT_LAUNCH_BASE). It shows what a vendor
 * would receive (vendor, game, real or fun mode) inside the launch page's frame; a real vendor
 * would take the token to the wallet API (/wallet/v1). A bare document: no site header in a frame.
 * The demo studios' games are played by the embedded demo studio (demo-vendor/, ADR 013).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  labelRoute(request, "routes/play");
  const studio = await demoStudioFetch(request);
  if (studio) return studio;
  const url = new URL(request.url);
  const vendor = (url.searchParams.get("vendor") ?? "").slice(0, 40);
  const gameCode = (url.searchParams.get("gameCode") ?? "").slice(0, 100);
  const fun = url.searchParams.get("mode") === "fun";
  const token = url.searchParams.get("token");
  const locale = await getLocale(request);
  const { t } = translationFor(locale);
  const rows = [
    [t("play_vendor"), vendor],
    [t("play_game"), gameCode],
    [t("play_mode"), fun ? t("fun_mode") : token ? t("play_real") : "-"],
  ];
  const html = `<!doctype html><html lang="${escape(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(gameCode)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#10151f;color:#f1f4fa;font:16px/1.5 system-ui,sans-serif}main{padding:24px;text-align:center}h1{font-size:20px;margin:0 0 12px}dl{display:grid;grid-template-columns:auto auto;gap:4px 12px;margin:0 auto 12px;text-align:start}dt{color:#a9b4c8}dd{margin:0;font-weight:700;word-break:break-all}p{color:#a9b4c8;font-size:14px;max-width:32em}</style></head>
<body><main data-testid="vendor-game"><h1>${escape(t("play_demo_title"))}</h1><dl>${rows.map(([k, v]) => `<dt>${escape(k ?? "")}</dt><dd>${escape(v ?? "")}</dd>`).join("")}</dl><p>${escape(t("play_demo_text"))}</p></main></body></html>`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    },
  });
}

/** The demo studio's spin form posts here (a plain form, so it plays with scripts off). */
export async function action({ request }: ActionFunctionArgs) {
  labelRoute(request, "routes/play");
  const studio = await demoStudioFetch(request);
  return studio ?? new Response("Not found", { status: 404 });
}
