import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** The in-house game pages: the table, the bet spots, cards, dice, the wheel and the reels. */

export const page = style({ display: "grid", gap: 16, alignContent: "start", minWidth: 0, maxWidth: 960, margin: "0 auto", width: "100%" });
export const head = style({ display: "flex", flexWrap: "wrap", gap: "4px 16px", alignItems: "baseline", justifyContent: "space-between" });
export const title = style({ margin: 0, fontSize: 24 });
export const section = style({ border: `1px solid ${vars.color.border}`, borderRadius: 8, padding: 12, display: "grid", gap: 10, minWidth: 0, background: vars.color.surface });
export const sectionTitle = style({ margin: 0, fontSize: 18 });
export const muted = style({ color: vars.color.muted, fontSize: 13, margin: 0 });
export const mono = style({ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 12, overflowWrap: "anywhere", wordBreak: "break-all" });

export const spotGroup = style({ border: 0, margin: 0, padding: 0, display: "grid", gap: 6, minWidth: 0 });
export const legend = style({ fontWeight: 700, padding: 0, marginBottom: 4 });
export const spotRows = style({ display: "grid", gap: 6, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" });
export const spot = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) 84px",
  alignItems: "center",
  gap: 6,
  padding: "6px 8px",
  borderRadius: 6,
  background: vars.color.surfaceAlt,
  minWidth: 0,
});
export const spotLabel = style({ display: "grid", minWidth: 0, lineHeight: 1.2 });
export const odds = style({ color: vars.color.muted, fontSize: 12 });
export const amount = style({
  width: "100%",
  minWidth: 0,
  padding: "6px 6px",
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
  color: vars.color.text,
  font: "inherit",
  textAlign: "end",
});
export const select = style([amount, { textAlign: "start" }]);
export const pickRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1.3fr) 84px",
  alignItems: "center",
  gap: 6,
  padding: "6px 8px",
  borderRadius: 6,
  background: vars.color.surfaceAlt,
});

/** Roulette straight-ups: 0 on top, then the layout's three columns. */
export const numberGrid = style({ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 4 });
export const numberCell = style({ display: "grid", gridTemplateColumns: "30px minmax(0, 1fr)", alignItems: "center", gap: 4, padding: 3, borderRadius: 6 });
export const zeroCell = style({ gridColumn: "1 / -1" });
export const pocket = styleVariants({
  red: { background: "#b3261e", color: "#fff" },
  black: { background: "#1d1d1f", color: "#fff" },
  green: { background: "#1b7a3a", color: "#fff" },
});
export const pocketLabel = style({ textAlign: "center", fontWeight: 700, borderRadius: 4, padding: "4px 0", fontVariantNumeric: "tabular-nums" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" });
export const formError = style({ color: vars.color.danger, margin: 0, fontWeight: 600 });

/** Outcomes. */
export const outcome = style({ display: "grid", gap: 10, minWidth: 0 });
export const handRow = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" });
export const handName = style({ minWidth: 72, fontWeight: 700 });
export const cards = style({ display: "inline-flex", flexWrap: "wrap", gap: 4 });
export const card = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: 34,
  height: 46,
  padding: "0 4px",
  borderRadius: 5,
  background: "#fff",
  color: "#1d1d1f",
  border: "1px solid #8a8f98",
  fontWeight: 700,
  fontSize: 17,
  lineHeight: 1,
});
export const cardRed = style({ color: "#b3261e" });
/** A card drawn as SVG (game-art.tsx): 40 × 56, a little shadow to lift it off the table. */
export const cardArt = style({ display: "inline-block", lineHeight: 0, borderRadius: 5, boxShadow: "0 1px 2px rgb(0 0 0 / .25)" });
export const paytable = style({ marginTop: 8 });
export const paytableList = style({ listStyle: "none", padding: 0, margin: "8px 0 0", display: "grid", gap: 6 });
export const paytableRow = style({ display: "flex", gap: 8, alignItems: "center", minWidth: 0, overflowWrap: "anywhere" });
export const cardHidden = style({ background: "repeating-linear-gradient(45deg, #2d4a8a, #2d4a8a 4px, #3b5da8 4px, #3b5da8 8px)", color: "transparent" });
export const badge = style({
  display: "inline-block",
  padding: "2px 10px",
  borderRadius: 999,
  fontWeight: 700,
  fontSize: 14,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});
export const badgeWin = style({ background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent });
export const wheel = style({
  display: "inline-grid",
  placeItems: "center",
  width: 72,
  height: 72,
  borderRadius: "50%",
  fontSize: 30,
  fontWeight: 800,
  border: "4px solid #c9a227",
});
/** SVG results (table-art.tsx). Wide pictures shrink to the screen, never wider. */
export const artFluid = style({ display: "block", maxWidth: "100%", height: "auto" });
export const dieArt = style({ display: "block", filter: "drop-shadow(0 1px 1px rgb(0 0 0 / .3))" });
export const diceArt = style({ display: "inline-flex", gap: 6, alignItems: "center", lineHeight: 0 });
export const diceArtSmall = style({ display: "inline-flex", gap: 2, verticalAlign: "middle", lineHeight: 0 });
export const scaleTrack = style({ fill: vars.color.border });
export const scaleOutline = style({ stroke: vars.color.muted });
export const scaleZone = style({ fill: vars.color.accent, opacity: 0.75 });
export const scaleInk = style({ fill: vars.color.text });
export const scaleMuted = style({ fill: vars.color.muted, fontVariantNumeric: "tabular-nums" });
export const scaleWin = style({ fill: vars.color.accent });
export const scaleLose = style({ fill: vars.color.danger });
export const scalePinText = style({ fill: vars.color.bg, fontVariantNumeric: "tabular-nums" });
export const rollPill = style([wheel, { width: "auto", height: 56, padding: "0 14px", borderRadius: 12, fontSize: 26, fontVariantNumeric: "tabular-nums" }]);
export const bigNumber = style({ fontSize: 30, fontWeight: 800, lineHeight: 1, fontVariantNumeric: "tabular-nums" });

/** Slots: 5 × 3 window, winning cells marked. */
export const reels = style({ display: "grid", gridTemplateColumns: "repeat(5, minmax(0, 48px))", gap: 4 });
export const reelCell = style({
  display: "grid",
  placeItems: "center",
  height: 44,
  lineHeight: 0,
  borderRadius: 6,
  background: vars.color.surfaceAlt,
  border: `2px solid ${vars.color.border}`,
  fontWeight: 800,
  fontSize: 18,
});
export const reelWin = style({ borderColor: vars.color.accent, background: vars.color.bg });
export const reelWild = style({ color: "#1b7a3a" });
export const reelScatter = style({ color: "#b3261e" });
globalStyle(`[data-theme="dark"] ${reelWild}`, { color: "#6fdc8c" });
globalStyle(`[data-theme="dark"] ${reelScatter}`, { color: "#ff8a80" });

export const facts = style({ display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)", gap: "4px 12px", margin: 0 });
/** Seeds and hashes: each value under its name, so 64 characters wrap across the full width. */
export const factsStacked = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2, margin: 0 });
globalStyle(`${factsStacked} dd`, { marginBottom: 8 });
export const factTerm = style({ color: vars.color.muted });
export const factValue = style({ margin: 0, fontWeight: 600, fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" });
export const list = style({ margin: 0, paddingInlineStart: 18, display: "grid", gap: 2 });
export const recall = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 });
export const recallItem = style({
  display: "grid",
  gap: 4,
  padding: "8px 10px",
  borderRadius: 6,
  background: vars.color.surfaceAlt,
  minWidth: 0,
});
export const recallHead = style({ display: "flex", flexWrap: "wrap", gap: "2px 10px", alignItems: "baseline", justifyContent: "space-between" });
export const textarea = style({
  width: "100%",
  minHeight: 80,
  padding: 8,
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: 13,
});
export const wideInput = style({ width: "100%" });
export const ok = style({ color: vars.color.text, fontWeight: 700, borderInlineStart: `4px solid #2e7d32`, paddingInlineStart: 8, margin: 0 });
export const bad = style({ color: vars.color.danger, fontWeight: 700, borderInlineStart: `4px solid ${vars.color.danger}`, paddingInlineStart: 8, margin: 0 });
