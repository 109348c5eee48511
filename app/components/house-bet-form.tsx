import { Form } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/translation";
import { localiseNumbersIn } from "~/lib/format";
import { diceOdds, parseDiceTarget, type GameBets, type Pick, type Spot } from "~/lib/house-bets";
import * as h from "~/styles/house.css";
import * as s from "~/styles/shell.css";
import { CsrfInput } from "./csrf";
import { preloadOutcome } from "./house-outcome-lazy";
import { labelString, LabelText } from "./house-summary";
import { MoneyFieldError, useMoneyFormat } from "./money";

export interface BetLimits {
  perKind: Record<string, { min: string; max: string }>;
  maxTotal: string;
  unit: string | null;
}

interface Props {
  game: string;
  def: GameBets;
  limits: BetLimits | null;
  requestKey: string;
  /** The posted values, shown again after a refusal. */
  values: Record<string, string>;
  errors: Record<string, string[]>;
}

const SUBMIT: Record<string, string> = { HOUSE_BLACKJACK: "hb_deal", HOUSE_3CP: "hb_deal", HOUSE_HILO: "hb_start", HOUSE_DICE: "hb_roll_dice" };
const submitKey = (game: string) => SUBMIT[game] ?? (game.startsWith("HOUSE_SLOT_") ? "hb_spin" : "hb_place_bets");

const errId = (name: string) => `${name}-error`;

/**
 * A game's bet form: one amount field per spot (empty spots are no bet), pick spots with their
 * choice, and one submit. A plain POST: with scripts Remix posts it without a reload.
 */
export function BetForm({ game, def, limits, requestKey, values, errors }: Props) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const formErrors = errors[""] ?? [];
  const mins = Object.values(limits?.perKind ?? {}).map((l) => l.min);
  const maxs = Object.values(limits?.perKind ?? {}).map((l) => l.max);
  const byValue = (a: string, b: string) => Number(a) - Number(b);
  const min = [...mins].sort(byValue)[0];
  const max = [...maxs].sort(byValue).at(-1);
  return (
    <Form method="post" className={h.section} data-testid="bet-form" aria-labelledby="bet-form-title" onFocus={() => void preloadOutcome().catch(() => undefined)}>
      <h2 id="bet-form-title" className={h.sectionTitle}>
        {t("hb_your_bets")}
      </h2>
      <CsrfInput />
      <input type="hidden" name="requestKey" value={requestKey} />
      {min && max ? <p className={h.muted}>{t("limits", { min: fmt.amount(min), max: fmt.amount(max) })}</p> : null}
      {limits?.unit && game.startsWith("HOUSE_SLOT_") ? <p className={h.muted}>{t("hb_slot_unit", { unit: fmt.amount(limits.unit) })}</p> : null}
      {game === "HOUSE_NIUNIU" && limits?.unit ? <p className={h.muted}>{t("hb_nn_double_note", { unit: fmt.amount(limits.unit) })}</p> : null}
      {formErrors.length ? (
        <div role="alert" data-testid="bet-form-error">
          <MoneyFieldError id="bet-form-error" errors={formErrors} />
        </div>
      ) : null}
      {def.layout === "dice" ? <DiceFields values={values} errors={errors} /> : null}
      {def.groups.map((g, i) =>
        def.layout === "single" ? (
          g.spots.map((spot) => <SingleAmount key={spot.id} spot={spot} values={values} errors={errors} />)
        ) : (
          <fieldset key={i} className={h.spotGroup}>
            <legend className={h.legend}>
              <LabelText label={g.label} />
            </legend>
            {g.style === "grid3" ? (
              <NumberGrid spots={g.spots} values={values} errors={errors} />
            ) : (
              <div className={h.spotRows}>
                {g.spots.map((spot) => (
                  <SpotField key={spot.id} spot={spot} values={values} errors={errors} />
                ))}
              </div>
            )}
          </fieldset>
        ),
      )}
      {def.picks.length ? (
        <fieldset className={h.spotGroup}>
          <legend className={h.legend}>{t("hb_more_bets")}</legend>
          {def.picks.map((p) => (
            <PickField key={p.id} pick={p} values={values} errors={errors} />
          ))}
        </fieldset>
      ) : null}
      <div className={h.actions}>
        <button type="submit" name="intent" value="bet" className={s.primaryButton} data-testid="bet-submit">
          {t(submitKey(game))}
        </button>
        {def.layout === "table" ? <span className={h.muted}>{t("hb_empty_no_bet")}</span> : null}
      </div>
    </Form>
  );
}

function AmountInput({ name, label, values, errors, className = h.amount }: { name: string; label: string; values: Record<string, string>; errors: Record<string, string[]>; className?: string }) {
  const failed = !!errors[name]?.length;
  return (
    <input
      id={name}
      name={name}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className={className}
      defaultValue={values[name] ?? ""}
      aria-label={label}
      aria-invalid={failed || undefined}
      aria-describedby={failed ? errId(name) : undefined}
    />
  );
}

function SpotField({ spot, values, errors }: { spot: Spot; values: Record<string, string>; errors: Record<string, string[]>}) {
  const { t, i18n } = useTranslation();
  const name = `a_${spot.id}`;
  const label = labelString(spot.label, t);
  return (
    <div>
      <div className={h.spot}>
        <label htmlFor={name} className={h.spotLabel}>
          <span>{label}</span>
          {spot.odds ? <span className={h.odds}>{localiseNumbersIn(spot.odds, i18n.language)}</span> : null}
        </label>
        <AmountInput name={name} label={t("hb_amount_for", { spot: label })} values={values} errors={errors} />
      </div>
      <MoneyFieldError id={errId(name)} errors={errors[name]} />
    </div>
  );
}

function NumberGrid({ spots, values, errors }: { spots: Spot[]; values: Record<string, string>; errors: Record<string, string[]> }) {
  const { t } = useTranslation();
  const failed = spots.filter((sp) => errors[`a_${sp.id}`]?.length);
  return (
    <>
      <div className={h.numberGrid}>
        {spots.map((spot) => {
          const n = Number(labelString(spot.label, t));
          const colour = n === 0 ? "green" : [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n) ? "red" : "black";
          const name = `a_${spot.id}`;
          return (
            <div key={spot.id} className={`${h.numberCell} ${n === 0 ? h.zeroCell : ""}`}>
              <label htmlFor={name} className={`${h.pocketLabel} ${h.pocket[colour]}`}>
                {n}
              </label>
              <AmountInput name={name} label={t("hb_amount_for", { spot: t("hb_straight_n", { n }) })} values={values} errors={errors} />
            </div>
          );
        })}
      </div>
      {failed.map((sp) => (
        <MoneyFieldError key={sp.id} id={errId(`a_${sp.id}`)} errors={errors[`a_${sp.id}`]?.map((e) => e)} />
      ))}
    </>
  );
}

function PickField({ pick, values, errors }: { pick: Pick; values: Record<string, string>; errors: Record<string, string[]>}) {
  const { t, i18n } = useTranslation();
  const label = labelString(pick.label, t);
  const amountName = `a_${pick.id}`;
  const pickName = `p_${pick.id}`;
  const pickFailed = !!errors[pickName]?.length;
  return (
    <div>
      <div className={h.pickRow}>
        <label htmlFor={pickName} className={h.spotLabel}>
          <span>{label}</span>
          {pick.odds ? <span className={h.odds}>{localiseNumbersIn(pick.odds, i18n.language)}</span> : null}
        </label>
        <select
          id={pickName}
          name={pickName}
          className={h.select}
          defaultValue={values[pickName] ?? ""}
          aria-invalid={pickFailed || undefined}
          aria-describedby={pickFailed ? errId(pickName) : undefined}
        >
          <option value="">{t("hb_choose")}</option>
          {pick.options.map((o) => (
            <option key={o.value} value={o.value}>
              {labelString(o.label, t)}
            </option>
          ))}
        </select>
        <AmountInput name={amountName} label={t("hb_amount_for", { spot: label })} values={values} errors={errors} />
      </div>
      <MoneyFieldError id={errId(pickName)} errors={errors[pickName]} />
      <MoneyFieldError id={errId(amountName)} errors={errors[amountName]} />
    </div>
  );
}

function SingleAmount({ spot, values, errors }: { spot: Spot; values: Record<string, string>; errors: Record<string, string[]>}) {
  const { t } = useTranslation();
  const name = `a_${spot.id}`;
  return (
    <div className={h.spotGroup}>
      <label htmlFor={name} className={h.legend}>
        <LabelText label={spot.label} />
      </label>
      <AmountInput name={name} label={labelString(spot.label, t)} values={values} errors={errors} className={`${s.field}`} />
      <MoneyFieldError id={errId(name)} errors={errors[name]} />
    </div>
  );
}

/** Runs once after the first render in the browser, before it paints (nothing on the server). */
const useMountLayoutEffect = (fn: () => void) => (typeof document === "undefined" ? useEffect : useLayoutEffect)(fn, []);

/** Dice: over or under a target, the win chance and multiplier shown (live with scripts). */
function DiceFields({ values, errors }: { values: Record<string, string>; errors: Record<string, string[]>}) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<"over" | "under">(values.d_kind === "under" ? "under" : "over");
  const [target, setTarget] = useState(values.d_target ?? "50.00");
  const targetRef = useRef<HTMLInputElement>(null);
  // What the player typed or picked before the scripts took over: hydration leaves the field as
  // it is but starts this state from the server's value, and the next render would put that back.
  useMountLayoutEffect(() => {
    const input = targetRef.current;
    if (!input) return;
    setTarget(input.value);
    const picked = input.form?.querySelector<HTMLInputElement>('input[name="d_kind"]:checked')?.value;
    if (picked === "over" || picked === "under") setKind(picked);
  });
  const parsed = parseDiceTarget(target);
  const odds = parsed === null ? null : diceOdds(kind, parsed);
  const targetFailed = !!errors.d_target?.length;
  return (
    <div className={h.spotGroup}>
      <fieldset className={h.spotGroup}>
        <legend className={h.legend}>{t("hb_dice_side")}</legend>
        <div className={h.actions}>
          {(["over", "under"] as const).map((k) => (
            <label key={k} className={h.spot} style={{ gridTemplateColumns: "auto auto" }}>
              <input type="radio" name="d_kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              <span>{t(k === "over" ? "hb_dice_over" : "hb_dice_under")}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor="d_target" className={h.legend}>
        {localiseNumbersIn(t("hb_dice_target"), i18n.language)}
      </label>
      <input
        id="d_target"
        name="d_target"
        type="text"
        inputMode="decimal"
        className={s.field}
        ref={targetRef}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        aria-invalid={targetFailed || undefined}
        aria-describedby={targetFailed ? errId("d_target") : "dice-odds"}
      />
      <MoneyFieldError id={errId("d_target")} errors={errors.d_target} />
      <p id="dice-odds" className={h.muted} data-testid="dice-odds" aria-live="polite">
        {odds
          ? t("hb_dice_odds", { chance: localiseNumbersIn(odds.chance, i18n.language), multiplier: localiseNumbersIn(odds.multiplier, i18n.language) })
          : t("hb_err_dice_target")}
      </p>
      <label htmlFor="a_dice" className={h.legend}>
        {t("amount_label")}
      </label>
      <AmountInput name="a_dice" label={t("amount_label")} values={values} errors={errors} className={s.field} />
      <MoneyFieldError id={errId("a_dice")} errors={errors.a_dice} />
    </div>
  );
}
