import { RouteErrorBoundary } from "~/components/error-boundary";
import { PaymentsPage, paymentsLoader } from "~/components/contract-payments";

export const handle = { layout: "full" };

/** Flagged agent page (spec §2): each payment with the period's figures, the tier reached and the rate. */
export const loader = paymentsLoader("HOURLY_SALARY", "hourSalary", "hourlySalary");

export default function Page() {
  return <PaymentsPage titleKey="contract_hourly_title" testId="payments-hourlySalary" />;
}

export const ErrorBoundary = RouteErrorBoundary;
