import type { LoaderFunctionArgs } from "@remix-run/node";
import { labelRoute, metricsText } from "~/services/observability.server";

/** Prometheus text: request counts and latencies by route (web, and the embedded platform). */
export async function loader({ request }: LoaderFunctionArgs) {
  labelRoute(request, "routes/metrics");
  const { body, contentType } = await metricsText();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
