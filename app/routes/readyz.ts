import type { LoaderFunctionArgs } from "@remix-run/node";
import { labelRoute, logger } from "~/services/observability.server";
import { platformFetch } from "~/services/platform.server";

/** Readiness: the platform answers and its database is reachable. */
export async function loader({ request }: LoaderFunctionArgs) {
  labelRoute(request, "routes/readyz");
  let status = 503;
  let body: unknown = { status: "unavailable" };
  try {
    const res = await platformFetch("/readyz");
    status = res.ok ? 200 : 503;
    body = await res.json();
  } catch (err) {
    logger.warn({ err }, "readiness check failed");
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}
