import type { LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ListCentrePage } from "~/components/game-pages";
import { loadListCentre } from "~/services/game-pages.server";

/** Game-list centre RNG: side menu, marked as a game page. */
export const handle = { layout: "list", gamePage: true };


export function loader({ request }: LoaderFunctionArgs) {
  return loadListCentre(request, "RNG");
}

export default ListCentrePage;
export const ErrorBoundary = RouteErrorBoundary;
