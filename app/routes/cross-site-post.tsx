import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { safeRedirect } from "~/lib/safe-redirect";
import type { ExpiredFormData } from "~/services/forms.server";
import { logger, getRequestId } from "~/services/observability.server";

/**
 * Where the server sends a form post from another site (issue 14): 403, the page-expired form
 * (nothing of the foreign post is offered again), one warning line and no stack in the log.
 */
function refuse(request: Request): never {
  const to = safeRedirect(new URL(request.url).searchParams.get("to"), "/");
  logger.warn({ requestId: getRequestId(request), event: "csrf.cross_site", path: to }, "cross-site post refused");
  throw json<ExpiredFormData>({ kind: "expired", action: to, fields: [] }, { status: 403 });
}

export const loader = ({ request }: LoaderFunctionArgs) => refuse(request);
export const action = ({ request }: ActionFunctionArgs) => refuse(request);

export default function CrossSitePost() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
