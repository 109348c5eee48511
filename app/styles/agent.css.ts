import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** Figures as cards that wrap: two per row on a 360 px phone, more on wider screens. */
export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 150px), 1fr))",
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const figure = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  padding: "10px 12px",
  display: "grid",
  gap: 4,
  minWidth: 0,
  background: vars.color.surface,
});
export const figureLabel = style({ color: vars.color.muted, fontSize: 13, margin: 0, overflowWrap: "anywhere" });
export const figureValue = style({ margin: 0, fontWeight: 700, fontSize: 18, fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" });

/** Report rows: one card per record, its fields as label/value pairs that wrap. */
export const rows = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 });
export const row = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  padding: "10px 12px",
  display: "grid",
  gap: 6,
  minWidth: 0,
});
export const rowHead = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "baseline", justifyContent: "space-between", minWidth: 0 });
export const rowTitle = style({ fontWeight: 700, overflowWrap: "anywhere", minWidth: 0 });
export const pairs = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 140px), 1fr))",
  gap: "4px 12px",
  margin: 0,
});
export const pair = style({ display: "grid", gap: 0, minWidth: 0 });
export const pairLabel = style({ color: vars.color.muted, fontSize: 12 });
export const pairValue = style({ margin: 0, fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" });
export const toolbar = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center", justifyContent: "space-between" });
export const invite = style({ display: "grid", gap: 12, minWidth: 0 });
export const linkText = style({ overflowWrap: "anywhere", wordBreak: "break-all", fontFamily: "monospace", fontSize: 14, margin: 0 });
export const qr = style({ width: 180, height: 180, maxWidth: "100%", background: "#fff", padding: 8, borderRadius: 8 });
export const code = style({ fontFamily: "monospace", fontSize: 22, fontWeight: 700, letterSpacing: 2, margin: 0 });
