import { lazy, Suspense } from "react";

/**
 * The one error boundary every route uses (the pages themselves are in error-pages.tsx). They
 * load when an error is shown, not with every page (ADR 030): the server renders an error page
 * whole, and hydration keeps its markup until they arrive.
 */
const Boundary = lazy(() => import("./error-pages").then((m) => ({ default: m.GeneralErrorBoundary })));

export function GeneralErrorBoundary(props: { withShell?: boolean }) {
  return (
    <Suspense fallback={null}>
      <Boundary {...props} />
    </Suspense>
  );
}

export function RouteErrorBoundary() {
  return <GeneralErrorBoundary />;
}
