import type { LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { GameCentrePage } from "~/components/game-pages";
import { loadGameCentre } from "~/services/game-pages.server";

/** Game centre LOTT (the category map's /lott): header and footer, no side menu. */
export const handle = { layout: "centre" };

export function loader({ request }: LoaderFunctionArgs) {
  return loadGameCentre(request, "LOTT");
}

export default GameCentrePage;
export const ErrorBoundary = RouteErrorBoundary;
