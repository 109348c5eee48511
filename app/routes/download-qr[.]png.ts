import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLocale } from "~/services/i18n.server";
import { labelRoute } from "~/services/observability.server";
import { downloadUrlOf, qrPng } from "~/services/shell.server";
import { getPermission } from "~/services/system.server";

/** The brand's app-download QR code (spec §9: size 100, margin 0), as the pages' `shell.download.qr` names it. */
export async function loader({ request }: LoaderFunctionArgs) {
  labelRoute(request, "routes/download-qr.png");
  const { info } = await getPermission(request, await getLocale(request));
  return new Response(qrPng(downloadUrlOf(info, request)), {
    headers: {
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      // Named by the download URL (`?v=`): a new URL is a new address.
      "cache-control": "public, max-age=86400",
    },
  });
}
