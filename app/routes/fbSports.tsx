import { RouteErrorBoundary } from "~/components/error-boundary";
import { InfoPage } from "~/components/info-page";

export const handle = { layout: "centre" };

export default function Page() {
  return <InfoPage titleKey="fbsports_title" textKey="product_sports" testId="fb-sports" />;
}

export const ErrorBoundary = RouteErrorBoundary;
