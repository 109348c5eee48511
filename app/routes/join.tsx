import { RouteErrorBoundary } from "~/components/error-boundary";
import { InfoPage } from "~/components/info-page";

export const handle = { layout: "full" };

export default function Page() {
  return <InfoPage titleKey="join_title" textKey="join_text" testId="join-page" />;
}

export const ErrorBoundary = RouteErrorBoundary;
