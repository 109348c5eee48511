import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { getAnnouncements } from "~/services/announcements.server";
import { getUser } from "~/services/auth.server";
import { getLocale } from "~/services/i18n.server";
import * as h from "~/styles/home.css";

export const handle = { layout: "full" };

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, user] = await Promise.all([getLocale(request), getUser(request)]);
  const { promotion } = await getAnnouncements(request, locale, { executions: user ? ["A"] : ["B"], bannerGroups: [] });
  return json({ promotions: promotion });
}

export default function Promotions() {
  const { t } = useTranslation();
  const { promotions } = useLoaderData<typeof loader>();
  return (
    <div data-testid="promotions">
      <h1>{t("promotions_title")}</h1>
      {promotions.length ? (
        <ul className={h.list}>
          {promotions.map((p) => (
            <li key={p.id} className={h.dialog} style={{ maxWidth: "none", maxHeight: "none" }}>
              <h2 className={h.sectionTitle}>{p.title}</h2>
              <div dangerouslySetInnerHTML={{ __html: p.content ?? "" }} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("promotions_empty")}</p>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
