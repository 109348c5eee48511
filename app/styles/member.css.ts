import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** The member centre: a page menu beside (wide) or above (narrow) the page. */
export const centre = style({
  display: "grid",
  gap: 16,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 760px)": { gridTemplateColumns: "200px minmax(0, 1fr)" } },
});
export const menu = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 4,
  alignContent: "start",
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": {
    // Phones: one row that scrolls sideways, so the page starts right under it.
    "screen and (max-width: 759.98px)": { flexWrap: "nowrap", overflowX: "auto", scrollbarWidth: "none", marginInline: -12, paddingInline: 12 },
    "screen and (min-width: 760px)": { flexDirection: "column", flexWrap: "nowrap" },
  },
});
export const menuLink = style({
  display: "block",
  whiteSpace: "nowrap",
  padding: "8px 12px",
  borderRadius: 6,
  color: vars.color.text,
  textDecoration: "none",
  background: vars.color.surfaceAlt,
  selectors: { '&[aria-current="page"]': { background: vars.color.accent, color: vars.color.accentText } },
});
// One column that may shrink below its content, so a wide table scrolls inside its wrapper, not the page.
export const panel = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 16, alignContent: "start", minWidth: 0 });
export const card = style({ border: `1px solid ${vars.color.border}`, borderRadius: 8, padding: 16, display: "grid", gap: 10 });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: 14 });
export const tableWrap = style({ overflowX: "auto" });
export const cell = style({ padding: "6px 8px", borderBottom: `1px solid ${vars.color.border}`, textAlign: "start", whiteSpace: "nowrap" });
export const number = style({ fontVariantNumeric: "tabular-nums", textAlign: "end" });
export const positive = style({ color: vars.color.text, fontWeight: 600 });
export const negative = style({ color: vars.color.danger });
export const status = style({ padding: 12, borderRadius: 6, background: vars.color.surfaceAlt });
export const filters = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "end" });
export const pager = style({ display: "flex", gap: 12, alignItems: "center" });

/** Money pages: a choice card per channel (a radio and its label), key/value details, status tags. */
export const choices = style({ border: 0, margin: 0, padding: 0, display: "grid", gap: 8, minWidth: 0 });
export const choice = style({
  display: "flex",
  gap: 10,
  alignItems: "flex-start",
  padding: 12,
  borderRadius: 8,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.accent, boxShadow: `inset 0 0 0 1px ${vars.color.accent}` } },
});
export const choiceText = style({ display: "grid", gap: 2, minWidth: 0 });
export const hint = style({ color: vars.color.muted, fontSize: 13, margin: 0 });
export const formStack = style({ display: "grid", gap: 12, maxWidth: 420, margin: 0 });
export const formRow = style({ display: "grid", gap: 4, minWidth: 0 });
export const wideField = style({ width: "100%" });
export const details = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, max-content) minmax(0, 1fr)",
  gap: "4px 12px",
  margin: 0,
});
export const term = style({ color: vars.color.muted });
export const value = style({ margin: 0, fontWeight: 600, overflowWrap: "anywhere" });
export const notice = style({
  padding: 12,
  borderRadius: 6,
  background: vars.color.surfaceAlt,
  borderInlineStart: `4px solid ${vars.color.accent}`,
  display: "flex",
  flexWrap: "wrap",
  gap: 8,
  alignItems: "center",
  justifyContent: "space-between",
  margin: 0,
});
export const noticeBad = style({ borderInlineStartColor: vars.color.danger });
export const tag = style({
  display: "inline-block",
  padding: "1px 8px",
  borderRadius: 999,
  fontSize: 13,
  fontWeight: 600,
  border: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});
export const tagGood = style({ borderColor: vars.color.accent, color: vars.color.text, background: vars.color.surfaceAlt });
export const tagBad = style({ borderColor: vars.color.danger, color: vars.color.danger });
export const records = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 10 });
export const recordHead = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "baseline", justifyContent: "space-between" });
export const amountText = style({ fontVariantNumeric: "tabular-nums", fontWeight: 700, fontSize: 18 });
export const collapsible = style({ border: `1px solid ${vars.color.border}`, borderRadius: 8, padding: "8px 12px" });
export const collapsibleSummary = style({ cursor: "pointer", fontWeight: 600 });
export const buttonRow = style({ display: "flex", flexWrap: "wrap", gap: 8 });
/** A page section under a rule, so long phone pages read as separate steps. */
export const block = style({ display: "grid", gap: 12, alignContent: "start", minWidth: 0, paddingTop: 16, borderTop: `1px solid ${vars.color.border}` });
export const blockTitle = style({ margin: 0, fontSize: 20 });
export const presets = style({ display: "flex", flexWrap: "wrap", gap: 8, listStyle: "none", margin: 0, padding: 0 });
/** A preset that would go past today: shown, not followed. */
export const presetOff = style({ opacity: 0.5, cursor: "default" });
export const fieldBlock = style({ display: "grid", gap: 4, minWidth: 0 });
export const totalRow = style({ fontWeight: 700 });
export const muted = style({ color: vars.color.muted, fontSize: 14, margin: 0 });
export const formCard = style({ display: "grid", gap: 10, maxWidth: 420 });
/** A notice card whose paragraphs are spaced by the card's gap only. */
export const noticeCard = style([card]);
globalStyle(`${noticeCard} p`, { margin: 0 });

/*
 * Below 600 px a record table becomes a stack of cards: one row a card, one cell a line with
 * its column's name (the cell's data-label) at the start and the value at the end.
 */
const narrow = "screen and (max-width: 599.98px)";
globalStyle(`${table}, ${table} tbody, ${table} tfoot`, { "@media": { [narrow]: { display: "block", width: "100%" } } });
globalStyle(`${table} thead`, {
  "@media": { [narrow]: { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } },
});
globalStyle(`${table} tr`, {
  "@media": {
    [narrow]: {
      display: "grid",
      gridTemplateColumns: "minmax(0, 1fr)",
      gap: 2,
      padding: "8px 10px",
      marginBottom: 8,
      border: `1px solid ${vars.color.border}`,
      borderRadius: 8,
      background: vars.color.surface,
    },
  },
});
globalStyle(`${table} td, ${table} th`, {
  "@media": {
    [narrow]: {
      display: "flex",
      flexWrap: "wrap",
      justifyContent: "space-between",
      gap: "2px 12px",
      padding: "2px 0",
      border: 0,
      whiteSpace: "normal",
      overflowWrap: "anywhere",
      minWidth: 0,
    },
  },
});
globalStyle(`${table} td[data-label]::before`, {
  "@media": { [narrow]: { content: "attr(data-label)", color: vars.color.muted, fontWeight: 400, textAlign: "start" } },
});
globalStyle(`${tableWrap}`, { "@media": { [narrow]: { overflowX: "visible" } } });

/** A mission's progress: a native <progress> drawn as a bar in the theme's colours. */
export const progress = style({
  display: "block",
  width: "100%",
  height: 10,
  appearance: "none",
  border: 0,
  borderRadius: 5,
  overflow: "hidden",
  background: vars.color.surfaceAlt,
  color: vars.color.accent,
});
globalStyle(`${progress}::-webkit-progress-bar`, { background: vars.color.surfaceAlt, borderRadius: 5 });
globalStyle(`${progress}::-webkit-progress-value`, { background: vars.color.accent, borderRadius: 5 });
globalStyle(`${progress}::-moz-progress-bar`, { background: vars.color.accent, borderRadius: 5 });

/** The invitation QR code: square, never wider than a phone's column. */
export const qrImage = style({ width: 160, height: 160, maxWidth: "100%", background: "#fff", padding: 8, borderRadius: 8 });
/** A long link or code that must wrap anywhere on a 360 px screen. */
export const breakAnywhere = style({ overflowWrap: "anywhere", wordBreak: "break-word", margin: 0 });
