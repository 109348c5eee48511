import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** The unread count beside the message entries (spec §2 badges). */
export const badge = style({
  display: "inline-block",
  minWidth: 20,
  padding: "0 6px",
  marginInlineStart: 6,
  borderRadius: 10,
  background: vars.color.danger,
  color: "#1a0000",
  fontSize: 12,
  fontWeight: 700,
  lineHeight: "20px",
  textAlign: "center",
  fontVariantNumeric: "tabular-nums",
});

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8, minWidth: 0 });
export const item = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: 8,
  alignItems: "center",
  padding: 10,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  minWidth: 0,
});
export const unread = style({ borderInlineStart: `4px solid ${vars.color.accent}` });
export const itemLink = style({ color: vars.color.text, textDecoration: "none", display: "grid", gap: 2, minWidth: 0, overflowWrap: "anywhere" });
export const itemTitle = style({ fontWeight: 700 });
export const itemTitleRead = style({ fontWeight: 400 });
export const meta = style({ color: vars.color.muted, fontSize: 13 });
export const opened = style({
  display: "grid",
  gap: 8,
  padding: 12,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surfaceAlt,
  overflowWrap: "anywhere",
  whiteSpace: "pre-line",
});
export const toolbar = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" });
