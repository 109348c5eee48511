import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/services/agent.server";

/** /agent opens the default page, the team overview. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  throw redirect("/agent/agentTeamOverview");
}
