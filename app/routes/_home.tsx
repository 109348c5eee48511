import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { GameGrid } from "~/components/games";
import { useRootData } from "~/components/header";
import { AnnouncementPopup, BannerCarousel, DownloadSection, JackpotCounter, NoticeMarquee, WinnersBoard } from "~/components/home-blocks";
import { getUser } from "~/services/auth.server";
import { loadHome } from "~/services/home.server";
import { getLocale } from "~/services/i18n.server";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, user] = await Promise.all([getLocale(request), getUser(request)]);
  return json(await loadHome(request, locale, user));
}

/** The home page; /login, /register, /help, notices and the rest open as popups over it. */
export default function Home() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  const location = useLocation();
  const matches = useMatches();
  const onBareHome = matches[matches.length - 1]?.id.startsWith("routes/_home._index") || matches[matches.length - 1]?.id.startsWith("routes/home-alias");
  const shell = root?.shell;
  return (
    <div data-testid="home">
      <h1 className={s.visuallyHidden}>{shell?.site.name}</h1>
      <BannerCarousel banners={data.banners} />
      <NoticeMarquee notices={data.notices} now={data.now} timeZone={shell?.site.timeZone ?? "UTC"} />
      <JackpotCounter now={data.now} pool={data.jackpot} />
      <div className={h.twoCol}>
        <WinnersBoard winners={data.winners} refreshTo="/?refresh=winners" />
        <section className={h.section} aria-labelledby="hot-title" data-testid="hot-games">
          <div className={h.sectionHead}>
            <h2 id="hot-title" className={h.sectionTitle}>
              {t("hot_title")}
            </h2>
            <span className={s.inlineForm}>
              <Link to="/?refresh=hot" className={s.linkish} preventScrollReset data-testid="refresh-hot">
                {t("refresh_list")}
              </Link>
              <Link to="/hot" className={s.linkish}>
                {t("more")}
              </Link>
            </span>
          </div>
          <GameGrid games={data.hot} favourites={data.favourites} />
        </section>
      </div>
      <section className={h.section} aria-labelledby="fish-title" data-testid="fish-games">
        <div className={h.sectionHead}>
          <h2 id="fish-title" className={h.sectionTitle}>
            {t("fish_title")}
          </h2>
          <Link to="/fish" className={s.linkish}>
            {t("more")}
          </Link>
        </div>
        <GameGrid games={data.fish} favourites={data.favourites} />
      </section>
      {shell ? <DownloadSection qr={shell.download.qr} url={shell.download.url} /> : null}
      {onBareHome && data.popup ? <AnnouncementPopup notice={data.popup} returnTo={location.pathname + location.search} /> : null}
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
