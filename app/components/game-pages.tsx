import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportedLanguages } from "~/i18n";
import { vendorHref, type NavEntry } from "~/lib/navigation";
import type { loadGameCentre, loadListCentre } from "~/services/game-pages.server";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";
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

/** Game-list centre: vendor tabs, game-tab types, search by name and paging, all plain links and GET forms. */
export function ListCentrePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loadListCentre>();
  const [params] = useSearchParams();
  const category = useCategory(data.type);
  const title = useCategoryLabel(data.type);
  const base = `/${data.type.toLowerCase()}`;
  const withParam = (key: string, value: string | null) => {
    const p = new URLSearchParams(params);
    p.delete("page");
    if (value) p.set(key, value);
    else p.delete(key);
    const q = p.toString();
    return q ? `${base}?${q}` : base;
  };
  const pageHref = (page: number) => {
    const p = new URLSearchParams(params);
    p.set("page", String(page));
    return `${base}?${p}`;
  };
  const tabs = ["JP", "TG", "AC", ...(supportedLanguages.includes("th") ? ["BG"] : [])];
  return (
    <div data-testid={`list-centre-${data.type}`}>
      <h1>{title}</h1>
      {category && data.type !== "HOT" ? (
        <nav aria-label={t("providers_title")} className={s.inlineForm} style={{ marginBottom: 10 }}>
          <Link to={withParam("vassalage", null)} className={s.smallButton} aria-current={!data.filters.vassalage ? "page" : undefined}>
            {t("nav_more")}
          </Link>
          {category.vendors.map((v) => (
            <Link key={v.vassalage} to={withParam("vassalage", v.vassalage)} className={s.smallButton} aria-current={data.filters.vassalage === v.vassalage ? "page" : undefined}>
              {v.displayName}
            </Link>
          ))}
        </nav>
      ) : null}
      {data.type === "RNG" ? (
        <nav aria-label={t("search_games")} className={s.inlineForm} style={{ marginBottom: 10 }}>
          {tabs.map((tab) => (
            <Link key={tab} to={withParam("gameClassify", data.filters.gameClassify === tab ? null : tab)} className={s.smallButton} aria-current={data.filters.gameClassify === tab ? "page" : undefined}>
              {tab}
            </Link>
          ))}
        </nav>
      ) : null}
      {data.type !== "HOT" ? (
        <Form method="get" className={s.inlineForm} style={{ marginBottom: 14 }} role="search">
          {data.filters.vassalage ? <input type="hidden" name="vassalage" value={data.filters.vassalage} /> : null}
          {data.filters.gameClassify ? <input type="hidden" name="gameClassify" value={data.filters.gameClassify} /> : null}
          <label className={s.visuallyHidden} htmlFor="game-search">
            {t("search_games")}
          </label>
          <input id="game-search" type="search" name="gameName" defaultValue={data.filters.gameName ?? ""} placeholder={t("search_games")} className={s.field} maxLength={100} />
          <button type="submit" className={s.smallButton}>
            {t("search_submit")}
          </button>
        </Form>
      ) : null}
      <GameGrid games={data.games} testId="game-list" />
      {data.totalPages > 1 ? (
        <nav className={h.pager} aria-label={title}>
          {data.pageNo > 1 ? <Link to={pageHref(data.pageNo - 1)} rel="prev">← {t("page_prev")}</Link> : <span />}
          <span>{t("page_of", { page: data.pageNo, total: data.totalPages })}</span>
          {data.pageNo < data.totalPages ? <Link to={pageHref(data.pageNo + 1)} rel="next">{t("page_next")} →</Link> : <span />}
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
  return (
    <div data-testid={`game-centre-${data.type}`}>
      <h1>{t("game_centre_title", { category: title })}</h1>
      {vendors.length ? (
        <ul className={h.gameGrid} style={{ gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))" }}>
          {vendors.map((v) => (
            <li key={v.vassalage}>
              <Link to={vendorHref(category!.href, v.vassalage)} className={h.gameCard} aria-current={data.vassalage === v.vassalage ? "true" : undefined}>
                <img src={`/images/vendors/${v.vassalage}.svg`} alt="" width={150} height={150} loading="lazy" />
                <span>{v.displayName}</span>
                <span className={h.gameMeta}>{v.maintenance ? t("vendor_maintenance") : t("play")}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("vendors_empty")}</p>
      )}
      {data.vassalage ? (
        <section className={h.section} style={{ marginTop: 20 }}>
          <GameGrid games={data.games} testId="game-list" />
        </section>
      ) : null}
    </div>
  );
}
