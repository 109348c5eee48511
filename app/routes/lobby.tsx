import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { GameGrid } from "~/components/games";
import { TrialWarning } from "~/components/trial-warning";
import { requireUser } from "~/services/auth.server";
import { getFavouriteIds, getFavouritePage, getRecentGames } from "~/services/games.server";
import { getLocale } from "~/services/i18n.server";
import * as g from "~/styles/games.css";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** Favourites per lobby page (two rows of six) and recent games shown. */
export const LOBBY_FAVOURITES_PAGE = 12;
export const LOBBY_RECENT = 12;

/** The game lobby (spec §2): favourites, paged, and recent games. Members only; trial members see why not. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.isTrial) return json({ trial: true as const });
  const locale = await getLocale(request);
  const page = Number(new URL(request.url).searchParams.get("page"));
  const pageNo = Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
  const [favourites, recent, ids] = await Promise.all([
    getFavouritePage(request, locale, pageNo, LOBBY_FAVOURITES_PAGE),
    getRecentGames(request, locale, LOBBY_RECENT),
    getFavouriteIds(request, user),
  ]);
  return json({ trial: false as const, favourites, recent, ids });
}

export default function Lobby() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <div data-testid="lobby">
      <h1>{t("lobby_title")}</h1>
      {data.trial ? (
        <TrialWarning />
      ) : (
        <>
          <section className={g.lobbySection} aria-labelledby="fav-title" data-testid="lobby-favourites">
            <h2 id="fav-title" className={h.sectionTitle}>
              {t("favourites_title")}
            </h2>
            {data.favourites.total ? (
              <GameGrid games={data.favourites.content} favourites={data.ids} testId="favourite-games" />
            ) : (
              <p>
                {t("favourites_empty")}{" "}
                <Link to="/rng" className={s.linkish}>
                  {t("browse_games")}
                </Link>
              </p>
            )}
            {data.favourites.totalPages > 1 ? (
              <nav className={h.pager} aria-label={t("favourites_title")}>
                {data.favourites.pageNum > 1 ? (
                  <Link to={`/lobby?page=${data.favourites.pageNum - 1}`} rel="prev">
                    ← {t("page_prev")}
                  </Link>
                ) : (
                  <span />
                )}
                <span>{t("page_of", { page: data.favourites.pageNum, total: data.favourites.totalPages })}</span>
                {data.favourites.pageNum < data.favourites.totalPages ? (
                  <Link to={`/lobby?page=${data.favourites.pageNum + 1}`} rel="next">
                    {t("page_next")} →
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </section>
          <section className={g.lobbySection} aria-labelledby="recent-title" data-testid="lobby-recent">
            <h2 id="recent-title" className={h.sectionTitle}>
              {t("recent_title")}
            </h2>
            {data.recent.length ? <GameGrid games={data.recent} favourites={data.ids} testId="recent-games" /> : <p>{t("recent_empty")}</p>}
          </section>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
