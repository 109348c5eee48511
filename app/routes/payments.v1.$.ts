import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { labelRoute } from "~/services/observability.server";
import { forwardToPlatform } from "~/services/platform.server";

/**
 * /payments/v1/callback/*: payment providers call back here (signed); served by the platform.
 * Nothing else under /payments/v1 is public: the sandbox gateway is reached by its own page.
 */
function forward(request: Request) {
  labelRoute(request, "routes/payments.v1.$");
  if (!new URL(request.url).pathname.startsWith("/payments/v1/callback/")) {
    return new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "No such path" } }), { status: 404, headers: { "content-type": "application/json" } });
  }
  return forwardToPlatform(request);
}

export function loader({ request }: LoaderFunctionArgs) {
  return forward(request);
}

export function action({ request }: ActionFunctionArgs) {
  return forward(request);
}
