import { Fragment, type ReactNode } from "react";
import { useTranslation } from "~/components/translation";
import { CardFace, SlotSymbolArt } from "./game-art";
import { formatHundredths, formatNumber } from "~/lib/format";
import { fromMinor, rouletteColour, toMinor } from "~/lib/house-bets";
import * as h from "~/styles/house.css";
import { arr, blackjackTotal, cardText, num, obj, ratioText, rollText, strs, type Json } from "./house-summary";
import { CoinArt, DiceArt, DiceScaleArt, FanTanBeadsArt, FpcDieArt, RouletteArt } from "./table-art";

/**
 * Rounds of the in-house games: cards, dice, the roulette wheel and the slot's 5×3 window drawn
 * as inline SVG (game-art.tsx, table-art.tsx), with the result in words beside them. Every
 * renderer takes the outcome JSON the platform keeps (the game's outcome, or the final or public
 * state of a stateful game) and reads it defensively: a shape it does not know shows nothing.
 */

/** What a slot page needs to draw reels: from the engine's configuration, on the server. */
export interface SlotLayout {
  lines: number;
  paylines: number[][];
  symbols: Array<{ id: string; name: string; role: string }>;
  /** Line pays for 3, 4 and 5 of a kind, and scatter pays (pages that have them). */
  pays?: Record<string, number[]>;
  scatterPays?: number[];
}

// ------------------------------------------------------------------------------ cards

export function Card({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) {
    return (
      <span className={`${h.card} ${h.cardHidden}`} role="img" aria-label={t("hb_card_hidden")}>
        ?
      </span>
    );
  }
  return (
    <span className={h.cardArt} data-card={code}>
      <CardFace code={code} label={cardText(code)} />
    </span>
  );
}

export function Cards({ codes, hidden = 0 }: { codes: string[]; hidden?: number }) {
  return (
    <span className={h.cards}>
      {codes.map((c, i) => (
        <Card key={`${c}${i}`} code={c} />
      ))}
      {Array.from({ length: hidden }, (_, i) => (
        <Card key={`hidden${i}`} code={null} />
      ))}
    </span>
  );
}

function Badge({ win, children, testId }: { win?: boolean; children: ReactNode; testId?: string }) {
  return (
    <span className={`${h.badge} ${win ? h.badgeWin : ""}`} data-testid={testId}>
      {children}
    </span>
  );
}

function Row({ name, children }: { name: ReactNode; children: ReactNode }) {
  return (
    <div className={h.handRow}>
      <span className={h.handName}>{name}</span>
      {children}
    </div>
  );
}

// ------------------------------------------------------------------------------ per game

export interface OutcomeProps {
  game: string;
  /** The game's outcome, or the final (or public) state of a stateful game. */
  outcome: unknown;
  /** The bets as placed (amounts as decimal strings, as the platform shows them). */
  bets?: Array<Record<string, unknown>>;
  /** The round's stake as a decimal string (slots: to price the line wins). */
  stake?: string;
  slot?: SlotLayout | null;
}

export function GameOutcome(props: OutcomeProps) {
  const o = obj(props.outcome);
  let body: ReactNode = null;
  switch (props.game) {
    case "HOUSE_BACCARAT":
      body = <Baccarat o={o} />;
      break;
    case "HOUSE_ROULETTE":
      body = <Roulette o={o} />;
      break;
    case "HOUSE_SICBO":
      body = <SicBo o={o} />;
      break;
    case "HOUSE_DRAGON_TIGER":
      body = <DragonTiger o={o} />;
      break;
    case "HOUSE_FANTAN":
      body = <FanTan o={o} />;
      break;
    case "HOUSE_FPC":
      body = <Fpc o={o} />;
      break;
    case "HOUSE_NIUNIU":
      body = <Niuniu o={o} />;
      break;
    case "HOUSE_SEDIE":
      body = <SeDie o={o} />;
      break;
    case "HOUSE_DICE":
      body = <Dice o={o} bets={props.bets ?? []} />;
      break;
    case "HOUSE_BLACKJACK":
      body = <Blackjack o={o} />;
      break;
    case "HOUSE_3CP":
      body = <ThreeCard o={o} />;
      break;
    case "HOUSE_HILO":
      body = <HiLo o={o} />;
      break;
    default:
      if (props.game.startsWith("HOUSE_SLOT_")) body = <Slot o={o} stake={props.stake} slot={props.slot ?? null} />;
  }
  return (
    <div className={h.outcome} data-testid="outcome" data-game={props.game}>
      {body}
    </div>
  );
}

function Baccarat({ o }: { o: Json }) {
  const { t } = useTranslation();
  const winner = String(o.winner ?? "");
  return (
    <>
      <Row name={t("hb_player")}>
        <Cards codes={strs(o.player)} />
        <strong>{num(o.playerTotal)}</strong>
      </Row>
      <Row name={t("hb_banker")}>
        <Cards codes={strs(o.banker)} />
        <strong>{num(o.bankerTotal)}</strong>
      </Row>
      <div className={h.handRow}>
        <Badge win testId="outcome-winner">{t(`hb_winner_${winner}`)}</Badge>
        {o.natural ? <Badge>{t("hb_natural")}</Badge> : null}
        {o.playerPair ? <Badge>{t("hb_player_pair")}</Badge> : null}
        {o.bankerPair ? <Badge>{t("hb_banker_pair")}</Badge> : null}
      </div>
    </>
  );
}

function Roulette({ o }: { o: Json }) {
  const { t } = useTranslation();
  const n = num(o.number);
  if (n === null) return null;
  const colour = rouletteColour(n);
  return (
    <div className={h.handRow}>
      <RouletteArt n={n} label={t("hb_art_pocket", { n, colour: t(`hb_${colour}`) })} />
      <strong>{t(`hb_${colour}`)}</strong>
    </div>
  );
}

function SicBo({ o }: { o: Json }) {
  const { t } = useTranslation();
  const faces = arr(o.dice).map((d) => Number(d));
  const total = num(o.total) ?? 0;
  return (
    <div className={h.handRow}>
      <DiceArt faces={faces} label={t("hb_art_dice", { faces: faces.join(", ") })} />
      <strong>{t("hb_total_n", { n: total })}</strong>
      {o.triple ? <Badge win>{t("hb_any_triple")}</Badge> : <Badge>{t(total <= 10 ? "hb_small" : "hb_big")}</Badge>}
    </div>
  );
}

function DragonTiger({ o }: { o: Json }) {
  const { t } = useTranslation();
  return (
    <>
      <Row name={t("hb_dragon")}>
        <Cards codes={strs([o.dragon])} />
      </Row>
      <Row name={t("hb_tiger")}>
        <Cards codes={strs([o.tiger])} />
      </Row>
      <div className={h.handRow}>
        <Badge win testId="outcome-winner">{t(`hb_winner_${String(o.winner ?? "")}`)}</Badge>
        {o.suited ? <Badge>{t("hb_suited_tie")}</Badge> : null}
      </div>
    </>
  );
}

function FanTan({ o }: { o: Json }) {
  const { t } = useTranslation();
  return (
    <div className={h.handRow}>
      <FanTanBeadsArt result={num(o.result) ?? 0} label={t("hb_fantan_result", { beads: num(o.beads) ?? 0, result: num(o.result) ?? 0 })} />
      <strong className={h.bigNumber}>{num(o.result)}</strong>
      <span>{t("hb_fantan_result", { beads: num(o.beads) ?? 0, result: num(o.result) ?? 0 })}</span>
    </div>
  );
}

function Fpc({ o }: { o: Json }) {
  const { t } = useTranslation();
  const dice = strs(o.dice);
  const names = dice.map((s) => t(`hb_fpc_${s.toLowerCase()}`));
  return (
    <>
      <span className={h.diceArt} role="img" aria-label={t("hb_art_dice", { faces: names.join(", ") })}>
        {dice.map((s, i) => (
          <FpcDieArt key={i} symbol={s} size={52} />
        ))}
      </span>
      <div className={h.handRow}>
        {names.map((name, i) => (
          <Badge key={i}>{name}</Badge>
        ))}
      </div>
    </>
  );
}

function niuniuCategory(c: string, t: (k: string, a?: Record<string, unknown>) => string): string {
  if (c === "NO_BULL") return t("hb_nn_no_bull");
  if (c === "BULL_BULL") return t("hb_nn_bull_bull");
  if (c === "FIVE_FACE") return t("hb_nn_five_face");
  const m = /^BULL_(\d)$/.exec(c);
  return m ? t("hb_nn_bull", { n: m[1] }) : c;
}

function Niuniu({ o }: { o: Json }) {
  const { t } = useTranslation();
  const banker = obj(o.banker);
  const wins = arr(o.seatWins);
  return (
    <>
      <Row name={t("hb_banker")}>
        <Cards codes={strs(banker.cards)} />
        <span>{niuniuCategory(String(banker.category ?? ""), t)}</span>
      </Row>
      {arr(o.seats).map((seat, i) => {
        const s = obj(seat);
        return (
          <Row key={i} name={t("hb_seat", { seat: i + 1 })}>
            <Cards codes={strs(s.cards)} />
            <span>{niuniuCategory(String(s.category ?? ""), t)}</span>
            <Badge win={wins[i] === true}>{t(wins[i] === true ? "hb_result_win" : "hb_result_lose")}</Badge>
          </Row>
        );
      })}
    </>
  );
}

function SeDie({ o }: { o: Json }) {
  const { t, i18n } = useTranslation();
  const coins = strs(o.coins);
  const redCount = num(o.reds) ?? 0;
  const reds = t("hb_reds_n", { count: redCount, n: formatNumber(redCount, i18n.language) });
  return (
    <div className={h.handRow}>
      <span className={h.cards} role="img" aria-label={reds}>
        {coins.map((c, i) => (
          <CoinArt key={i} red={c === "RED"} />
        ))}
      </span>
      <strong>{reds}</strong>
    </div>
  );
}

function Dice({ o, bets }: { o: Json; bets: Array<Record<string, unknown>> }) {
  const { t, i18n } = useTranslation();
  const roll = num(o.roll);
  const bet = bets[0];
  const target = bet ? num(bet.target) : null;
  const won = roll !== null && target !== null ? (bet!.kind === "over" ? roll > target : roll < target) : null;
  const display = rollText(o, i18n.language);
  const targetText = target !== null ? formatHundredths(target, i18n.language) : null;
  const side = targetText !== null ? t(bet!.kind === "over" ? "hb_dice_over_n" : "hb_dice_under_n", { target: targetText }) : null;
  return (
    <>
      <div className={h.handRow}>
        <span className={h.rollPill} data-testid="dice-roll">
          {display}
        </span>
        {side ? <span>{side}</span> : null}
        {won !== null ? <Badge win={won}>{t(won ? "hb_result_win" : "hb_result_lose")}</Badge> : null}
      </div>
      {roll !== null ? (
        <DiceScaleArt
          roll={roll}
          display={display}
          target={target}
          targetText={targetText}
          kind={typeof bet?.kind === "string" ? bet.kind : null}
          won={won}
          label={[t("hb_roll", { roll: display }), side].filter(Boolean).join(", ")}
        />
      ) : null}
    </>
  );
}

const BJ_RESULTS: Record<string, string> = { BLACKJACK: "hb_blackjack", WIN: "hb_result_win", PUSH: "hb_result_push", LOSE: "hb_result_lose" };

function Blackjack({ o }: { o: Json }) {
  const { t } = useTranslation();
  const dealer = strs(o.dealer);
  const playing = o.phase === "PLAYER";
  const hands = arr(o.hands).map(obj);
  const results = arr(o.results);
  const dealerTotal = blackjackTotal(dealer);
  return (
    <>
      <Row name={t("hb_dealer")}>
        <Cards codes={dealer} hidden={playing && dealer.length === 1 ? 1 : 0} />
        <strong>{dealerTotal.total > 21 ? t("hb_bust") : dealerTotal.total}</strong>
      </Row>
      {hands.map((hand, i) => {
        const cards = strs(hand.cards);
        const total = blackjackTotal(cards);
        const result = results[i];
        return (
          <Row key={i} name={hands.length > 1 ? t("hb_hand_n", { n: i + 1 }) : t("hb_you")}>
            <Cards codes={cards} />
            <strong>{total.total > 21 ? t("hb_bust") : `${total.soft ? `${t("hb_soft")} ` : ""}${total.total}`}</strong>
            {hand.doubled ? <Badge>{t("hb_doubled")}</Badge> : null}
            {playing && hands.length > 1 && o.active === i ? <Badge>{t("hb_playing")}</Badge> : null}
            {typeof result === "string" ? (
              <Badge win={result === "WIN" || result === "BLACKJACK"} testId="bj-result">
                {t(BJ_RESULTS[result] ?? "hb_result_lose")}
              </Badge>
            ) : null}
          </Row>
        );
      })}
    </>
  );
}

function ThreeCard({ o }: { o: Json }) {
  const { t } = useTranslation();
  const done = o.phase === "DONE";
  const dealer = strs(o.dealer);
  return (
    <>
      <Row name={t("hb_dealer")}>
        <Cards codes={dealer} hidden={dealer.length ? 0 : 3} />
        {done && typeof o.dealerHand === "string" ? <span>{t(`hb_hand_${o.dealerHand}`)}</span> : null}
      </Row>
      <Row name={t("hb_you")}>
        <Cards codes={strs(o.player)} />
        {typeof o.playerHand === "string" ? <span>{t(`hb_hand_${o.playerHand}`)}</span> : null}
      </Row>
      {done ? (
        <div className={h.handRow}>
          {o.decision === "fold" ? <Badge>{t("hb_folded")}</Badge> : o.decision === "play" ? <Badge>{t("hb_played")}</Badge> : null}
          {o.dealerQualified === true ? <Badge>{t("hb_dealer_qualifies")}</Badge> : o.dealerQualified === false ? <Badge>{t("hb_dealer_not_qualified")}</Badge> : null}
        </div>
      ) : null}
    </>
  );
}

function HiLo({ o }: { o: Json }) {
  const { t, i18n } = useTranslation();
  const cards = strs(o.cards);
  const steps = arr(o.steps).map(obj);
  const m = obj(o.multiplier);
  const phase = String(o.phase ?? "");
  return (
    <>
      <Row name={t("hb_first_card")}>
        <Cards codes={cards.slice(0, 1)} />
      </Row>
      {steps.length ? (
        <ol className={h.list}>
          {steps.map((s, i) => (
            <li key={i} className={h.handRow}>
              <span>{t(`hb_action_${String(s.action)}`)}</span>
              <Card code={typeof s.card === "string" ? s.card : null} />
              {s.won === true ? <Badge win>{t("hb_correct")}</Badge> : s.won === false ? <Badge>{t("hb_wrong")}</Badge> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <div className={h.handRow}>
        <Badge win={phase === "CASHED_OUT"}>{t("hb_multiplier", { x: ratioText(String(m.num ?? "1"), String(m.den ?? "1"), i18n.language) })}</Badge>
        {phase === "CASHED_OUT" ? <Badge win>{t("hb_cashed_out")}</Badge> : phase === "LOST" ? <Badge>{t("hb_result_lose")}</Badge> : null}
      </div>
    </>
  );
}

function Slot({ o, stake, slot }: { o: Json; stake?: string; slot: SlotLayout | null }) {
  const { t, i18n } = useTranslation();
  const spins = arr(o.spins).map(obj);
  const exp = stake?.includes(".") ? stake.split(".")[1]!.length : 2;
  const stakeMinor = stake ? toMinor(stake, exp) : null;
  const lines = slot?.lines ?? 1;
  const money = (lineBets: number) => (stakeMinor === null ? null : fromMinor((stakeMinor * BigInt(lineBets)) / BigInt(lines), exp));
  const roleOf = new Map(slot?.symbols.map((s) => [s.id, s.role]) ?? []);
  const nameOf = new Map(slot?.symbols.map((s) => [s.id, s.name]) ?? []);
  return (
    <>
      {spins.map((spin, i) => {
        const window = strs(spin.window);
        const wins = arr(spin.lineWins).map(obj);
        const marked = new Set<string>();
        for (const w of wins) {
          const line = slot?.paylines[num(w.line) ?? -1];
          const count = num(w.count) ?? 0;
          if (line) for (let reel = 0; reel < count; reel++) marked.add(`${line[reel]}:${reel}`);
        }
        const free = spin.type === "free";
        const scatters = num(spin.scatters) ?? 0;
        const scatterPay = num(spin.scatterPay) ?? 0;
        const awarded = num(spin.freeSpinsAwarded) ?? 0;
        const body = (
          <div className={h.outcome} data-testid={free ? "free-spin" : "slot-spin"}>
            <div className={h.reels} role="img" aria-label={window.map((row) => [...row].map((c) => nameOf.get(c) ?? c).join(", ")).join("; ")}>
              {window.flatMap((row, r) =>
                [...row].map((c, reel) => {
                  const role = roleOf.get(c);
                  return (
                    <span
                      key={`${r}:${reel}`}
                      className={`${h.reelCell} ${marked.has(`${r}:${reel}`) ? h.reelWin : ""} ${role === "wild" ? h.reelWild : role === "scatter" ? h.reelScatter : ""}`}
                      title={nameOf.get(c)}
                      data-symbol={c}
                    >
                      <SlotSymbolArt name={nameOf.get(c) ?? c} role={role} size={36} />
                    </span>
                  );
                }),
              )}
            </div>
            {wins.length || scatterPay ? (
              <ul className={h.list} data-testid="line-wins">
                {wins.map((w, j) => {
                  const amount = money(num(w.pay) ?? 0);
                  return (
                    <li key={j}>
                      {t("hb_line_win", { line: (num(w.line) ?? 0) + 1, times: formatNumber(num(w.count) ?? 0, i18n.language), symbol: nameOf.get(String(w.symbol)) ?? String(w.symbol) })}
                      {amount ? ` — ${amount}` : ""}
                    </li>
                  );
                })}
                {scatterPay ? (
                  <li>
                    {t("hb_scatter_win", { count: scatters })}
                    {money(scatterPay * lines) ? ` — ${money(scatterPay * lines)}` : ""}
                  </li>
                ) : null}
              </ul>
            ) : (
              <p className={h.muted}>{t("hb_no_win")}</p>
            )}
            {awarded ? <Badge win>{t("hb_free_spins_awarded", { count: awarded, n: formatNumber(awarded, i18n.language) })}</Badge> : null}
          </div>
        );
        if (!free) return <Fragment key={i}>{body}</Fragment>;
        return (
          <details key={i} open={spins.length <= 4}>
            <summary>{t("hb_free_spin_n", { n: i })}</summary>
            {body}
          </details>
        );
      })}
    </>
  );
}

/**
 * The paytable: each symbol's picture and name with what 3, 4 and 5 of a kind pay in line bets
 * (scatters: in total bets), folded under its title so the result stays on top.
 */
export function SlotPaytable({ slot }: { slot: SlotLayout }) {
  const { t, i18n } = useTranslation();
  const x = (n: number) => `×${formatNumber(n, i18n.language)}`;
  return (
    <details className={h.paytable} data-testid="slot-paytable">
      <summary>{t("hb_paytable")}</summary>
      <p className={h.muted}>{t("hb_paytable_note")}</p>
      <ul className={h.paytableList}>
        {slot.symbols.map((sym) => {
          const pays = sym.role === "scatter" ? slot.scatterPays : slot.pays?.[sym.id];
          return (
            <li key={sym.id} className={h.paytableRow} data-symbol={sym.id}>
              <SlotSymbolArt name={sym.name} role={sym.role} size={36} />
              <span>
                <strong>{sym.name}</strong>
                {sym.role === "wild" ? ` · ${t("hb_symbol_wild")}` : sym.role === "scatter" ? ` · ${t("hb_symbol_scatter")}` : ""}
                {pays?.length ? <span className={h.muted}> — {pays.map((p, i) => `${i + 3}: ${x(p)}`).join(" · ")}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
