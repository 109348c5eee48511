import { Form, Link, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { supportedLanguages } from "~/i18n";
import { vendorHref, type NavEntry } from "~/lib/navigation";
import { formatBalance, formatNumber } from "~/lib/format";
import { gameCentreHref, playHref } from "~/lib/launch";
import { formatRebate, rebateFor } from "~/lib/rebate";
import { vendorImage } from "~/lib/vendors";
import type { loadGameCentre, loadListCentre } from "~/services/game-pages.server";
import type { PvpRoom } from "~/services/games.server";
import * as g from "~/styles/games.css";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";
import { DeferredPicture } from "./deferred-picture";
import { GameGrid } from "./games";
import { useRootData } from "./header";

function useCategory(type: string): Extract<NavEntry, { kind: "category" }> | undefined {
  const nav = useRootData()?.shell.navigation ?? [];
  const href = type === "LOTT" || type === "ELOTT" ? "/elott" : `/${type.toLowerCase()}`;
  return nav.find((e): e is Extract<NavEntry, { kind: "category" }> => e.kind === "category" && (e.type === type || e.href === href));
}

function useCategoryLabel(type: string) {
  const { t } = useTranslation();
  const entry = useCategory(type);
  return entry?.label || t(`cat_${type}`, { defaultValue: "" }) || entry?.fallbackLabel || type;
}

/** Spec §9 rebate display: "Rebate up to 1.2%" for the categories in the table, nothing for the others (PVP among them). */
function RebateNote({ type }: { type: string }) {
  const { t, i18n } = useTranslation();
  const rate = rebateFor(type);
  if (rate === null) return null;
  return (
    <p className={g.rebate} data-testid="rebate">
      {t("rebate_up_to", { rate: formatRebate(rate, i18n.language) })}
    </p>
  );
}

/** Spec §9 slot hints as filters (must match the loader's accepted values). */
const MIN_BET = "1";
const MIN_LINES = 25;

/** Game-list centre: vendor tabs, game-tab types, filters, search by name and paging, all plain links and GET forms. */
export function ListCentrePage() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loadListCentre>();
  const [params] = useSearchParams();
  const title = useCategoryLabel(data.type);
  const base = `/${data.type.toLowerCase()}`;
  const withParam = (key: string, value: string | null) => {
    const p = new URLSearchParams(params);
    p.delete("page");
    p.delete("fav");
    if (value) p.set(key, value);
    else p.delete(key);
    const q = p.toString();
    return q ? `${base}?${q}` : base;
  };
  const pageHref = (page: number) => {
    const p = new URLSearchParams(params);
    p.delete("fav");
    p.set("page", String(page));
    return `${base}?${p}`;
  };
  const tabs = ["JP", "TG", "AC", ...(supportedLanguages.includes("th") ? ["BG"] : [])];
  const f = data.filters;
  const hidden = { vassalage: f.vassalage, gameClassify: f.gameClassify, minBet: f.minBet, minLineNum: f.minLineNum };
  return (
    <div data-testid={`list-centre-${data.type}`}>
      <h1>{title}</h1>
      <RebateNote type={data.type} />
      {data.vendors.length ? (
        <nav aria-label={t("providers_title")} className={g.tabStrip} data-testid="vendor-tabs">
          <Link to={withParam("vassalage", null)} className={s.smallButton} aria-current={!f.vassalage ? "page" : undefined}>
            {t("all_providers")}
          </Link>
          {data.vendors.map((v) => (
            <Link key={v.vassalage} to={withParam("vassalage", v.vassalage)} className={`${s.smallButton} ${g.vendorTab}`} aria-current={f.vassalage === v.vassalage ? "page" : undefined}>
              <DeferredPicture own src={f.vassalage === v.vassalage ? v.images.smallActive : v.images.small} alt="" />
              {v.displayName}
            </Link>
          ))}
        </nav>
      ) : null}
      {data.type === "RNG" ? (
        <nav aria-label={t("game_tabs")} className={g.tabStrip} data-testid="game-tabs">
          {tabs.map((tab) => (
            <Link
              key={tab}
              to={withParam("gameClassify", f.gameClassify === tab ? null : tab)}
              className={s.smallButton}
              aria-current={f.gameClassify === tab ? "page" : undefined}
              aria-pressed={f.gameClassify === tab}
              role="button"
            >
              {t(`game_tab_${tab}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {data.type === "RNG" ? (
        <div className={g.filters} role="group" aria-label={t("filters")} data-testid="game-filters">
          <Link to={withParam("minBet", f.minBet ? null : MIN_BET)} className={s.smallButton} aria-pressed={!!f.minBet} role="button">
            {t("filter_min_bet", { amount: MIN_BET })}
          </Link>
          <Link to={withParam("minLineNum", f.minLineNum ? null : String(MIN_LINES))} className={s.smallButton} aria-pressed={!!f.minLineNum} role="button">
            {t("filter_min_lines", { n: MIN_LINES })}
          </Link>
        </div>
      ) : null}
      {data.type !== "HOT" ? (
        <Form method="get" className={g.searchForm} role="search">
          {Object.entries(hidden).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={String(v)} /> : null))}
          <label className={s.visuallyHidden} htmlFor="game-search">
            {t("search_games")}
          </label>
          <input id="game-search" type="search" name="gameName" defaultValue={f.gameName ?? ""} placeholder={t("search_games")} className={s.field} maxLength={100} />
          <button type="submit" className={s.smallButton}>
            {t("search_submit")}
          </button>
        </Form>
      ) : (
        <p className={g.filters}>
          <Link to="/hot?refresh=hot" className={s.smallButton} preventScrollReset>
            {t("refresh_list")}
          </Link>
        </p>
      )}
      {data.type !== "HOT" ? (
        <p className={g.resultCount} aria-live="polite" data-testid="result-count">
          {t("ui_games_found", { count: data.total, n: formatNumber(data.total, i18n.language) })}
        </p>
      ) : null}
      <GameGrid games={data.games} favourites={data.favourites} testId="game-list" eager={6} />
      {data.totalPages > 1 ? (
        <nav className={h.pager} aria-label={t("pages_of", { title })}>
          <span>
            {data.pageNo > 1 ? (
              <>
                <Link to={pageHref(1)} aria-label={t("page_first")}>«</Link>{" "}
                <Link to={pageHref(data.pageNo - 1)} rel="prev">← {t("page_prev")}</Link>
              </>
            ) : null}
          </span>
          <span>{t("page_of", { page: data.pageNo, total: data.totalPages })}</span>
          <span>
            {data.pageNo < data.totalPages ? (
              <>
                <Link to={pageHref(data.pageNo + 1)} rel="next">{t("page_next")} →</Link>{" "}
                <Link to={pageHref(data.totalPages)} aria-label={t("page_last")}>»</Link>
              </>
            ) : null}
          </span>
        </nav>
      ) : null}
    </div>
  );
}

/** Game centre: the category's vendor cards; a chosen vendor shows its games. */
export function GameCentrePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loadGameCentre>();
  const category = useCategory(data.type);
  const title = useCategoryLabel(data.type);
  const vendors = category?.vendors ?? [];
  const imageHosts = useRootData()?.shell.csp.img;
  return (
    <div data-testid={`game-centre-${data.type}`}>
      <h1>{t("game_centre_title", { category: title })}</h1>
      <RebateNote type={data.type} />
      {vendors.length ? (
        <ul className={h.gameGrid} style={{ gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))" }}>
          {vendors.map((v) => (
            <li key={v.vassalage}>
              <Link to={vendorHref(category!.href, v.vassalage)} className={h.gameCard} aria-current={data.vassalage === v.vassalage ? "true" : undefined}>
                <DeferredPicture own src={vendorImage(v, imageHosts, data.vassalage === v.vassalage ? "listPurple" : "listColour")} alt="" />
                <span>{v.displayName}</span>
                <span className={h.gameMeta}>{v.maintenance ? t("vendor_maintenance") : t("play")}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("vendors_empty")}</p>
      )}
      {data.pvp ? <PvpRooms vassalage={data.vassalage} {...data.pvp} /> : null}
      {data.vassalage ? (
        <section className={h.section} style={{ marginTop: 20 }}>
          <GameGrid games={data.games} favourites={data.favourites} testId="game-list" hrefOf={gameCentreHref} eager={6} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * PVP rooms (spec §7 GLS2_roomList): a member sees the rooms of the chosen vendor (or all), with
 * a game filter as a plain GET form; "join" opens the game through the launch page and its gate.
 * The rooms need a session, so a visitor is asked to log in and comes back here.
 */
function PvpRooms({
  vassalage,
  gameCode,
  rooms,
  roomGames,
}: {
  vassalage: string | null;
  gameCode: string | null;
  rooms: PvpRoom[] | null;
  roomGames: Array<{ gameCode: string; gameName: string }>;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  if (!rooms) {
    return (
      <section className={`${g.rooms} ${h.section}`} aria-labelledby="pvp-rooms-title" data-testid="pvp-login-prompt" style={{ marginTop: 20 }}>
        <h2 id="pvp-rooms-title" className={h.sectionTitle}>
          {t("pvp_rooms_title")}
        </h2>
        <p>{t("pvp_login_prompt")}</p>
        <Link to={`/login?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`} className={s.primaryButton}>
          {t("login_submit")}
        </Link>
      </section>
    );
  }
  const money = (amount: string, currency: string) => `${formatBalance(amount, i18n.language)} ${currency}`;
  return (
    <section className={g.rooms} aria-labelledby="pvp-rooms-title" data-testid="pvp-rooms" style={{ marginTop: 20 }}>
      <h2 id="pvp-rooms-title" className={h.sectionTitle}>
        {t("pvp_rooms_title")}
      </h2>
      {roomGames.length ? (
        <Form method="get" className={g.filters}>
          {vassalage ? <input type="hidden" name="vassalage" value={vassalage} /> : null}
          <label htmlFor="pvp-game">{t("play_game")}</label>
          <select id="pvp-game" name="gameCode" defaultValue={gameCode ?? ""} className={s.field} style={{ width: "auto" }}>
            <option value="">{t("pvp_all_games")}</option>
            {roomGames.map((game) => (
              <option key={game.gameCode} value={game.gameCode}>
                {game.gameName}
              </option>
            ))}
          </select>
          <button type="submit" className={s.smallButton}>
            {t("period_apply")}
          </button>
        </Form>
      ) : null}
      {rooms.length ? (
        <table className={g.roomTable} data-testid="pvp-room-table">
          <thead>
            <tr>
              <th scope="col">{t("play_game")}</th>
              <th scope="col">{t("pvp_base_bet")}</th>
              <th scope="col">{t("pvp_min_entry")}</th>
              <th scope="col">{t("pvp_seats")}</th>
              <th scope="col">{t("status_label")}</th>
              <th scope="col">
                <span className={s.visuallyHidden}>{t("pvp_join")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rooms.map((room) => (
              <tr key={room.roomId} data-room-id={room.roomId}>
                <td>
                  {room.gameName} · {t("pvp_table_n", { n: room.tableNo })}
                  <span className={g.roomVendor}>{room.vendorName}</span>
                </td>
                <td data-label={t("pvp_base_bet")} data-num="">
                  {money(room.baseBet, room.currency)}
                </td>
                <td data-label={t("pvp_min_entry")} data-num="">
                  {money(room.minEntry, room.currency)}
                </td>
                <td data-label={t("pvp_seats")} data-num="">
                  {room.players}/{room.maxSeats}
                </td>
                <td data-label={t("status_label")} className={g.roomStatus}>
                  {room.status === "MAINTENANCE" ? t("vendor_maintenance") : t(`pvp_status_${room.status}`)}
                </td>
                <td>
                  {room.status === "OPEN" ? (
                    <Link to={playHref(room)} className={s.smallButton} data-testid="pvp-join">
                      {t("pvp_join")}
                      <span className={s.visuallyHidden}>
                        {" "}
                        {room.gameName} · {t("pvp_table_n", { n: room.tableNo })}
                      </span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p data-testid="pvp-rooms-empty">{t("pvp_rooms_empty")}</p>
      )}
      {rooms.length ? <p className={g.roomNote}>{t("pvp_occupancy_note")}</p> : null}
    </section>
  );
}
