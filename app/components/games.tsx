import { Link, useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/components/translation";
import { supportedLanguages } from "~/i18n";
import { FAVOURITE_THROTTLE_MS, FAVOURITE_NOTICE_PARAM, type FavouriteRefusal } from "~/lib/favourites";
import { funHref, launchHref } from "~/lib/launch";
import { displayVendorCode } from "~/lib/vendors";
import type { GameItem } from "~/services/games.server";
import * as g from "~/styles/games.css";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";
import { CsrfInput } from "./csrf";
import { DeferredPicture } from "./deferred-picture";

const THAI_SUPPORTED = supportedLanguages.includes("th");

type FavouriteResult = { ok: true; nodeId: number; favourite: boolean } | { ok: false; nodeId: number; refused: FavouriteRefusal };

/**
 * The heart of a card (spec §4 favourites). Without scripts it is a submit button of the grid's
 * form: the post toggles and comes back to the same page at the same card. With scripts it
 * posts through a fetcher, shows the new state at once, and takes at most one toggle a second.
 */
function FavouriteButton({
  game,
  initial,
  returnTo,
  csrf,
  labels,
  onRefused,
}: {
  game: GameItem;
  initial: boolean;
  returnTo: string;
  csrf: string | undefined;
  labels: { add: string; remove: string };
  onRefused: (r: FavouriteRefusal) => void;
}) {
  const fetcher = useFetcher<FavouriteResult>();
  const last = useRef(0);
  const pending = fetcher.formData ? fetcher.formData.get("toggle")?.toString().startsWith("add:") : undefined;
  const on = pending ?? initial;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) onRefused(fetcher.data.refused);
  }, [fetcher.state, fetcher.data, onRefused]);
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    const now = Date.now();
    if (now - last.current < FAVOURITE_THROTTLE_MS) return;
    last.current = now;
    const form = new FormData();
    if (csrf) form.set("csrf", csrf);
    form.set("toggle", `${on ? "remove" : "add"}:${game.nodeId}`);
    form.set("vendor", game.vassalage);
    form.set("gameType", game.gameType);
    form.set("redirectTo", returnTo);
    form.set("via", "fetch");
    fetcher.submit(form, { method: "post", action: "/favourites" });
  };
  return (
    <button
      type="submit"
      name="toggle"
      value={`${on ? "remove" : "add"}:${game.nodeId}`}
      className={g.heart}
      aria-pressed={on}
      aria-label={on ? labels.remove : labels.add}
      title={on ? labels.remove : labels.add}
      onClick={click}
      data-testid="fav-toggle"
    >
      <span aria-hidden="true">{on ? "♥" : "♡"}</span>
    </button>
  );
}

/**
 * How a card's picture loads: at once (the first screen of a list), lazily with scripts (a short
 * grid, near the top of its page), or deferred by its own box, scripts or not (a long list's cards
 * past the first screen: deferred-picture.tsx).
 */
export type CardPicture = "eager" | "lazy" | "deferred";

export function GameCard({ game, href, maintenanceLabel, picture = "lazy" }: { game: GameItem; href?: string; maintenanceLabel: string; picture?: CardPicture }) {
  return (
    <Link to={href ?? launchHref(game)} className={g.cardLink} data-node-id={game.nodeId}>
      {picture === "deferred" ? (
        <DeferredPicture own src={game.iconUrl} alt="" />
      ) : (
        <img src={game.iconUrl} alt="" width={104} height={104} loading={picture} />
      )}
      <span>{game.gameName}</span>
      <span className={h.gameMeta}>{game.maintenance ? maintenanceLabel : displayVendorCode(game.vassalage, THAI_SUPPORTED)}</span>
    </Link>
  );
}

/** Why a favourite toggle was refused, with the way forward (spec §4, §8). */
export function FavouriteNotice({ refusal, returnTo }: { refusal: FavouriteRefusal; returnTo: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={g.notice} data-testid="fav-notice">
      {refusal === "login" ? (
        <>
          <span>{t("not_logged_in")}</span>
          <Link to={`/login?${new URLSearchParams({ redirectTo: returnTo })}`} className={s.primaryButton}>
            {t("login_submit")}
          </Link>
        </>
      ) : refusal === "trial" ? (
        <>
          <span>{t("in_need_true_account")}</span>
          <Link to="/register" className={s.primaryButton}>
            {t("in_increase_submit")}
          </Link>
        </>
      ) : (
        <span>{t("fav_full")}</span>
      )}
    </div>
  );
}

/** The page's own URL without the favourite notice, where a toggle comes back to. */
function useReturnTo() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const refused = params.get(FAVOURITE_NOTICE_PARAM);
  params.delete(FAVOURITE_NOTICE_PARAM);
  const q = params.toString();
  return { returnTo: location.pathname + (q ? `?${q}` : ""), refused };
}

const REFUSALS: FavouriteRefusal[] = ["login", "trial", "full"];

/**
 * A grid of game cards, each with its favourite heart and, for games with free play, a "play for
 * fun" link. `favourites` are the member's favourite nodeIds (empty for visitors).
 */
export function GameGrid({
  games,
  testId,
  favourites = [],
  hrefOf,
  eager = 0,
}: {
  games: GameItem[];
  testId?: string;
  favourites?: number[];
  /** Where a card leads; spec §2 launch routing by default. */
  hrefOf?: (game: GameItem) => string;
  /**
   * How many first cards load their picture at once: those on a phone's first screen when the grid
   * is the page's content. Lazy, the first picture (the page's largest paint) waited for layout
   * first: 200-450 ms of Lighthouse's LCP on /rng. Such a grid (a page of 42) defers the pictures
   * of the cards after them by their own boxes, so a phone without scripts fetches those near the
   * screen, not all of them. A grid without it (the home page's six) keeps plain lazy pictures: all
   * of them are near the screen, and the deferral's markup would be bytes for nothing.
   */
  eager?: number;
}) {
  const { t } = useTranslation();
  const csrf = (useRouteLoaderData("root") as { csrfToken?: string } | undefined)?.csrfToken;
  const { returnTo, refused } = useReturnTo();
  const [notice, setNotice] = useState<FavouriteRefusal | null>(null);
  const onRefused = useCallback((r: FavouriteRefusal) => setNotice(r), []);
  const shown = notice ?? (REFUSALS.includes(refused as FavouriteRefusal) ? (refused as FavouriteRefusal) : null);
  if (!games.length) return <p>{t("games_empty")}</p>;
  const favs = new Set(favourites);
  const maintenanceLabel = t("vendor_maintenance");
  const funLabel = t("play_for_fun");
  return (
    <form method="post" action="/favourites" className={g.gridForm}>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {shown ? <FavouriteNotice refusal={shown} returnTo={returnTo} /> : null}
      <ul className={h.gameGrid} data-testid={testId}>
        {games.map((game, i) => (
          <li key={game.nodeId} id={`g${game.nodeId}`} className={g.cardItem}>
            <GameCard game={game} href={hrefOf?.(game)} maintenanceLabel={maintenanceLabel} picture={i < eager ? "eager" : eager ? "deferred" : "lazy"} />
            <FavouriteButton
              game={game}
              initial={favs.has(game.nodeId)}
              returnTo={returnTo}
              csrf={csrf}
              labels={{ add: t("fav_add", { name: game.gameName }), remove: t("fav_remove", { name: game.gameName }) }}
              onRefused={onRefused}
            />
            {game.supportPlay === 0 && game.isGame === "GAME" && !game.maintenance ? (
              <Link to={funHref(game)} className={g.funLink} data-testid="play-fun">
                {funLabel}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </form>
  );
}
