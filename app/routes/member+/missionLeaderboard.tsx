import { getFormProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useMoneyFormat } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { requireRealUser } from "~/services/auth.server";
import { setFlash, takeFlash } from "~/services/flash.server";
import { readForm } from "~/services/forms.server";
import { getLocale } from "~/services/i18n.server";
import { claimMission, getMissions, type Mission } from "~/services/missions.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { missionClaimSchema } from "~/lib/member-schemas";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

const PATH = "/member/missionLeaderboard";
const BOARDS = ["weekly", "daily"] as const;



/**
 * Spec §2 missionLeaderboard: the operator's missions with progress from the member's settled
 * bets, each claimed by a form once complete, and the leaderboard of the period's valid bets.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const { flash, headers } = await takeFlash(request);
  const board = new URL(request.url).searchParams.get("board") === "daily" ? "daily" : "weekly";
  if (trial) return json({ data: null, board, flash: null });
  return json({ data: await getMissions(request, await getLocale(request), board), board, flash: flash?.key === "mission_done" ? flash : null }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: missionClaimSchema });
  const id = Number(formData.get("id")) || 0;
  if (trial) return json({ id, result: submission.reply({ formErrors: ["in_need_true_account"] }) }, { status: 403 });
  if (submission.status !== "success") return json({ id, result: submission.reply() }, { status: 400 });
  const outcome = await claimMission(request, submission.value.id);
  if (!outcome.ok) return json({ id, result: submission.reply({ formErrors: [outcome.key] }) }, { status: 400 });
  const board = new URL(request.url).searchParams.get("board") === "daily" ? "?board=daily" : "";
  return redirect(`${PATH}${board}`, { headers: { "Set-Cookie": await setFlash({ key: "mission_done", values: { amount: outcome.amount } }) } });
}

export default function MissionLeaderboard() {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const { data, board, flash } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as { id: number; result: SubmissionResult<string[]> } | undefined;
  if (!data) {
    return (
      <div data-testid="mission-leaderboard" className={m.panel}>
        <h1>{t("mission_title")}</h1>
        <TrialWarning />
      </div>
    );
  }
  const { missions, leaderboard } = data;
  const cur = missions.currency;
  // A refused claim of a mission no longer listed (closed meanwhile) is shown over the list.
  const orphan = acted && !missions.missions.some((x) => x.id === acted.id) ? Object.values(acted.result.error ?? {}).flatMap((e) => e ?? []) : [];
  return (
    <div data-testid="mission-leaderboard" className={m.panel}>
      <h1>{t("mission_title")}</h1>
      {flash ? (
        <p role="status" className={m.notice} data-testid="mission-done" key={flash.id}>
          {t("mission_done", { amount: fmt.amount(flash.values.amount ?? "0", cur) })}
        </p>
      ) : null}
      <p className={m.hint}>{t("mission_intro")}</p>
      {orphan.length ? (
        <p className={s.fieldError} role="alert" data-testid="mission-error">
          {orphan.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      {missions.missions.length ? (
        <ul className={m.records} data-testid="missions">
          {missions.missions.map((mission) => (
            <MissionCard key={mission.id} mission={mission} currency={cur} lastResult={acted && acted.id === mission.id ? acted.result : null} />
          ))}
        </ul>
      ) : (
        <p className={m.status}>{t("mission_empty")}</p>
      )}

      <section aria-labelledby="leaderboard-title" className={m.block} data-testid="leaderboard">
        <h2 id="leaderboard-title" className={m.blockTitle}>
          {t("leaderboard_title")}
        </h2>
        <nav aria-label={t("leaderboard_title")}>
          <ul className={m.presets}>
            {BOARDS.map((b) => (
              <li key={b}>
                <Link
                  to={b === "weekly" ? PATH : `${PATH}?board=${b}`}
                  className={`${s.smallButton}${b === board ? ` ${m.tagGood}` : ""}`}
                  aria-current={b === board ? "page" : undefined}
                  data-testid={`leaderboard-${b}`}
                >
                  {t(b === "weekly" ? "contract_period_weekly" : "contract_period_daily")}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {leaderboard.me ? (
          <p className={m.hint} data-testid="leaderboard-me">
            {t("leaderboard_me", { amount: fmt.amount(leaderboard.me.validBet, leaderboard.currency) })}
            {leaderboard.me.rank ? ` ${t("leaderboard_me_rank", { rank: leaderboard.me.rank })}` : ""}
          </p>
        ) : null}
        {leaderboard.top.length ? (
          <div className={m.tableWrap}>
            <table className={m.table} data-testid="leaderboard-table">
              <thead>
                <tr>
                  <th scope="col" className={`${m.cell} ${m.number}`}>{t("leaderboard_rank")}</th>
                  <th scope="col" className={m.cell}>{t("leaderboard_member")}</th>
                  <th scope="col" className={`${m.cell} ${m.number}`}>{t("rebate_valid_bet")}</th>
                </tr>
              </thead>
              <tbody>
                {leaderboard.top.map((row) => (
                  <tr key={row.rank} data-testid="leaderboard-row" data-me={row.me ? "true" : undefined} className={row.me ? m.totalRow : undefined}>
                    <td className={`${m.cell} ${m.number}`} data-label={t("leaderboard_rank")}>
                      {row.rank}
                    </td>
                    <td className={m.cell} data-label={t("leaderboard_member")}>
                      <bdi>{row.account}</bdi>
                      {row.me ? ` ${t("leaderboard_you")}` : ""}
                    </td>
                    <td className={`${m.cell} ${m.number}`} data-label={t("rebate_valid_bet")}>
                      {fmt.amount(row.validBet, leaderboard.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={m.hint}>{t("leaderboard_empty")}</p>
        )}
      </section>
    </div>
  );
}

const STATUS_TONE: Record<Mission["status"], string> = { in_progress: "", claim: m.tagGood, claimed: m.tagGood };

function MissionCard({ mission, currency, lastResult }: { mission: Mission; currency: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const validation = useSchemaValidation(() => import("~/lib/member-schemas"), (schemas) => schemas.missionClaimSchema);
  const [form, fields] = useForm({ id: `mission-${mission.id}`, lastResult, shouldValidate: "onSubmit", onValidate: validation.onValidate });
  const errors = [...(form.errors ?? []), ...(fields.id.errors ?? [])];
  const progressId = `mission-${mission.id}-progress`;
  return (
    <li className={m.card} data-testid="mission-card" data-code={mission.code}>
      <div className={m.recordHead}>
        <strong>{mission.title}</strong>
        <span className={`${m.tag} ${STATUS_TONE[mission.status]}`} data-testid="mission-status">
          {t(`mission_status_${mission.status}`)}
        </span>
      </div>
      <p className={m.hint}>
        {t(mission.period === "weekly" ? "contract_period_weekly" : "contract_period_daily")} · {mission.category ? t(`cat_${mission.category}`) : t("mission_all_games")} ·{" "}
        {t("mission_ends", { date: fmt.dateTime(mission.periodEnds) })}
      </p>
      <progress className={m.progress} max={100} value={mission.percent} aria-labelledby={progressId} />
      <p style={{ margin: 0 }} id={progressId} data-testid="mission-progress">
        {t("mission_progress", { done: fmt.amount(mission.progress, currency), total: fmt.amount(mission.target, currency) })}
      </p>
      <p style={{ margin: 0 }}>
        {t("mission_reward")}: <strong data-testid="mission-reward">{fmt.amount(mission.reward, currency)}</strong>
      </p>
      {errors.length ? (
        <p className={s.fieldError} role="alert" data-testid="mission-error">
          {errors.map((e) => t(e)).join(" ")}
        </p>
      ) : null}
      {mission.status === "claim" ? (
        <Form method="post" {...getFormProps(form)} onFocus={validation.load} aria-label={mission.title}>
          <CsrfInput />
          <input type="hidden" name="intent" value="claim" />
          <input type="hidden" name="id" value={mission.id} />
          <button type="submit" className={s.primaryButton} data-testid="mission-claim">
            {t("promo_claim")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
