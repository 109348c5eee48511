import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useRequestInfo } from "./request-info";
import { AppShell } from "./shell";
import {
  MaintenancePage,
  NetworkErrorPage,
  NotFoundPage,
  RegionBlockedPage,
  ServerErrorPage,
} from "./status-pages";

type KnownErrorData =
  | { kind: "maintenance"; title: string; info: string; customerServiceUrl: string | null }
  | { kind: "restricted"; ip: string | null; customerServiceUrl: string | null }
  | { kind: "network"; requestId: string };

function knownData(data: unknown): KnownErrorData | null {
  if (data && typeof data === "object" && "kind" in data) return data as KnownErrorData;
  return null;
}

/**
 * The one error boundary every route uses. Full-page states (maintenance, region block) stand
 * alone; everything else renders inside the site shell when `withShell` is set (the root).
 */
export function GeneralErrorBoundary({ withShell = false }: { withShell?: boolean }) {
  const error = useRouteError();
  const { requestId } = useRequestInfo();
  const data = isRouteErrorResponse(error) ? knownData(error.data) : null;

  if (data?.kind === "maintenance") return <MaintenancePage {...data} />;
  if (data?.kind === "restricted") return <RegionBlockedPage {...data} />;

  let page;
  if (data?.kind === "network") page = <NetworkErrorPage />;
  else if (isRouteErrorResponse(error) && error.status === 404) page = <NotFoundPage />;
  else {
    const detail =
      process.env.NODE_ENV === "development" && error instanceof Error ? (error.stack ?? error.message) : undefined;
    page = <ServerErrorPage requestId={requestId} detail={detail} />;
  }
  return withShell ? <AppShell>{page}</AppShell> : page;
}

export function RouteErrorBoundary() {
  return <GeneralErrorBoundary />;
}
