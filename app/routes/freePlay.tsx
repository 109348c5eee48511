import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readForm } from "~/services/forms.server";
import { labelRoute } from "~/services/observability.server";
import { callPlatform } from "~/services/platform.server";
import { commitSession } from "~/services/session.server";

/** Free play (FREEPLAY3): a trial account, logged in at once, with play money only. */
export async function action({ request }: ActionFunctionArgs) {
  labelRoute(request, "routes/freePlay");
  await readForm(request);
  const value = await callPlatform(request, "/wps/session/freeplay", {
    method: "POST",
    body: { os: "web", platform: "W" },
    schema: z.object({ token: z.string(), firstTimeLogin: z.boolean(), passwordExpired: z.boolean() }),
  });
  return redirect("/", { headers: { "Set-Cookie": await commitSession(value.token, false) } });
}

export function loader() {
  return redirect("/login");
}
