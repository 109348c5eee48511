import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { LotteryScreen } from "~/components/lottery-page";
import { lotteryAction, lotteryLoader } from "~/services/lottery.server";

export const handle = { layout: "header", gamePage: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.game.name ?? "" }];

/** Login required (spec §2); takes the query parameter gameCode. */
export const loader = (args: LoaderFunctionArgs) => lotteryLoader(args, "lottery");
export const action = (args: ActionFunctionArgs) => lotteryAction(args, "lottery");

export default LotteryScreen;

export const ErrorBoundary = RouteErrorBoundary;
