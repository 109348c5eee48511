import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Popup } from "~/components/popup";
import { getNoticeList } from "~/services/announcements.server";
import { getLocale } from "~/services/i18n.server";
import * as h from "~/styles/home.css";

/** The notice list popup, 9 a page, paged by links. */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw > 0 && raw < 100_000 ? raw : 1;
  return json(await getNoticeList(request, await getLocale(request), page));
}

export default function NoticeList() {
  const { t } = useTranslation();
  const { content, pageNum, totalPages } = useLoaderData<typeof loader>();
  return (
    <Popup title={t("notice_list_title")} testId="notice-list">
      <ul className={h.list}>
        {content.map((n) => (
          <li key={n.id}>
            <Link to={`/notice/${n.id}`} preventScrollReset>
              {n.title}
            </Link>{" "}
            <time dateTime={n.startDateStr}>{n.startDateStr}</time>
          </li>
        ))}
      </ul>
      <nav className={h.pager} aria-label={t("notice_list_title")}>
        {pageNum > 1 ? (
          <Link to={`/notices?page=${pageNum - 1}`} preventScrollReset rel="prev">
            ← {t("page_prev")}
          </Link>
        ) : (
          <span />
        )}
        <span>{t("page_of", { page: pageNum, total: totalPages })}</span>
        {pageNum < totalPages ? (
          <Link to={`/notices?page=${pageNum + 1}`} preventScrollReset rel="next">
            {t("page_next")} →
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </Popup>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
