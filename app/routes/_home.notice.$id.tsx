import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Popup } from "~/components/popup";
import { getNotice } from "~/services/announcements.server";
import { getLocale } from "~/services/i18n.server";
import { PlatformError } from "~/services/platform.server";

/** A notice title opens this modal over the home page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new Response(null, { status: 404 });
  try {
    return json({ notice: await getNotice(request, await getLocale(request), id) });
  } catch (e) {
    if (e instanceof PlatformError && e.status === 404) throw new Response(null, { status: 404 });
    throw e;
  }
}

export default function NoticeModal() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <Popup title={notice.title} testId="notice-modal">
      <p>
        <time dateTime={notice.startDateStr}>{notice.startDateStr}</time>
      </p>
      <div dangerouslySetInnerHTML={{ __html: notice.content ?? "" }} />
    </Popup>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
