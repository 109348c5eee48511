import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { formatNumber } from "~/lib/format";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { BetForm } from "~/components/house-bet-form";
import { GameOutcome, SlotPaytable } from "~/components/house-outcome-lazy";
import { BetList, OutcomeSummary } from "~/components/house-summary";
import { useMoneyFormat } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import { betFormValues, decimalsOf, gameBets, parseBetForm } from "~/lib/house-bets";
import { requireRealUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import {
  actInRound,
  betRefusal,
  gameRecall,
  houseGames,
  houseRefusalKey,
  houseSeeds,
  memberRound,
  openRound,
  playRound,
  rotateSeeds,
  roundIdOf,
  tableFacts,
  type RoundView,
} from "~/services/house.server";
import { newRequestKey } from "~/services/money.server";
import { lastBet, rememberBet } from "~/services/last-bet.server";
import { PlatformError } from "~/services/platform.server";
import * as h from "~/styles/house.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.game.name ?? "" }];

/**
 * One in-house game (vendor HOUSE), playable without scripts: the provably fair seeds, the bet
 * form, the last round's result with its details, and the member's last 10 rounds of the game.
 * A round is POST → redirect to `?round=<id>`; a stateful game's round in play is shown with its
 * moves until it ends, also after a reload.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const code = params.gameCode ?? "";
  const def = gameBets(code);
  if (!def) throw new Response(null, { status: 404 });
  const { user, trial } = await requireRealUser(request);
  const catalogue = await houseGames(request);
  const game = catalogue.find((g) => g.code === code);
  if (!game) throw new Response(null, { status: 404 });
  const facts = tableFacts(code, user.currency || "USD");
  const base = { game, trial, balance: user.balance, currency: user.currency, limits: facts?.table ?? null, slot: facts?.slot ?? null, lastBet: await lastBet(request, code, def) };
  if (trial) return json({ ...base, seeds: null, round: null as RoundView | null, recent: [] as RoundView[], requestKey: "", revealed: null });
  const url = new URL(request.url);
  const wanted = roundIdOf(url.searchParams.get("round"));
  const [seeds, open, record, asked] = await Promise.all([
    houseSeeds(request),
    game.type === "session" ? openRound(request, code) : Promise.resolve(null),
    gameRecall(request, code),
    wanted ? memberRound(request, wanted) : Promise.resolve(null),
  ]);
  // A round in play comes first: its moves must be made before another round starts.
  const round = open ?? (asked && asked.game === code ? asked : null);
  const revealed = url.searchParams.get("rotated") === "1" ? (seeds.revealed[0] ?? null) : null;
  return json({ ...base, seeds, round, recent: record, requestKey: newRequestKey(), revealed });
}

type ActionData = { intent: string; errors: Record<string, string[]>; values: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const code = params.gameCode ?? "";
  const def = gameBets(code);
  if (!def) throw new Response(null, { status: 404 });
  const { user, trial } = await requireRealUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const reply = (errors: Record<string, string[]>, status: number, values: Record<string, string> = {}) => json<ActionData>({ intent, errors, values }, { status });
  if (trial) return reply({ "": ["in_need_true_account"] }, 403);

  if (intent === "seed") {
    const clientSeed = String(form.get("clientSeed") ?? "").trim();
    try {
      await rotateSeeds(request, clientSeed ? clientSeed.slice(0, 100) : undefined);
    } catch (e) {
      const key = houseRefusalKey(e);
      return reply({ clientSeed: [key] }, 400, { clientSeed: clientSeed.slice(0, 100) });
    }
    return redirect(`/house/${code}?rotated=1`);
  }

  if (intent === "act") {
    const roundId = roundIdOf(String(form.get("roundId") ?? ""));
    const move = String(form.get("action") ?? "").slice(0, 20);
    if (!roundId || !move) return reply({ action: ["hb_err_action"] }, 400);
    try {
      await actInRound(request, roundId, move);
    } catch (e) {
      if (e instanceof PlatformError && e.code === "ROUND_FINISHED") return redirect(`/house/${code}?round=${roundId}`);
      return reply({ action: [houseRefusalKey(e)] }, e instanceof PlatformError && e.status === 403 ? 403 : 400);
    }
    return redirect(`/house/${code}?round=${roundId}`);
  }

  const values = betFormValues(form, def);
  const parsed = parseBetForm(form, def);
  if ("errors" in parsed) return reply(parsed.errors, 400, values);
  const requestKey = String(form.get("requestKey") ?? "");
  if (!/^[A-Za-z0-9_-]{8,80}$/.test(requestKey)) return reply({ "": ["err_correct_info"] }, 400, values);
  try {
    const round = await playRound(request, { game: code, bets: parsed.bets, requestKey });
    // The next round starts from this stake and layout.
    return redirect(`/house/${code}?round=${round.id}`, { headers: { "Set-Cookie": await rememberBet(request, code, values) } });
  } catch (e) {
    const facts = tableFacts(code, user.currency || "USD");
    const refusal = betRefusal(e, { fields: parsed.fields, bets: parsed.bets, table: facts?.table ?? null });
    return reply(refusal.errors, refusal.status, values);
  }
}

export default function HouseGame() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as ActionData | undefined;
  const fmt = useMoneyFormat();
  const def = gameBets(data.game.code)!;
  const round = data.round as RoundView | null;
  const inPlay = round?.status === "OPEN";
  return (
    <div className={h.page} data-testid="house-game" data-game={data.game.code}>
      <div className={h.head}>
        <h1 className={h.title}>{data.game.name}</h1>
        <span>
          {t("balance")}:{" "}
          <strong data-testid="house-balance">{data.balance === null ? "--" : fmt.amount(data.balance, data.currency)}</strong>
        </span>
      </div>
      {data.trial ? (
        <TrialWarning />
      ) : (
        <>
          {round ? <RoundResult round={round} slot={data.slot} error={acted?.intent === "act" ? acted.errors.action : undefined} /> : null}
          {inPlay ? null : (
            <BetForm
              key={data.game.code}
              game={data.game.code}
              def={def}
              limits={data.limits}
              requestKey={data.requestKey}
              values={acted?.intent === "bet" ? acted.values : data.lastBet}
              errors={acted?.intent === "bet" ? acted.errors : {}}
            />
          )}
          {data.slot ? <SlotPaytable slot={data.slot} /> : null}
          {data.seeds ? <FairPanel seeds={data.seeds} revealed={data.revealed} action={acted?.intent === "seed" ? acted : undefined} /> : null}
          <Recall rounds={data.recent as RoundView[]} />
        </>
      )}
    </div>
  );
}

/** The round just played (or in play): outcome, bets, money and seeds, or the moves left. */
function RoundResult({ round, slot, error }: { round: RoundView; slot: unknown; error?: string[] }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const open = round.status === "OPEN";
  const record = (round.outcome ?? {}) as { outcome?: unknown };
  const outcome = open ? round.view : record.outcome;
  const exp = decimalsOf(round.stake);
  return (
    <section className={h.section} aria-labelledby="round-title" data-testid="round-result" data-round-id={round.id} data-status={round.status} data-moves={round.actions.length}>
      <h2 id="round-title" className={h.sectionTitle}>
        {open ? t("hb_round_in_play", { id: round.id }) : t("hb_round_result", { id: round.id })}
      </h2>
      <GameOutcome game={round.game} outcome={outcome} bets={round.bets} stake={round.stake} slot={slot as never} />
      {open ? (
        <Form method="post" className={h.actions} data-testid="round-actions">
          <CsrfInput />
          <input type="hidden" name="intent" value="act" />
          <input type="hidden" name="roundId" value={round.id} />
          {round.legalActions.map((a) => (
            <button key={a} type="submit" name="action" value={a} className={a === "stand" || a === "cashout" || a === "play" ? s.primaryButton : s.smallButton} data-testid={`action-${a}`}>
              {t(`hb_action_${a}`)}
            </button>
          ))}
          {round.game === "HOUSE_HILO" && typeof (round.view as { cashoutValue?: unknown })?.cashoutValue === "string" && (round.view as { correct?: number }).correct ? (
            <span className={h.muted}>{t("hb_cashout_value", { amount: fmt.amount(fromMinorSafe((round.view as { cashoutValue: string }).cashoutValue, exp), round.currency) })}</span>
          ) : null}
          {error?.length ? <FieldError id="action-error" errors={error} /> : null}
        </Form>
      ) : null}
      <dl className={h.facts}>
        <dt className={h.factTerm}>{t("hb_bets")}</dt>
        <dd className={h.factValue}>
          <BetList game={round.game} bets={round.bets} />
        </dd>
        <dt className={h.factTerm}>{t("hb_stake")}</dt>
        <dd className={h.factValue} data-testid="round-stake" data-amount={round.stake}>
          {fmt.amount(round.stake, round.currency)}
        </dd>
        {open ? null : (
          <>
            <dt className={h.factTerm}>{t("hb_win")}</dt>
            <dd className={h.factValue} data-testid="round-win" data-amount={round.win}>
              {fmt.amount(round.win, round.currency)}
            </dd>
          </>
        )}
        <dt className={h.factTerm}>{t("hb_balance_before")}</dt>
        <dd className={h.factValue} data-testid="round-balance-before" data-amount={round.balanceBefore}>
          {fmt.amount(round.balanceBefore, round.currency)}
        </dd>
        {round.balanceAfter !== null ? (
          <>
            <dt className={h.factTerm}>{t("hb_balance_after")}</dt>
            <dd className={h.factValue} data-testid="round-balance-after" data-amount={round.balanceAfter}>
              {fmt.amount(round.balanceAfter, round.currency)}
            </dd>
          </>
        ) : null}
        <dt className={h.factTerm}>{t("hb_time")}</dt>
        <dd className={h.factValue}>
          <time dateTime={round.settledAt ?? round.createdAt}>{fmt.dateTime(round.settledAt ?? round.createdAt)}</time>
        </dd>
        <dt className={h.factTerm}>{t("hb_client_seed")}</dt>
        <dd className={`${h.factValue} ${h.mono}`}>{round.clientSeed}</dd>
        <dt className={h.factTerm}>{t("hb_nonce")}</dt>
        <dd className={h.factValue}>{round.nonce}</dd>
      </dl>
      {open ? null : (
        <p className={h.muted}>
          <Link to={`/verify?round=${round.id}`} data-testid="round-verify-link">
            {t("hb_verify_round")}
          </Link>
        </p>
      )}
    </section>
  );
}

function fromMinorSafe(minor: string, exp: number): string {
  try {
    const v = BigInt(minor);
    const unit = 10n ** BigInt(exp);
    return exp === 0 ? v.toString() : `${v / unit}.${(v % unit).toString().padStart(exp, "0")}`;
  } catch {
    return "0";
  }
}

type SeedsData = { active: { serverSeedHash: string; nextServerSeedHash: string; clientSeed: string; nonce: number } };
type Revealed = { serverSeed: string; serverSeedHash: string; clientSeed: string; roundsPlayed: number } | null;

/** Provably fair: the commitments shown before play, and the client seed the member may set. */
function FairPanel({ seeds, revealed, action }: { seeds: SeedsData; revealed: Revealed; action?: ActionData }) {
  const { t, i18n } = useTranslation();
  const a = seeds.active;
  const failed = !!action?.errors.clientSeed?.length;
  return (
    <section className={h.section} aria-labelledby="fair-title" data-testid="fair-panel">
      <h2 id="fair-title" className={h.sectionTitle}>
        {t("hb_fair_title")}
      </h2>
      {revealed ? (
        <p role="status" className={h.ok} data-testid="seed-revealed">
          {t("ui_seed_revealed", { count: revealed.roundsPlayed, n: formatNumber(revealed.roundsPlayed, i18n.language) })} <span className={h.mono}>{revealed.serverSeed}</span>
        </p>
      ) : null}
      <dl className={h.factsStacked}>
        <dt className={h.factTerm}>{t("hb_server_seed_hash")}</dt>
        <dd className={`${h.factValue} ${h.mono}`} data-testid="server-seed-hash">
          {a.serverSeedHash}
        </dd>
        <dt className={h.factTerm}>{t("hb_next_seed_hash")}</dt>
        <dd className={`${h.factValue} ${h.mono}`}>{a.nextServerSeedHash}</dd>
        <dt className={h.factTerm}>{t("hb_client_seed")}</dt>
        <dd className={`${h.factValue} ${h.mono}`} data-testid="client-seed">
          {a.clientSeed}
        </dd>
        <dt className={h.factTerm}>{t("hb_nonce")}</dt>
        <dd className={h.factValue} data-testid="nonce">
          {a.nonce}
        </dd>
      </dl>
      <Form method="post" className={h.spotGroup} data-testid="seed-form">
        <CsrfInput />
        <label htmlFor="clientSeed" className={h.legend}>
          {t("hb_new_client_seed")}
        </label>
        <input
          id="clientSeed"
          name="clientSeed"
          type="text"
          maxLength={64}
          autoComplete="off"
          className={`${s.field} ${h.wideInput}`}
          defaultValue={action?.values.clientSeed ?? ""}
          aria-invalid={failed || undefined}
          aria-describedby={failed ? "clientSeed-error" : "clientSeed-hint"}
        />
        <p id="clientSeed-hint" className={h.muted}>
          {t("hb_rotate_hint")}
        </p>
        <FieldError id="clientSeed-error" errors={action?.errors.clientSeed} />
        <div className={h.actions}>
          <button type="submit" name="intent" value="seed" className={s.smallButton} data-testid="rotate-seed">
            {t("hb_rotate")}
          </button>
          <Link to="/verify" className={s.linkish}>
            {t("hb_verify_link")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** Game recall: the member's last 10 rounds of this game, each with its details and check. */
function Recall({ rounds }: { rounds: RoundView[] }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  return (
    <section className={h.section} aria-labelledby="recall-title" data-testid="recall">
      <h2 id="recall-title" className={h.sectionTitle}>
        {t("hb_recall_title")}
      </h2>
      {rounds.length ? (
        <ol className={h.recall}>
          {rounds.map((r) => {
            const outcome = r.status === "OPEN" ? r.view : (r.outcome as { outcome?: unknown } | null)?.outcome;
            return (
              <li key={r.id} className={h.recallItem} data-testid="recall-round" data-round-id={r.id}>
                <div className={h.recallHead}>
                  <span className={h.muted}>
                    #{r.id} · <time dateTime={r.createdAt}>{fmt.dateTime(r.createdAt)}</time>
                  </span>
                  <span>
                    {t("hb_stake")} {fmt.amount(r.stake)} · {t("hb_win")} {r.status === "OPEN" ? "—" : fmt.amount(r.win)}
                  </span>
                </div>
                <OutcomeSummary game={r.game} outcome={outcome} bets={r.bets} />
                <div className={h.actions}>
                  <Link to={`?round=${r.id}`} className={s.linkish}>
                    {t("hb_details")}
                  </Link>
                  {r.status === "SETTLED" ? (
                    <Link to={`/verify?round=${r.id}`} className={s.linkish}>
                      {t("hb_verify_round")}
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className={h.muted}>{t("hb_recall_empty")}</p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
