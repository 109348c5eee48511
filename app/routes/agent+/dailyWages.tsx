import { RouteErrorBoundary } from "~/components/error-boundary";
import { PaymentsPage, paymentsLoader } from "~/components/contract-payments";

export const handle = { layout: "full" };

/** Flagged agent page (spec §2): each payment with the period's figures, the tier reached and the rate. */
export const loader = paymentsLoader("DAILY_SALARY", "salary", "dailyWages");

export default function Page() {
  return <PaymentsPage titleKey="contract_daily_title" testId="payments-dailyWages" />;
}

export const ErrorBoundary = RouteErrorBoundary;
