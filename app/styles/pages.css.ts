import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** Full-page states (maintenance, region block, errors): one centred card. */
export const statePage = style({
  flex: 1,
  display: "grid",
  placeItems: "center",
  padding: "32px 16px",
});

export const stateCard = style({
  width: "100%",
  maxWidth: 520,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 12,
  padding: "28px 24px",
  textAlign: "center",
});

export const stateTitle = style({ margin: "0 0 12px", fontSize: 26 });
export const stateText = style({ margin: "0 0 16px", color: vars.color.muted });
export const stateCode = style({
  fontFamily: "ui-monospace, monospace",
  fontSize: 14,
  background: vars.color.surfaceAlt,
  padding: "2px 6px",
  borderRadius: 4,
  wordBreak: "break-all",
});

export const button = style({
  display: "inline-block",
  margin: "8px 6px 0",
  padding: "10px 18px",
  borderRadius: 8,
  border: 0,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontWeight: 700,
  textDecoration: "none",
  cursor: "pointer",
});

export const secondaryButton = style([
  button,
  { background: vars.color.surfaceAlt, color: vars.color.text },
]);

export const categoryGrid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
  gap: 12,
});

export const categoryCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 10,
  padding: 16,
});

export const muted = style({ color: vars.color.muted, margin: 0 });
