import type { ActionFunctionArgs } from "@remix-run/node";
import { labelRoute, logger } from "~/services/observability.server";

/** Content-Security-Policy violation reports (issue 14): logged, at most 8 KiB each, never echoed. */
export async function action({ request }: ActionFunctionArgs) {
  labelRoute(request, "routes/csp-report");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > 8192) return new Response(null, { status: 413 });
  const text = (await request.text().catch(() => "")).slice(0, 8192);
  let report: unknown = null;
  try {
    report = JSON.parse(text);
  } catch {
    return new Response(null, { status: 400 });
  }
  const body = (report as { "csp-report"?: Record<string, unknown> } | null)?.["csp-report"] ?? report;
  const pick = (k: string) => {
    const v = (body as Record<string, unknown> | null)?.[k];
    // Report URLs can carry query strings with tokens: only their path is logged.
    return typeof v === "string" ? v.split("?")[0]!.slice(0, 300) : undefined;
  };
  logger.warn(
    {
      event: "csp.violation",
      directive: pick("violated-directive") ?? pick("effectiveDirective"),
      blocked: pick("blocked-uri") ?? pick("blockedURL"),
      document: pick("document-uri") ?? pick("documentURL"),
    },
    "content security policy violation",
  );
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405 });
}
