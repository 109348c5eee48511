import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/components/translation";
import { formatNumber, formatOdds, formatPercent } from "~/lib/format";
import { CsrfInput } from "~/components/csrf";
import { FieldError } from "~/components/field-error";
import { MoneyFieldError, useMoneyFormat } from "~/components/money";
import { TrialWarning } from "~/components/trial-warning";
import type { DrawView, LotteryActionData, lotteryLoader, LotteryGameView, TicketView } from "~/services/lottery.server";
import * as h from "~/styles/house.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import * as l from "~/styles/lottery.css";

/** Bet types whose selection is typed numbers, with their digit count (the server's NUMBER_TYPES). */
const NUMBER_DIGITS: Record<string, number> = { LAST2: 2, LAST3: 3, LO: 2, DE: 2, BA_CANG: 3, BIG: 4, SMALL: 4, SEA2D: 2 };
const SIDES: Record<string, Array<[string, string]>> = {
  BIG_SMALL: [
    ["B", "hb_big"],
    ["S", "hb_small"],
  ],
  ODD_EVEN: [
    ["O", "hb_odd"],
    ["E", "hb_even"],
  ],
};

/**
 * A lottery page (/lottery, /vnLottery, /seaLottery): the games of the page, the draw taking
 * bets, a form per bet type, the member's tickets and the recent results with their seeds.
 */
export function LotteryScreen() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof lotteryLoader>();
  const acted = useActionData<LotteryActionData>();
  const fmt = useMoneyFormat();
  const game = data.game as LotteryGameView;
  return (
    <div className={h.page} data-testid="lottery-page" data-page={data.page} data-game={game.gameCode}>
      <div className={h.head}>
        <h1 className={h.title}>{t("lottery_title")}</h1>
        <span>
          {t("balance")}: <strong data-testid="lottery-balance">{data.balance === null ? "--" : fmt.amount(data.balance, data.currency)}</strong>
        </span>
      </div>
      <nav aria-label={t("lott_games")}>
        <ul className={m.presets}>
          {data.games.map((g) => (
            <li key={g.code}>
              <Link to={`/${data.page}?gameCode=${g.code}`} className={s.smallButton} aria-current={g.code === game.gameCode ? "page" : undefined}>
                {g.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <CurrentDraw game={game} />
      {data.trial ? (
        <TrialWarning />
      ) : (
        <>
          {data.bought ? (
            <p className={m.notice} role="status" data-testid="ticket-bought">
              {t("lott_bought", { id: data.bought.id, issue: data.bought.issue })}
            </p>
          ) : null}
          {acted?.errors[""]?.length ? (
            <p className={`${m.notice} ${m.noticeBad}`} role="alert" data-testid="lottery-error">
              {acted.errors[""].map((k) => t(k)).join(" ")}
            </p>
          ) : null}
          <section className={h.section} aria-labelledby="bets-title">
            <h2 id="bets-title" className={h.sectionTitle}>
              {t("lott_place_bets")}
            </h2>
            <p className={h.muted}>{t("lott_limits", { min: fmt.amount(game.limits.minLine, data.currency), max: fmt.amount(game.limits.maxLine, data.currency), n: game.limits.maxLines })}</p>
            <div className={l.betGrid}>
              {game.betTypes.map((type) => (
                <BetTypeForm key={`${type}-${data.bought?.id ?? ""}`} game={game} type={type} requestKey={data.requestKey} acted={acted?.type === type ? acted : undefined} currency={data.currency} />
              ))}
            </div>
          </section>
          <Tickets tickets={data.tickets as TicketView[]} />
        </>
      )}
      <OddsTable game={game} />
      <Results game={game} />
    </div>
  );
}

/** The draw taking bets: issue, closing time (with scripts, a countdown), the seed's hash. */
function CurrentDraw({ game }: { game: LotteryGameView }) {
  const { t, i18n } = useTranslation();
  const fmt = useMoneyFormat();
  const d = game.current;
  return (
    <section className={h.section} aria-labelledby="draw-title" data-testid="current-draw" data-issue={d.issue}>
      <h2 id="draw-title" className={h.sectionTitle}>
        {game.name} · {t("lott_draw", { issue: d.issue })}
      </h2>
      <p className={h.muted}>{game.periodSeconds >= 86_400 ? t("lott_every_day") : t("lott_every_minutes", { count: game.periodSeconds / 60, n: formatNumber(game.periodSeconds / 60, i18n.language) })}</p>
      <dl className={h.facts}>
        <dt className={h.factTerm}>{t("lott_closes")}</dt>
        <dd className={h.factValue}>
          <time dateTime={d.closesAt}>{fmt.dateTime(d.closesAt)}</time> <Countdown until={d.closesAt} />
        </dd>
        <dt className={h.factTerm}>{t("lott_draw_time")}</dt>
        <dd className={h.factValue}>
          <time dateTime={d.drawAt}>{fmt.dateTime(d.drawAt)}</time>
        </dd>
        <dt className={h.factTerm}>{t("lott_seed_hash")}</dt>
        <dd className={`${h.factValue} ${h.mono}`} data-testid="draw-seed-hash">
          {d.serverSeedHash}
        </dd>
        <dt className={h.factTerm}>{t("lott_prize_mode")}</dt>
        <dd className={h.factValue}>
          {game.prizeModes.length > 1 ? (
            <span className={m.buttonRow}>
              {game.prizeModes.map((mode) =>
                mode === game.prizeMode ? (
                  <strong key={mode} aria-current="true" data-testid="prize-mode">
                    {t(`lott_mode_${mode}`)}
                  </strong>
                ) : (
                  <Link key={mode} to={`?gameCode=${game.gameCode}&prizeMode=${mode}`} className={s.linkish}>
                    {t(`lott_mode_${mode}`)}
                  </Link>
                ),
              )}
            </span>
          ) : (
            t(`lott_mode_${game.prizeMode}`)
          )}
        </dd>
      </dl>
      <Link to={`?gameCode=${game.gameCode}${game.prizeModes.length > 1 ? `&prizeMode=${game.prizeMode}` : ""}`} className={s.linkish}>
        {t("lott_refresh")}
      </Link>
    </section>
  );
}

/** With scripts: minutes and seconds left, and a reload of the page when the draw closes. */
function Countdown({ until }: { until: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const end = Date.parse(until);
    let reloaded = false;
    const tick = () => {
      const ms = end - Date.now();
      setLeft(Math.max(0, Math.ceil(ms / 1000)));
      if (ms <= 0 && !reloaded) {
        reloaded = true;
        revalidator.revalidate();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  if (left === null) return null;
  const hh = Math.floor(left / 3600);
  const mm = String(Math.floor((left % 3600) / 60)).padStart(2, "0");
  const ss = String(left % 60).padStart(2, "0");
  return (
    <span className={h.muted} aria-live="off">
      ({t("lott_closes_in", { time: hh ? `${hh}:${mm}:${ss}` : `${mm}:${ss}` })})
    </span>
  );
}

function BetTypeForm({ game, type, requestKey, acted, currency }: { game: LotteryGameView; type: string; requestKey: string; acted?: LotteryActionData; currency: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const v = acted?.values ?? {};
  const e = acted?.errors ?? {};
  const id = (f: string) => `${type}-${f}`;
  const digits = NUMBER_DIGITS[type];
  const positions = Array.from({ length: game.digits ?? 0 }, (_, i) => String(i + 1));
  return (
    <Form method="post" className={l.betCard} data-testid={`bet-form-${type}`} aria-labelledby={id("title")}>
      <CsrfInput />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="gameCode" value={game.gameCode} />
      <input type="hidden" name="issue" value={game.current.issue} />
      <input type="hidden" name="prizeMode" value={game.prizeMode} />
      <input type="hidden" name="requestKey" value={requestKey} />
      <h3 id={id("title")} className={l.betTitle}>
        {t(`lott_type_${type}`)}
      </h3>
      <p className={h.muted}>{t(`lott_hint_${type}`)}</p>
      <div className={l.betRow}>
        {digits ? (
          <label className={l.betField}>
            {t("lott_numbers")}
            <input
              name="numbers"
              className={h.amount}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={v.numbers ?? ""}
              placeholder={"0".repeat(digits)}
              aria-describedby={`${id("numbers-hint")} ${id("numbers-error")}`}
              aria-invalid={e.numbers ? true : undefined}
              data-testid={`numbers-${type}`}
            />
            <span id={id("numbers-hint")} className={h.muted}>
              {t("lott_numbers_hint", { n: digits })}
            </span>
            <FieldError id={id("numbers-error")} errors={e.numbers} />
          </label>
        ) : (
          <>
            <label className={l.betField}>
              {t("lott_position")}
              <select name="position" className={h.select} defaultValue={v.position ?? "1"} data-testid={`position-${type}`}>
                {positions.map((p) => (
                  <option key={p} value={p}>
                    {t("lott_position_n", { n: p })}
                  </option>
                ))}
                {type === "DIGIT" ? null : <option value="SUM">{t("lott_sum")}</option>}
              </select>
            </label>
            <label className={l.betField}>
              {type === "DIGIT" ? t("lott_digit") : t("lott_choice")}
              <select name="pick" className={h.select} defaultValue={v.pick ?? ""} aria-invalid={e.pick ? true : undefined} aria-describedby={id("pick-error")} data-testid={`pick-${type}`}>
                {type === "DIGIT"
                  ? Array.from({ length: 10 }, (_, d) => (
                      <option key={d} value={String(d)}>
                        {d}
                      </option>
                    ))
                  : SIDES[type]!.map(([value, key]) => (
                      <option key={value} value={value}>
                        {t(key)}
                      </option>
                    ))}
              </select>
              <FieldError id={id("pick-error")} errors={e.pick} />
            </label>
          </>
        )}
        <label className={l.betField}>
          {t("lott_amount_each")}
          <input
            name="amount"
            className={h.amount}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={v.amount ?? ""}
            aria-invalid={e.amount ? true : undefined}
            aria-describedby={id("amount-error")}
            data-testid={`amount-${type}`}
          />
          {currency ? <span className={h.muted}>{currency}</span> : null}
          <MoneyFieldError id={id("amount-error")} errors={e.amount} />
        </label>
        <button type="submit" className={s.primaryButton} disabled={busy} data-testid={`buy-${type}`}>
          {t("lott_buy")}
        </button>
      </div>
    </Form>
  );
}

function Tickets({ tickets }: { tickets: TicketView[] }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  return (
    <section className={h.section} aria-labelledby="tickets-title">
      <h2 id="tickets-title" className={h.sectionTitle}>
        {t("lott_my_tickets")}
      </h2>
      {tickets.length === 0 ? (
        <p className={h.muted}>{t("lott_no_tickets")}</p>
      ) : (
        <div className={m.tableWrap}>
          <table className={m.table} data-testid="tickets">
            <thead>
              <tr>
                <th className={m.cell}>#</th>
                <th className={m.cell}>{t("lott_issue")}</th>
                <th className={m.cell}>{t("hb_bets")}</th>
                <th className={`${m.cell} ${m.number}`}>{t("hb_stake")}</th>
                <th className={`${m.cell} ${m.number}`}>{t("hb_win")}</th>
                <th className={m.cell}>{t("status_label")}</th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((k) => (
                <tr key={k.id} data-testid="ticket" data-ticket-id={k.id} data-status={k.status}>
                  <td data-label="#" className={m.cell}>{k.id}</td>
                  <td data-label={t("lott_issue")} className={m.cell}>{k.issue}</td>
                  <td data-label={t("hb_bets")} className={m.cell}>
                    <ul className={h.list}>
                      {k.lines.map((l, i) => (
                        <li key={i}>
                          {t(`lott_type_${l.type}`)} <strong>{selectionText(t, l.type, l.selection)}</strong> · {fmt.amount(l.amount, k.currency)} · ×{l.odds}
                          {l.win !== null && l.win !== "0.00" ? ` → ${fmt.amount(l.win, k.currency)}` : ""}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label={t("hb_stake")} className={`${m.cell} ${m.number}`} data-testid="ticket-stake" data-amount={k.stake}>
                    {fmt.amount(k.stake, k.currency)}
                  </td>
                  <td data-label={t("hb_win")} className={`${m.cell} ${m.number}`} data-testid="ticket-win" data-amount={k.win}>
                    {k.status === "PENDING" || k.status === "PLACING" ? "—" : fmt.amount(k.win, k.currency)}
                  </td>
                  <td data-label={t("status_label")} className={m.cell}>{t(`lott_status_${k.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** "3-7" → "Position 3: 7"; "SUM-B" → "Sum: Big"; numbers as they are. */
function selectionText(t: (k: string, o?: Record<string, unknown>) => string, type: string, selection: string): string {
  if (NUMBER_DIGITS[type]) return selection;
  const [p, pick] = selection.split("-");
  const where = p === "SUM" ? t("lott_sum") : t("lott_position_n", { n: p });
  const side = SIDES[type]?.find(([v]) => v === pick);
  return `${where}: ${side ? t(side[1]) : pick}`;
}

function OddsTable({ game }: { game: LotteryGameView }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={h.section} aria-labelledby="odds-title">
      <h2 id="odds-title" className={h.sectionTitle}>
        {t("lott_odds_title")} · {t(`lott_mode_${game.prizeMode}`)}
      </h2>
      <div className={m.tableWrap}>
        <table className={m.table} data-testid="odds">
          <thead>
            <tr>
              <th className={m.cell}>{t("hb_bets")}</th>
              <th className={`${m.cell} ${m.number}`}>{t("lott_pays")}</th>
              <th className={`${m.cell} ${m.number}`}>{t("lott_rtp")}</th>
            </tr>
          </thead>
          <tbody>
            {game.odds.map((o) => (
              <tr key={o.type}>
                <td data-label={t("hb_bets")} className={m.cell}>{t(`lott_type_${o.type}`)}</td>
                <td data-label={t("lott_pays")} className={`${m.cell} ${m.number}`}>{o.odds === null ? t("lott_pays_by_tier") : `×${formatOdds(o.odds, i18n.language)}`}</td>
                <td data-label={t("lott_rtp")} className={`${m.cell} ${m.number}`}>{formatPercent(Number(o.rtp) / 100, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={h.muted}>{t("lott_fair_note")}</p>
    </section>
  );
}

function Balls({ value }: { value: string }) {
  return (
    <span className={h.cards}>
      {[...value].map((d, i) => (
        <span key={i} className={h.card}>
          {d}
        </span>
      ))}
    </span>
  );
}

/** The latest draw in full (every prize of the VN and 4D draws), then earlier draws with their seeds. */
function Results({ game }: { game: LotteryGameView }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const [latest] = game.recent as DrawView[];
  const tiers = game.tiers;
  return (
    <section className={h.section} aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title" className={h.sectionTitle}>
        {t("lott_results")}
      </h2>
      {!latest ? (
        <p className={h.muted}>{t("lott_no_results")}</p>
      ) : (
        <>
          {tiers.length ? (
            <div className={m.tableWrap}>
              <table className={m.table} data-testid="latest-prizes" data-issue={latest.issue}>
                <caption className={h.muted}>{t("lott_draw", { issue: latest.issue })}</caption>
                <tbody>
                  {tiers.map((tier) => (
                    <tr key={tier}>
                      <th scope="row" className={m.cell}>
                        {t(`lott_tier_${tier}`)}
                      </th>
                      <td className={`${m.cell} ${h.mono}`} data-testid={`prize-${tier}`}>
                        <span className={l.prizeNumbers}>
                          {(latest.numbers?.[tier] ?? []).map((n, i) => (
                            <span key={i}>{n} </span>
                          ))}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className={m.tableWrap}>
            <table className={m.table} data-testid="draws">
              <thead>
                <tr>
                  <th className={m.cell}>{t("lott_issue")}</th>
                  <th className={m.cell}>{t("lott_draw_time")}</th>
                  <th className={m.cell}>{t("lott_numbers")}</th>
                  <th className={m.cell}>{t("lott_seed")}</th>
                </tr>
              </thead>
              <tbody>
                {(game.recent as DrawView[]).map((d) => (
                  <tr key={d.issue} data-testid="draw" data-issue={d.issue}>
                    <td data-label={t("lott_issue")} className={m.cell}>{d.issue}</td>
                    <td data-label={t("lott_draw_time")} className={m.cell}>{fmt.dateTime(d.drawAt)}</td>
                    <td data-label={t("lott_numbers")} className={m.cell} data-testid="draw-numbers">
                      {game.kind === "DIGITS" ? <Balls value={d.numbers?.N?.[0] ?? ""} /> : <span className={h.mono}>{(d.numbers?.[game.kind === "VN" ? "DB" : "P1"] ?? []).join(" ")}</span>}
                    </td>
                    <td data-label={t("lott_seed")} className={`${m.cell} ${h.mono}`}>
                      <details>
                        <summary>{d.serverSeed?.slice(0, 12)}…</summary>
                        <span style={{ overflowWrap: "anywhere" }}>{d.serverSeed}</span>
                        <br />
                        SHA-256: <span style={{ overflowWrap: "anywhere" }}>{d.serverSeedHash}</span>
                        <br />
                        {t("hb_client_seed")}: {d.clientSeed}
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
