import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useMoneyFormat } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { formatNumber } from "~/lib/format";
import { formatRebate } from "~/lib/rebate";
import { requireRealUser } from "~/services/auth.server";
import { getLocale } from "~/services/i18n.server";
import { getReferral } from "~/services/referral.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

/**
 * Spec §2 referral (invite friends): the member's referral code, link and QR code, the friends
 * who joined with it and what each earned the member. Only while the referral promotion runs
 * (spec §6): otherwise a 404 that says so. Agents invite from registerCenter (spec §2).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, trial } = await requireRealUser(request);
  if (user.isAgent) throw redirect("/agent/registerCenter");
  if (trial) return json({ trial: true as const, referral: null });
  const referral = await getReferral(request, await getLocale(request));
  if (!referral) return json({ trial: false as const, referral: null }, { status: 404 });
  return json({ trial: false as const, referral });
}

export default function Referral() {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const { trial, referral } = useLoaderData<typeof loader>();
  if (trial || !referral) {
    return (
      <div data-testid="referral" className={m.panel}>
        <h1>{t("referral_title")}</h1>
        {trial ? (
          <TrialWarning />
        ) : (
          <p className={m.status} role="status" data-testid="referral-unavailable">
            {t("referral_unavailable")} <Link to="/promotions">{t("promotions_title")}</Link>
          </p>
        )}
      </div>
    );
  }
  const cur = referral.currency;
  const p = referral.promotion;
  const rate = p.rate > 0 ? formatRebate(p.rate / 100, fmt.language) : null;
  const fixed = p.amount !== "0.00" && p.amount !== "0" ? fmt.amount(p.amount, cur) : null;
  const reward = fixed && rate ? t("referral_reward_both", { amount: fixed, rate }) : rate ? t("referral_reward_rate", { rate }) : (fixed ?? "");
  const capped = p.cap !== "0.00" && p.cap !== "0" ? ` ${t("referral_reward_cap", { cap: fmt.amount(p.cap, cur) })}` : "";
  return (
    <div data-testid="referral" className={m.panel}>
      <h1>{t("referral_title")}</h1>
      <p className={m.notice} data-testid="referral-rule">
        <span>
          <strong>{p.title}</strong> {t("referral_rule", { min: fmt.amount(p.minDeposit, cur), reward: `${reward}${capped}` })}
        </span>
      </p>
      <section aria-labelledby="referral-invite-title" className={m.card}>
        <h2 id="referral-invite-title" className={m.blockTitle}>
          {t("referral_invite")}
        </h2>
        <dl className={m.details}>
          <dt className={m.term}>{t("referral_code")}</dt>
          <dd className={m.value} data-testid="referral-code">
            {referral.referralCode}
          </dd>
          <dt className={m.term}>{t("agent_invite_link")}</dt>
          <dd className={m.value}>
            <a href={referral.link} className={m.breakAnywhere} data-testid="referral-link">
              {referral.link}
            </a>
          </dd>
        </dl>
        <p className={m.hint}>{t("referral_share_hint")}</p>
        <img src={referral.qr} alt={t("agent_invite_qr")} className={m.qrImage} width={160} height={160} data-testid="referral-qr" />
      </section>

      <section aria-labelledby="referral-friends-title" className={m.block}>
        <h2 id="referral-friends-title" className={m.blockTitle}>
          {t("referral_friends", { total: formatNumber(referral.friendsCount, fmt.language, 0) })}
        </h2>
        <p style={{ margin: 0 }}>
          {t("referral_total")}: <strong className={m.amountText} data-testid="referral-total">{fmt.amount(referral.totalEarned, cur)}</strong>
        </p>
        {referral.friends.length ? (
          <div className={m.tableWrap}>
            <table className={m.table} data-testid="referral-friends">
              <thead>
                <tr>
                  <th scope="col" className={m.cell}>{t("referral_friend")}</th>
                  <th scope="col" className={m.cell}>{t("referral_joined")}</th>
                  <th scope="col" className={`${m.cell} ${m.number}`}>{t("referral_earned")}</th>
                </tr>
              </thead>
              <tbody>
                {referral.friends.map((f, i) => (
                  <tr key={`${f.account}-${i}`} data-testid="referral-friend">
                    <td className={m.cell} data-label={t("referral_friend")}>
                      <bdi>{f.account}</bdi>
                    </td>
                    <td className={m.cell} data-label={t("referral_joined")}>
                      <time dateTime={f.joinedAt}>{fmt.dateTime(f.joinedAt)}</time>
                    </td>
                    <td className={`${m.cell} ${m.number}`} data-label={t("referral_earned")} data-testid="referral-earned">
                      {f.rewarded ? fmt.amount(f.earned, cur) : t("referral_waiting")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={m.hint} data-testid="referral-no-friends">
            {t("referral_no_friends")}
          </p>
        )}
        {referral.friendsCount > referral.friends.length ? <p className={m.hint}>{t("referral_more", { n: referral.friends.length })}</p> : null}
      </section>
      <p>
        <Link to="/promotions" className={s.linkish}>
          {t("promotions_title")}
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
