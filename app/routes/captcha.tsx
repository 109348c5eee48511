import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { captchaCookie } from "~/services/captcha.server";
import { labelRoute } from "~/services/observability.server";
import { callPlatform } from "~/services/platform.server";

/** Spec §9: the captcha image refreshes at most once a second. */
const MIN_INTERVAL_MS = 1000;

/** The captcha as a plain image, so it works as an <img> without scripts. */
export async function loader({ request }: LoaderFunctionArgs) {
  labelRoute(request, "routes/captcha");
  const previous = (await captchaCookie.parse(request.headers.get("cookie")).catch(() => null)) as { at?: number } | null;
  const wait = previous?.at ? MIN_INTERVAL_MS - (Date.now() - previous.at) : 0;
  if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, MIN_INTERVAL_MS)));
  const { captchaId, value } = await callPlatform(request, "/wps/captcha", {
    schema: z.object({ captchaId: z.string(), value: z.string().startsWith("data:image/svg+xml;base64,") }),
  });
  const svg = Buffer.from(value.split(",")[1] ?? "", "base64");
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "no-store",
      "Set-Cookie": await captchaCookie.serialize({ id: captchaId, at: Date.now() }),
    },
  });
}
