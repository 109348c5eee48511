import type { LoaderFunctionArgs } from "@remix-run/node";
import { labelRoute } from "~/services/observability.server";

/** Liveness: the process is up and serving. */
export function loader({ request }: LoaderFunctionArgs) {
  labelRoute(request, "routes/healthz");
  return new Response(JSON.stringify({ status: "ok" }), {
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}
