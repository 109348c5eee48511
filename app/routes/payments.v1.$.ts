import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { labelRoute } from "~/services/observability.server";
import { forwardToPlatform } from "~/services/platform.server";

/** /payments/v1/*: payment providers call back here (signed); served by the platform. */
export function loader({ request }: LoaderFunctionArgs) {
  labelRoute(request, "routes/payments.v1.$");
  return forwardToPlatform(request);
}

export function action({ request }: ActionFunctionArgs) {
  labelRoute(request, "routes/payments.v1.$");
  return forwardToPlatform(request);
}
