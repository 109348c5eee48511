import type { SubmissionResult } from "~/lib/forms";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useMoneyFormat } from "~/components/money";
import { PromoActionForm, PromoStatus } from "~/components/promo-action";
import { TrialWarning } from "~/components/trial-warning";
import { requireRealUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { getLocale } from "~/services/i18n.server";
import { getRewards, handlePromoAction, type RewardItem } from "~/services/promotions.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/** The rewards centre (spec §2): joined, can claim (sign-up reward, raffle, rebate), waiting for review, and got. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  if (trial) return json({ trial, rewards: null });
  return json({ trial, rewards: await getRewards(request, await getLocale(request)) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRealUser(request);
  return handlePromoAction(request, await readForm(request), "/member/rewardCenter");
}

const GROUPS = ["claimable", "joined", "waiting", "got"] as const;

export default function RewardCenter() {
  const { t } = useTranslation();
  const { rewards } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as { id: number; result: SubmissionResult<string[]> } | undefined;
  const [params] = useSearchParams();
  const done = params.get("done");
  return (
    <div data-testid="reward-center" className={m.panel}>
      <h1>{t("promo_rewards_title")}</h1>
      {!rewards ? (
        <TrialWarning />
      ) : (
        <>
          {done && ["join", "claim", "apply"].includes(done) ? (
            <p role="status" className={m.notice} data-testid="promo-done">
              {t(`promo_done_${done}`)}
            </p>
          ) : null}
          {GROUPS.map((g) => (
            <section key={g} aria-labelledby={`rewards-${g}`} className={m.block} data-testid={`rewards-${g}`}>
              <h2 id={`rewards-${g}`} className={m.blockTitle}>
                {t(`promo_rewards_${g}`)}
              </h2>
              {rewards[g].length ? (
                <ul className={m.records}>
                  {rewards[g].map((r) => (
                    <RewardCard key={r.id} item={r} lastResult={acted && acted.id === r.id ? acted.result : null} />
                  ))}
                </ul>
              ) : (
                <p className={m.hint}>{t("promo_rewards_empty")}</p>
              )}
            </section>
          ))}
          <p>
            <Link to="/promotions" className={s.linkish}>
              {t("promotions_title")}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function RewardCard({ item, lastResult }: { item: RewardItem; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const { rewards } = useLoaderData<typeof loader>();
  const cur = rewards!.currency;
  return (
    <li className={m.card} data-testid="reward-card" data-code={item.code}>
      <div className={m.recordHead}>
        <strong>{item.title}</strong>
        <PromoStatus status={item.status} />
      </div>
      {item.entry?.amount ? (
        <p style={{ margin: 0 }}>
          {t("promo_paid")}: <strong className={m.amountText} data-testid="reward-amount">{fmt.amount(item.entry.amount, cur)}</strong>
        </p>
      ) : null}
      {item.entry && item.progress !== null ? (
        <p className={m.hint} data-testid="reward-wagering">
          {t("promo_progress", { done: fmt.amount(item.progress, cur), total: fmt.amount(item.entry.wagering, cur) })}
        </p>
      ) : null}
      {item.entry?.note ? <p className={m.hint}>{item.entry.note}</p> : null}
      <PromoActionForm promo={item} action="/member/rewardCenter" back="/member/rewardCenter" loggedIn lastResult={lastResult} />
    </li>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
