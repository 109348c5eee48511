import type { LoaderFunctionArgs } from "@remix-run/node";
import { hydrationStore, TOKEN_HEADER } from "~/services/hydration.server";
import { labelRoute } from "~/services/observability.server";

/**
 * A page's hydration state, kept when the page was rendered (app/services/hydration.server.ts).
 * 404 when this node does not have it, or it is a member page's and the request does not show
 * that page's token: the browser then asks the page's own address.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  labelRoute(request, "routes/hydration.$id");
  const kept = hydrationStore.get(params.id ?? "", request.headers.get(TOKEN_HEADER));
  if (!kept) {
    return new Response("null", { status: 404, headers: { "content-type": "application/json", "cache-control": "no-store" } });
  }
  return new Response(kept.json, {
    headers: {
      "content-type": "application/json",
      "x-content-type-options": "nosniff",
      // A visitor page's state is addressed by its content, the same for every visitor; any other
      // page's is one member's and is not stored anywhere.
      "cache-control": kept.shared ? "private, max-age=600" : "private, no-store",
    },
  });
}
