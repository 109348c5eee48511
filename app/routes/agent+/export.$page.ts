import type { LoaderFunctionArgs } from "@remix-run/node";
import { loader as agentDownlineTransactionDetailsCopy } from "./agentDownlineTransactionDetailsCopy";
import { loader as agentRevenueReport } from "./agentRevenueReport";
import { loader as agentTeamOverview } from "./agentTeamOverview";
import { loader as dailyWages } from "./dailyWages";
import { loader as dividends } from "./dividends";
import { loader as downlineManagmentView } from "./downlineManagmentView";
import { loader as hourlySalary } from "./hourlySalary";
import { loader as palStatementsAgentCopy } from "./palStatementsAgentCopy";
import { loader as personalHistoryCopy } from "./personalHistoryCopy";
import { loader as realtimeSalary } from "./realtimeSalary";

/** The agent pages whose report downloads as CSV; each page's own loader makes the file. */
const REPORTS: Record<string, (args: LoaderFunctionArgs) => Promise<unknown>> = {
  agentTeamOverview,
  downlineManagmentView,
  personalHistoryCopy,
  palStatementsAgentCopy,
  agentRevenueReport,
  agentDownlineTransactionDetailsCopy,
  dividends,
  dailyWages,
  hourlySalary,
  realtimeSalary,
};

/**
 * `/agent/export/<page>?<the page's filters>`: the page's report as a CSV download. A resource
 * route, so the loader's file is the answer (a page route would render it into its HTML). The
 * page's loader keeps its own checks: agents only, flagged pages only when enabled.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = args.params.page ?? "";
  const report = Object.hasOwn(REPORTS, page) ? REPORTS[page] : undefined;
  if (!report) throw new Response("Not found", { status: 404 });
  const url = new URL(args.request.url);
  url.pathname = `/agent/${page}`;
  url.searchParams.set("format", "csv");
  return report({ ...args, request: new Request(url, { headers: args.request.headers, signal: args.request.signal }) });
}
