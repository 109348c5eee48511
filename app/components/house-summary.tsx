import { useTranslation } from "~/components/translation";
import { formatHundredths, formatNumber, formatOdds } from "~/lib/format";
import { describeBet, rouletteColour, type Label } from "~/lib/house-bets";
import * as h from "~/styles/house.css";
import { DieArt } from "./die-art";
import { useMoneyFormat } from "./money";

/**
 * Rounds of the in-house games in words: the bets and a one-line outcome, for lists (the betting
 * record, game recall). The pictures of a round are in house-outcome.tsx, which builds on this.
 */

export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const strs = (v: unknown): string[] => arr(v).filter((x): x is string => typeof x === "string");
export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function LabelText({ label }: { label: Label }) {
  const { t } = useTranslation();
  return <>{labelString(label, t)}</>;
}

export function labelString(label: Label, t: (key: string, args?: Record<string, unknown>) => string): string {
  if ("text" in label) return label.text;
  if ("parts" in label) return label.parts.map((p) => labelString(p, t)).join(label.sep);
  return t(label.key, label.args);
}

const SUITS: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** "KS" → "K♠", "TD" → "10♦". */
export function cardText(code: string): string {
  return `${code[0] === "T" ? "10" : (code[0] ?? "")}${SUITS[code[1] ?? ""] ?? ""}`;
}

/** Blackjack points: the best total (an ace counts 11 when that does not bust). */
export function blackjackTotal(cards: string[]): { total: number; soft: boolean } {
  let hard = 0;
  let ace = false;
  for (const c of cards) {
    const r = "A23456789TJQK".indexOf(c[0] ?? "") + 1;
    const p = Math.min(10, r);
    hard += p;
    if (p === 1) ace = true;
  }
  return ace && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

/** The roll as the page writes numbers (the platform's `display` is its dot-decimal text, kept for other clients). */
export function rollText(o: Json, language: string): string {
  const roll = num(o.roll);
  return roll !== null ? formatHundredths(roll, language) : typeof o.display === "string" ? o.display : "";
}

/** n / d with four decimals, rounded down, as odds in the page's decimals. */
export function ratioText(n: string, d: string, language: string): string {
  try {
    const x = (BigInt(n) * 10_000n) / BigInt(d);
    return formatOdds(`${x / 10_000n}.${(x % 10_000n).toString().padStart(4, "0")}`, language);
  } catch {
    return "";
  }
}

// ------------------------------------------------------------------------------ summaries

/** A one-line outcome for lists (game recall, betting record). */
export function OutcomeSummary({ game, outcome, bets }: { game: string; outcome: unknown; bets?: Array<Record<string, unknown>> }) {
  const { t, i18n } = useTranslation();
  const o = obj(outcome);
  switch (game) {
    case "HOUSE_BACCARAT":
      return (
        <span>
          {t("hb_player")} {num(o.playerTotal)} – {t("hb_banker")} {num(o.bankerTotal)}: {t(`hb_winner_${String(o.winner ?? "")}`)}
        </span>
      );
    case "HOUSE_ROULETTE": {
      const n = num(o.number);
      return n === null ? null : (
        <span>
          <span className={`${h.pocketLabel} ${h.pocket[rouletteColour(n)]}`} style={{ padding: "1px 6px" }}>
            {n}
          </span>{" "}
          {t(`hb_${rouletteColour(n)}`)}
        </span>
      );
    }
    case "HOUSE_SICBO": {
      const faces = arr(o.dice).map((d) => Number(d));
      return (
        <span>
          <span className={h.diceArtSmall} role="img" aria-label={t("hb_art_dice", { faces: faces.join(", ") })}>
            {faces.map((f, i) => (
              <DieArt key={i} face={f} size={20} />
            ))}
          </span>{" "}
          {t("hb_total_n", { n: num(o.total) ?? 0 })}
        </span>
      );
    }
    case "HOUSE_DRAGON_TIGER":
      return (
        <span>
          {cardText(String(o.dragon ?? ""))} – {cardText(String(o.tiger ?? ""))}: {t(`hb_winner_${String(o.winner ?? "")}`)}
        </span>
      );
    case "HOUSE_FANTAN":
      return <span>{t("hb_fantan_result", { beads: num(o.beads) ?? 0, result: num(o.result) ?? 0 })}</span>;
    case "HOUSE_FPC":
      return <span>{strs(o.dice).map((s) => t(`hb_fpc_${s.toLowerCase()}`)).join(", ")}</span>;
    case "HOUSE_NIUNIU":
      return (
        <span>
          {arr(o.seatWins)
            .map((w, i) => `${t("hb_seat", { seat: i + 1 })}: ${t(w === true ? "hb_result_win" : "hb_result_lose")}`)
            .join(", ")}
        </span>
      );
    case "HOUSE_SEDIE":
      return <span>{t("hb_reds_n", { count: num(o.reds) ?? 0, n: formatNumber(num(o.reds) ?? 0, i18n.language) })}</span>;
    case "HOUSE_DICE": {
      const bet = bets?.[0];
      const target = bet ? num(bet.target) : null;
      return (
        <span>
          {t("hb_roll", { roll: rollText(o, i18n.language) })}
          {target !== null ? ` (${t(bet!.kind === "over" ? "hb_dice_over_n" : "hb_dice_under_n", { target: formatHundredths(target, i18n.language) })})` : ""}
        </span>
      );
    }
    case "HOUSE_BLACKJACK": {
      const dealer = strs(o.dealer);
      const hands = arr(o.hands).map((x) => strs(obj(x).cards));
      return (
        <span>
          {t("hb_dealer")} {dealer.map(cardText).join(" ")} ({blackjackTotal(dealer).total}) · {t("hb_you")}{" "}
          {hands.map((c) => `${c.map(cardText).join(" ")} (${blackjackTotal(c).total})`).join(" / ")}
        </span>
      );
    }
    case "HOUSE_3CP":
      return (
        <span>
          {t("hb_you")}: {typeof o.playerHand === "string" ? t(`hb_hand_${o.playerHand}`) : ""}
          {typeof o.dealerHand === "string" ? ` · ${t("hb_dealer")}: ${t(`hb_hand_${o.dealerHand}`)}` : ""}
          {o.decision === "fold" ? ` · ${t("hb_folded")}` : ""}
        </span>
      );
    case "HOUSE_HILO": {
      const m = obj(o.multiplier);
      return (
        <span>
          {strs(o.cards).map(cardText).join(" ")} · {t("hb_multiplier", { x: ratioText(String(m.num ?? "1"), String(m.den ?? "1"), i18n.language) })}
        </span>
      );
    }
    default: {
      if (!game.startsWith("HOUSE_SLOT_")) return null;
      const spins = arr(o.spins).map(obj);
      const lineWins = spins.reduce((s, x) => s + arr(x.lineWins).length, 0);
      const free = num(o.freeSpinsPlayed) ?? 0;
      return (
        <span>
          {lineWins ? t("hb_line_wins_n", { n: lineWins }) : t("hb_no_win")}
          {free ? ` · ${t("hb_free_spins_awarded", { count: free, n: formatNumber(free, i18n.language) })}` : ""}
        </span>
      );
    }
  }
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** The bets of a round in words with their amounts (decimal strings, as the platform shows them). */
export function BetList({ game, bets, inline = false }: { game: string; bets: Array<Record<string, unknown>>; inline?: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const items = bets.map((b) => {
    const amount = typeof b.amount === "string" ? b.amount : "";
    return `${labelString(describeBet(game, b), t)}: ${DECIMAL.test(amount) ? fmt.amount(amount) : amount}`;
  });
  if (inline) return <span>{items.join(", ")}</span>;
  return (
    <ul className={h.list} data-testid="bet-list">
      {items.map((x, i) => (
        <li key={i}>{x}</li>
      ))}
    </ul>
  );
}
