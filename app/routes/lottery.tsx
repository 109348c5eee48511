import type { LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { InfoPage } from "~/components/info-page";
import { requireUser } from "~/services/auth.server";

export const handle = { layout: "header", gamePage: true };

/** Login required (spec §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return <InfoPage titleKey="lottery_title" testId="lottery-page" />;
}

export const ErrorBoundary = RouteErrorBoundary;
