import { env } from "~/services/env.server";
import { RouteErrorBoundary } from "~/components/error-boundary";

/** A page that fails on purpose, for the end-to-end test of the 500 page. Off unless ENABLE_TEST_ROUTES=1. */
export function loader() {
  if (!env.ENABLE_TEST_ROUTES) throw new Response(null, { status: 404 });
  throw new Error("Deliberate failure for the error-page test (secret-stack-marker)");
}

export default function Throw() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
