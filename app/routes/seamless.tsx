import { safeRedirect } from "~/lib/safe-redirect";
import { json, redirect, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { GameGrid } from "~/components/games";
import { Popup } from "~/components/popup";
import { GAME_CENTRE_TYPES, navPathForCategory } from "~/lib/categories";
import { funHref, PLAY_ANCHOR } from "~/lib/launch";
import { getUser } from "~/services/auth.server";
import { getFavouriteIds, getGameItem, getSuggestions, launchFun, launchGame, type GameItem } from "~/services/games.server";
import { getLocale } from "~/services/i18n.server";
import { PlatformError } from "~/services/platform.server";
import * as g from "~/styles/games.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "header", gamePage: true };

/** The page carries a launch token in the game's URL: never cached, never sent on as a referrer. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

type Data =
  | { state: "play"; game: GameItem; url: string; fun: boolean; backTo: string }
  | { state: "trial"; game: GameItem; backTo: string }
  | { state: "maintenance"; game: GameItem; suggestions: GameItem[]; favourites: number[]; backTo: string };

const notFound = () => new Response("Not found", { status: 404 });

/** Where "back" leads: the game's category page (a game centre at its vendor), or home. */
function backFor(game: GameItem): string {
  const path = navPathForCategory(game.gameType) ?? "/";
  return (GAME_CENTRE_TYPES as readonly string[]).includes(game.gameType) ? `${path}?${new URLSearchParams({ vassalage: game.vassalage })}` : path;
}

/**
 * /seamless, the launch page (spec §2, §4, §5): `nodeId` (with `vassalage` and `gameCode` for
 * readers of the URL; the platform goes by nodeId). Free play (`mode=fun`, supportPlay 0) is open
 * to everyone and never touches the ledger. Otherwise the launch gate: logged out → the login
 * popup, coming back here after; trial → the in_need_true_account dialog. A game under
 * maintenance offers six others of its category. Then the platform's launchGame: our own page for
 * in-house games, else the vendor's URL in a frame.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const nodeId = Number(url.searchParams.get("nodeId"));
  if (!Number.isInteger(nodeId) || nodeId < 1 || nodeId > 2_147_483_647) throw notFound();
  const [locale, user] = await Promise.all([getLocale(request), getUser(request)]);
  const game = await getGameItem(request, locale, nodeId);
  if (!game) throw notFound();
  const backTo = backFor(game);

  const maintenance = async () =>
    json<Data>({
      state: "maintenance",
      game: { ...game, maintenance: true },
      suggestions: await getSuggestions(request, locale, nodeId),
      favourites: await getFavouriteIds(request, user),
      backTo,
    });
  if (game.maintenance) return maintenance();

  if (url.searchParams.get("mode") === "fun" && game.supportPlay === 0) {
    try {
      const launched = await launchFun(request, locale, nodeId);
      return json<Data>({ state: "play", game, url: launched.url, fun: true, backTo });
    } catch (e) {
      if (e instanceof PlatformError && e.code === "GAME_MAINTENANCE") return maintenance();
      throw e;
    }
  }

  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  if (user.isTrial) return json<Data>({ state: "trial", game, backTo });
  try {
    const launched = await launchGame(request, locale, nodeId);
    const house = safeRedirect(launched.url, "");
    if (house.startsWith("/house/")) throw redirect(house);
    return json<Data>({ state: "play", game, url: launched.url, fun: false, backTo });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    if (e.status === 401) throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
    if (e.code === "in_need_true_account") return json<Data>({ state: "trial", game, backTo });
    if (e.code === "GAME_MAINTENANCE") return maintenance();
    if (e.status === 404 || e.status === 403) throw notFound();
    throw e;
  }
}

function GameHead({ game, backTo, children }: { game: GameItem; backTo: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={g.playBar} id={PLAY_ANCHOR}>
      <h1 className={g.playTitle}>{game.gameName}</h1>
      <span className={s.inlineForm}>
        {children}
        <Link to={backTo} className={s.smallButton}>
          {t("back")}
        </Link>
      </span>
    </div>
  );
}

export default function Seamless() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>() as Data;
  const { game, backTo } = data;
  if (data.state === "maintenance") {
    return (
      <div data-testid="seamless-page">
        <GameHead game={game} backTo={backTo} />
        <div role="alert" className={g.notice} data-testid="game-maintenance">
          {t("game_maintenance_info")}
        </div>
        <h2 className={g.playTitle}>{t("other_games")}</h2>
        <GameGrid games={data.suggestions} favourites={data.favourites} testId="suggested-games" />
      </div>
    );
  }
  if (data.state === "trial") {
    return (
      <div data-testid="seamless-page">
        <GameHead game={game} backTo={backTo} />
        <img src={game.iconUrl} alt="" width={160} height={160} />
        <Popup title={game.gameName} closeTo={backTo} testId="trial-dialog">
          <p>{t("in_need_true_account")}</p>
          <p className={s.inlineForm}>
            <Link to="/register" className={s.primaryButton}>
              {t("in_increase_submit")}
            </Link>
            {game.supportPlay === 0 ? (
              <Link to={funHref(game)} className={s.smallButton}>
                {t("play_for_fun")}
              </Link>
            ) : null}
          </p>
        </Popup>
      </div>
    );
  }
  return (
    <div data-testid="seamless-page">
      <GameHead game={game} backTo={backTo}>
        {data.fun ? (
          <span className={g.badge} data-testid="fun-badge">
            {t("fun_mode")}
          </span>
        ) : null}
        <a href={data.url} className={s.smallButton} target="_blank" rel="noopener noreferrer">
          {t("open_full_window")}
          <span className={s.visuallyHidden}>{` ${t("opens_new_window")}`}</span>
        </a>
      </GameHead>
      <iframe
        src={data.url}
        title={game.gameName}
        className={g.playFrame}
        allow="autoplay; fullscreen"
        allowFullScreen
        referrerPolicy="same-origin"
        data-testid="game-frame"
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
