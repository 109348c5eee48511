import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { labelRoute } from "~/services/observability.server";
import { forwardToPlatform } from "~/services/platform.server";

/** /operator/v1/*: served by the platform, reached through the web on every deployment. */
export function loader({ request }: LoaderFunctionArgs) {
  labelRoute(request, "routes/operator.v1.$");
  return forwardToPlatform(request);
}

export function action({ request }: ActionFunctionArgs) {
  labelRoute(request, "routes/operator.v1.$");
  return forwardToPlatform(request);
}
