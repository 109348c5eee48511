import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { formatNumber } from "~/lib/format";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { GameOutcome } from "~/components/house-outcome-lazy";
import { BetList } from "~/components/house-summary";
import { PlatformError } from "~/services/platform.server";
import { houseGames, houseRefusalKey, roundIdOf, slotLayouts, verifyManual, verifyStored, type VerifyView } from "~/services/house.server";
import { lotteryGames, verifyDraw, type DrawCheck } from "~/services/lottery.server";
import * as h from "~/styles/house.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

type Manual = { serverSeedHash: string; currency: string; outcome?: unknown; totalStake: string; totalPayout: string };
/** A round's decimal amount in the page's number format (its own decimals kept); anything else as it is. */
function amountText(value: string, locale: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? formatNumber(value, locale, value.split(".")[1]?.length ?? 0, value.split(".")[1]?.length ?? 0) : value;
}

/** `currency`: of the bets' decimal amounts; a checked round's own, else empty for the site's. */
type ManualInput = { game: string; serverSeed: string; clientSeed: string; nonce: string; bets: string; actions: string; currency: string };

/**
 * The public check of the in-house games' rounds (provably fair): a round by its id, replayed
 * by the platform once its server seed is revealed, and a calculator that recomputes any
 * round from seeds, nonce and bets. Both are GET forms: nothing changes, a link can be shared.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const games = await houseGames(request);
  const roundParam = (q.get("round") ?? "").trim().slice(0, 12);
  const roundId = roundIdOf(roundParam.replace(/^#/, ""));
  let checked: VerifyView | null = null;
  let roundError: string | null = null;
  if (roundParam) {
    checked = roundId ? await verifyStored(request, roundId) : null;
    if (!checked) roundError = "hb_err_round_unknown";
  }

  const input: ManualInput = {
    game: (q.get("game") ?? checked?.game ?? games[0]?.code ?? "").slice(0, 40),
    serverSeed: (q.get("serverSeed") ?? checked?.serverSeed ?? "").trim().slice(0, 100),
    clientSeed: (q.get("clientSeed") ?? checked?.clientSeed ?? "").trim().slice(0, 100),
    nonce: (q.get("nonce") ?? (checked ? String(checked.nonce) : "")).trim().slice(0, 12),
    bets: (q.get("bets") ?? (checked ? JSON.stringify(checked.bets) : "")).slice(0, 4000),
    actions: (q.get("actions") ?? (checked ? checked.actions.join(",") : "")).slice(0, 500),
    currency: (q.get("currency") ?? checked?.currency ?? "").trim().toUpperCase().slice(0, 3),
  };
  if (!/^[A-Z]{3}$/.test(input.currency)) input.currency = "";
  let manual: Manual | null = null;
  const errors: Record<string, string[]> = {};
  if (q.get("calc") === "1") {
    const nonce = /^\d{1,10}$/.test(input.nonce) ? Number(input.nonce) : null;
    let bets: unknown = null;
    try {
      bets = JSON.parse(input.bets);
    } catch {
      bets = null;
    }
    if (!/^[0-9a-f]{64}$/.test(input.serverSeed)) errors.serverSeed = ["hb_err_server_seed"];
    if (!/^[\x21-\x7e]{1,64}$/.test(input.clientSeed)) errors.clientSeed = ["hb_err_client_seed"];
    if (nonce === null || nonce > 2 ** 31) errors.nonce = ["hb_err_nonce"];
    if (!Array.isArray(bets) || !bets.length || !bets.every((b) => b && typeof b === "object" && !Array.isArray(b))) errors.bets = ["hb_err_bets_json"];
    if (!games.some((g) => g.code === input.game)) errors.game = ["hb_err_choose"];
    if (!Object.keys(errors).length) {
      const actions = input.actions
        .split(/[\s,]+/)
        .map((a) => a.trim())
        .filter(Boolean)
        .slice(0, 50);
      try {
        manual = await verifyManual(request, {
          game: input.game,
          serverSeed: input.serverSeed,
          clientSeed: input.clientSeed,
          nonce: nonce!,
          bets: bets as unknown[],
          actions,
          ...(input.currency ? { currency: input.currency } : {}),
        });
      } catch (e) {
        if (!(e instanceof PlatformError)) throw e;
        errors[""] = [e.code === "INVALID_REQUEST" ? "hb_err_verify_input" : houseRefusalKey(e)];
      }
    }
  }
  // A lottery draw: its published seed against the hash shown before, its numbers recomputed.
  const lotteries = lotteryGames();
  const draw = { game: (q.get("lottery") ?? lotteries[0]?.code ?? "").slice(0, 40), issue: (q.get("issue") ?? "").trim().slice(0, 20) };
  let drawCheck: DrawCheck | null = null;
  let drawError: string | null = null;
  if (q.has("issue")) {
    drawCheck = lotteries.some((g) => g.code === draw.game) && /^[0-9-]{8,12}$/.test(draw.issue) ? await verifyDraw(request, draw.game, draw.issue) : null;
    if (!drawCheck) drawError = "lott_err_draw_unknown";
  }
  return json(
    { games, roundParam, checked, roundError, input, manual, errors, slots: slotLayouts(), lotteries, draw, drawCheck, drawError },
    { status: roundError || drawError || Object.keys(errors).length ? 400 : 200 },
  );
}

export default function VerifyPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <div className={h.page} data-testid="verify-page">
      <h1 className={h.title}>{t("hb_verify_title")}</h1>
      <p className={h.muted}>{t("hb_verify_intro")}</p>
      <Form method="get" className={h.section} aria-labelledby="verify-round-title" data-testid="verify-round-form">
        <h2 id="verify-round-title" className={h.sectionTitle}>
          {t("hb_verify_by_round")}
        </h2>
        <label htmlFor="round">{t("hb_round_id")}</label>
        <div className={h.actions}>
          <input
            id="round"
            name="round"
            type="text"
            inputMode="numeric"
            className={s.field}
            defaultValue={data.roundParam}
            aria-invalid={data.roundError ? true : undefined}
            aria-describedby={data.roundError ? "round-error" : undefined}
          />
          <button type="submit" className={s.primaryButton}>
            {t("hb_verify_submit")}
          </button>
        </div>
        <FieldError id="round-error" errors={data.roundError ? [data.roundError] : undefined} />
      </Form>
      {data.checked ? <Checked v={data.checked as VerifyView} slots={data.slots} /> : null}
      <Calculator />
      <DrawForm />
      <Scheme />
    </div>
  );
}

function Checked({ v, slots }: { v: VerifyView; slots: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const ok = v.revealed && v.hashMatches === true && v.result?.ok === true;
  return (
    <section className={h.section} aria-labelledby="checked-title" data-testid="verify-result" data-round-id={v.roundId}>
      <h2 id="checked-title" className={h.sectionTitle}>
        {t("hb_round_of", { id: v.roundId, game: v.gameName })}
      </h2>
      {!v.revealed ? (
        <p role="status" className={h.bad} data-testid="verify-unrevealed">
          {t("hb_seed_not_revealed")}
        </p>
      ) : ok ? (
        <p role="status" className={h.ok} data-testid="verify-match">
          {t("hb_verify_match")}
        </p>
      ) : (
        <p role="alert" className={h.bad} data-testid="verify-mismatch">
          {t(v.hashMatches === false ? "hb_verify_hash_mismatch" : "hb_verify_mismatch")} {v.result?.code ? `(${v.result.code})` : ""}
        </p>
      )}
      <dl className={h.factsStacked}>
        <dt className={h.factTerm}>{t("hb_server_seed_hash")}</dt>
        <dd className={`${h.factValue} ${h.mono}`}>{v.serverSeedHash}</dd>
        <dt className={h.factTerm}>{t("hb_server_seed")}</dt>
        <dd className={`${h.factValue} ${h.mono}`} data-testid="verify-server-seed">
          {v.serverSeed ?? t("hb_hidden_until_rotated")}
        </dd>
        <dt className={h.factTerm}>{t("hb_client_seed")}</dt>
        <dd className={`${h.factValue} ${h.mono}`}>{v.clientSeed}</dd>
        <dt className={h.factTerm}>{t("hb_nonce")}</dt>
        <dd className={h.factValue}>{v.nonce}</dd>
        <dt className={h.factTerm}>{t("hb_bets")}</dt>
        <dd className={h.factValue}>
          <BetList game={v.game} bets={v.bets} />
        </dd>
        {v.actions.length ? (
          <>
            <dt className={h.factTerm}>{t("hb_moves")}</dt>
            <dd className={h.factValue}>{v.actions.map((a) => t(`hb_action_${a}`)).join(", ")}</dd>
          </>
        ) : null}
        <dt className={h.factTerm}>{t("hb_stake")}</dt>
        <dd className={h.factValue}>{amountText(v.totalStake, i18n.language)}</dd>
        <dt className={h.factTerm}>{t("hb_win")}</dt>
        <dd className={h.factValue}>{amountText(v.totalPayout, i18n.language)}</dd>
      </dl>
      <GameOutcome game={v.game} outcome={v.outcome} bets={v.bets} stake={v.totalStake} slot={(slots[v.game] as never) ?? null} />
      {v.revealed ? (
        <p className={h.muted}>
          <Link to={`?round=${v.roundId}&calc=1#calculator`} className={s.linkish}>
            {t("hb_calc_prefilled")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** Checks a lottery draw by game and issue (a GET form, so a check can be shared as a link). */
function DrawForm() {
  const { t } = useTranslation();
  const { lotteries, draw, drawCheck, drawError } = useLoaderData<typeof loader>();
  const c = drawCheck as DrawCheck | null;
  const ok = c?.drawn && c.hashMatches && c.numbersMatch;
  return (
    <section className={h.section} aria-labelledby="draw-check-title" id="draw">
      <h2 id="draw-check-title" className={h.sectionTitle}>
        {t("lott_verify_title")}
      </h2>
      <Form method="get" className={h.actions} data-testid="verify-draw-form" action="#draw">
        <label className={h.spotGroup}>
          {t("hb_game")}
          <select name="lottery" defaultValue={draw.game} className={s.field}>
            {lotteries.map((g) => (
              <option key={g.code} value={g.code}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label className={h.spotGroup}>
          {t("lott_issue")}
          <input name="issue" type="text" inputMode="numeric" autoComplete="off" defaultValue={draw.issue} className={s.field} aria-invalid={drawError ? true : undefined} aria-describedby={drawError ? "draw-error" : undefined} placeholder="20261122-001" />
        </label>
        <button type="submit" className={s.primaryButton}>
          {t("lott_verify_submit")}
        </button>
      </Form>
      <FieldError id="draw-error" errors={drawError ? [drawError] : undefined} />
      {c ? (
        <div data-testid="verify-draw-result" data-issue={c.issue}>
          {!c.drawn ? (
            <p role="status" className={h.bad}>
              {t("lott_verify_pending")}
            </p>
          ) : ok ? (
            <p role="status" className={h.ok} data-testid="verify-draw-match">
              {t("lott_verify_match")}
            </p>
          ) : (
            <p role="alert" className={h.bad} data-testid="verify-draw-mismatch">
              {t(c.hashMatches === false ? "hb_verify_hash_mismatch" : "lott_verify_mismatch")}
            </p>
          )}
          <dl className={h.factsStacked}>
            <dt className={h.factTerm}>{t("lott_seed_hash")}</dt>
            <dd className={`${h.factValue} ${h.mono}`}>{c.serverSeedHash}</dd>
            <dt className={h.factTerm}>{t("hb_server_seed")}</dt>
            <dd className={`${h.factValue} ${h.mono}`}>{c.serverSeed ?? "—"}</dd>
            <dt className={h.factTerm}>{t("hb_client_seed")}</dt>
            <dd className={`${h.factValue} ${h.mono}`}>{c.clientSeed}</dd>
            <dt className={h.factTerm}>{t("lott_numbers")}</dt>
            <dd className={`${h.factValue} ${h.mono}`} data-testid="verify-draw-numbers">
              {c.numbers ? Object.values(c.numbers).flat().join(" ") : "—"}
            </dd>
            <dt className={h.factTerm}>{t("lott_recomputed")}</dt>
            <dd className={`${h.factValue} ${h.mono}`}>{c.recomputed ? Object.values(c.recomputed).flat().join(" ") : "—"}</dd>
          </dl>
        </div>
      ) : null}
    </section>
  );
}

function Calculator() {
  const { t, i18n } = useTranslation();
  const { games, input, manual, errors, slots } = useLoaderData<typeof loader>();
  const field = (name: keyof ManualInput, label: string, extra: { textarea?: boolean; hint?: string } = {}) => {
    const failed = !!errors[name]?.length;
    const props = {
      id: `calc-${name}`,
      name,
      defaultValue: input[name],
      "aria-invalid": failed || undefined,
      "aria-describedby": failed ? `calc-${name}-error` : extra.hint ? `calc-${name}-hint` : undefined,
    };
    return (
      <div className={h.spotGroup}>
        <label htmlFor={`calc-${name}`}>{label}</label>
        {extra.textarea ? <textarea {...props} className={h.textarea} spellCheck={false} /> : <input {...props} type="text" autoComplete="off" spellCheck={false} className={`${s.field} ${h.wideInput}`} />}
        {extra.hint ? (
          <p id={`calc-${name}-hint`} className={h.muted}>
            {extra.hint}
          </p>
        ) : null}
        <FieldError id={`calc-${name}-error`} errors={errors[name]} />
      </div>
    );
  };
  const calcErrors = errors[""];
  return (
    <section className={h.section} aria-labelledby="calc-title" id="calculator" data-testid="calculator">
      <h2 id="calc-title" className={h.sectionTitle}>
        {t("hb_calc_title")}
      </h2>
      <p className={h.muted}>{t("hb_calc_intro")}</p>
      <Form method="get" className={h.spotGroup} preventScrollReset>
        <input type="hidden" name="calc" value="1" />
        {input.currency ? <input type="hidden" name="currency" value={input.currency} /> : null}
        <div className={h.spotGroup}>
          <label htmlFor="calc-game">{t("hb_game")}</label>
          <select id="calc-game" name="game" defaultValue={input.game} className={`${s.field} ${h.wideInput}`}>
            {games.map((g) => (
              <option key={g.code} value={g.code}>
                {g.name}
              </option>
            ))}
          </select>
          <FieldError id="calc-game-error" errors={errors.game} />
        </div>
        {field("serverSeed", t("hb_server_seed"))}
        {field("clientSeed", t("hb_client_seed"))}
        {field("nonce", t("hb_nonce"))}
        {field("bets", t("hb_bets_json"), { textarea: true, hint: t("hb_bets_json_hint") })}
        {field("actions", t("hb_moves"), { hint: t("hb_moves_hint") })}
        {calcErrors?.length ? <FieldError id="calc-error" errors={calcErrors} /> : null}
        <div>
          <button type="submit" className={s.primaryButton} data-testid="calc-submit">
            {t("hb_calc_submit")}
          </button>
        </div>
      </Form>
      {manual ? (
        <div className={h.outcome} data-testid="calc-result">
          <dl className={h.factsStacked}>
            <dt className={h.factTerm}>{t("hb_server_seed_hash")}</dt>
            <dd className={`${h.factValue} ${h.mono}`}>{manual.serverSeedHash}</dd>
            <dt className={h.factTerm}>{t("hb_stake")}</dt>
            <dd className={h.factValue}>{amountText(manual.totalStake, i18n.language)}</dd>
            <dt className={h.factTerm}>{t("hb_win")}</dt>
            <dd className={h.factValue} data-testid="calc-payout" data-amount={manual.totalPayout}>
              {amountText(manual.totalPayout, i18n.language)}
            </dd>
          </dl>
          <GameOutcome game={input.game} outcome={manual.outcome} bets={safeBets(input.bets)} stake={manual.totalStake} slot={(slots[input.game] as never) ?? null} />
        </div>
      ) : null}
    </section>
  );
}

function safeBets(text: string): Array<Record<string, unknown>> {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as Array<Record<string, unknown>>) : [];
  } catch {
    return [];
  }
}

/** How the numbers are made, so anyone can check them with their own tools. */
function Scheme() {
  const { t } = useTranslation();
  return (
    <section className={h.section} aria-labelledby="scheme-title" data-testid="scheme">
      <h2 id="scheme-title" className={h.sectionTitle}>
        {t("hb_scheme_title")}
      </h2>
      <ol className={h.list}>
        {["hb_scheme_1", "hb_scheme_2", "hb_scheme_3", "hb_scheme_4", "hb_scheme_5", "hb_scheme_6"].map((k) => (
          <li key={k}>{t(k)}</li>
        ))}
      </ol>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
