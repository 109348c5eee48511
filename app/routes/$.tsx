import { RouteErrorBoundary } from "~/components/error-boundary";

/** Any URL no other route claims: the 404 page inside the site shell. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
