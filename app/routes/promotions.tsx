import type { SubmissionResult } from "~/lib/forms";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useMoneyFormat } from "~/components/money";
import { PromoActionForm, PromoStatus } from "~/components/promo-action";
import { getUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { getLocale } from "~/services/i18n.server";
import { getPromotions, handlePromoAction, type PromotionView } from "~/services/promotions.server";
import * as h from "~/styles/home.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** Promotions (spec §2): category filter, tags, a modal per promotion (`?popup=promo&id=`), its action as a plain form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get("category")?.slice(0, 40) || undefined;
  const [locale, user] = await Promise.all([getLocale(request), getUser(request)]);
  const list = await getPromotions(request, locale, category);
  return json({ ...list, category: category ?? "all", loggedIn: !!user });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getUser(request);
  const formData = await readForm(request);
  if (!user) throw redirect("/login");
  return handlePromoAction(request, formData, "/promotions");
}

export default function Promotions() {
  const { t } = useTranslation();
  const { promotions, categories, category, loggedIn } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as { id: number; result: SubmissionResult<string[]> } | undefined;
  const [params] = useSearchParams();
  const popupId = params.get("popup") === "promo" ? Number(params.get("id")) : null;
  const popup = popupId ? promotions.find((p) => p.id === popupId) : undefined;
  const done = params.get("done");
  const here = (extra: Record<string, string> = {}) => {
    const q = new URLSearchParams();
    if (category !== "all") q.set("category", category);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return q.size ? `/promotions?${q}` : "/promotions";
  };
  const lastFor = (id: number) => (acted && acted.id === id ? acted.result : null);
  return (
    <div data-testid="promotions" className={m.panel}>
      <h1>{t("promotions_title")}</h1>
      {done && ["join", "claim", "apply"].includes(done) ? (
        <p role="status" className={m.notice} data-testid="promo-done">
          {t(`promo_done_${done}`)}
        </p>
      ) : null}
      <nav aria-label={t("promo_categories")}>
        <ul className={m.presets} data-testid="promo-categories">
          {["all", ...categories].map((c) => (
            <li key={c}>
              <Link
                to={c === "all" ? "/promotions" : `/promotions?category=${encodeURIComponent(c)}`}
                className={`${m.tag} ${c === category ? m.tagGood : ""}`}
                aria-current={c === category ? "page" : undefined}
              >
                {t(`promo_type_${c}`, { defaultValue: c })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {promotions.length ? (
        <ul className={m.records}>
          {promotions.map((p) => (
            <li key={p.id} className={m.card} data-testid="promo-card" data-code={p.code}>
              <PromoHead promo={p} />
              <p className={m.buttonRow}>
                <Link to={here({ popup: "promo", id: String(p.id) })} className={s.linkish} data-testid="promo-details">
                  {t("promo_details")}
                </Link>
              </p>
              {popup?.id === p.id ? null : <PromoActionForm promo={p} action={here()} back={here()} loggedIn={loggedIn} lastResult={lastFor(p.id)} />}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("promotions_empty")}</p>
      )}
      {popup ? (
        <div className={h.overlay}>
          <section role="dialog" aria-modal="true" aria-labelledby="promo-dialog-title" className={h.dialog} data-testid="promo-modal">
            <div className={h.dialogHead}>
              <h2 id="promo-dialog-title" className={h.dialogTitle}>
                {popup.title}
              </h2>
              <Link to={here()} className={h.closeLink} aria-label={t("promo_close")}>
                ✕
              </Link>
            </div>
            <PromoHead promo={popup} hideTitle />
            {popup.imageUrl ? <img src={popup.imageUrl} alt="" style={{ maxWidth: "100%", borderRadius: 8 }} /> : null}
            <div dangerouslySetInnerHTML={{ __html: popup.body }} />
            <PromoActionForm
              promo={popup}
              action={here({ popup: "promo", id: String(popup.id) })}
              back={here({ popup: "promo", id: String(popup.id) })}
              loggedIn={loggedIn}
              lastResult={lastFor(popup.id)}
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}

function PromoHead({ promo, hideTitle }: { promo: PromotionView; hideTitle?: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  return (
    <>
      <div className={m.recordHead}>
        {hideTitle ? null : <h2 className={m.blockTitle}>{promo.title}</h2>}
        <PromoStatus status={promo.status} />
      </div>
      <ul className={m.presets} aria-label={t("promo_tags")}>
        {promo.tags.map((tag) => (
          <li key={tag} className={m.tag}>
            {t(`promo_tag_${tag}`)}
          </li>
        ))}
      </ul>
      {promo.wageringMultiplier > 0 ? <p className={m.hint}>{t("promo_wagering_times", { times: promo.wageringMultiplier })}</p> : null}
      {promo.endsAt ? <p className={m.hint}>{t("promo_until", { date: fmt.date(promo.endsAt) })}</p> : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
