import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/services/env.server";

/** An answer that takes `ms` (at most 5 s), for the graceful-shutdown test. Off unless ENABLE_TEST_ROUTES=1. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!env.ENABLE_TEST_ROUTES) throw new Response(null, { status: 404 });
  const ms = Math.min(5000, Math.max(0, Number(new URL(request.url).searchParams.get("ms")) || 0));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return new Response(JSON.stringify({ waited: ms }), { headers: { "content-type": "application/json" } });
}
