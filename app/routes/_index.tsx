import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { getGameMenus } from "~/services/games.server";
import { getLocale } from "~/services/i18n.server";
import * as p from "~/styles/pages.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const menus = await getGameMenus(request, locale);
  return json({ categories: menus.filter((m) => m.vendors.length > 0) });
}

export default function Home() {
  const { t } = useTranslation();
  const { categories } = useLoaderData<typeof loader>();
  return (
    <div data-testid="home">
      <h1>{t("home_heading")}</h1>
      <p className={p.muted}>{t("home_intro")}</p>
      <h2>{t("home_categories")}</h2>
      <ul className={p.categoryGrid} data-testid="home-categories">
        {categories.map((c) => (
          <li key={c.gameCategory} className={p.categoryCard}>
            <strong>{c.label || c.vendors[0]?.displayName}</strong>
            <p className={p.muted}>{t("vendor_count", { count: c.vendors.length })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
