import { RouteErrorBoundary } from "~/components/error-boundary";
import { InfoPage } from "~/components/info-page";

export const handle = { layout: "full" };

export default function Page() {
  return <InfoPage titleKey="point_mall_title" textKey="point_mall_text" testId="point-mall" />;
}

export const ErrorBoundary = RouteErrorBoundary;
