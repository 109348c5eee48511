import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

export const skipLink = style({
  position: "absolute",
  insetInlineStart: 8,
  top: -48,
  padding: "8px 12px",
  background: vars.color.accent,
  color: vars.color.accentText,
  zIndex: 10,
  selectors: { "&:focus": { top: 8 } },
});

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  maxWidth: 1200,
  margin: "0 auto",
  padding: "10px 16px",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 16,
});

export const logo = style({
  fontWeight: 800,
  fontSize: 20,
  color: vars.color.text,
  textDecoration: "none",
});

export const nav = style({ display: "flex", flexWrap: "wrap", gap: 4 });

export const navLink = style({
  color: vars.color.text,
  textDecoration: "none",
  padding: "8px 10px",
  borderRadius: 6,
  selectors: { "&:hover, &[aria-current=page]": { background: vars.color.surfaceAlt } },
});

export const main = style({
  flex: 1,
  width: "100%",
  maxWidth: 1200,
  margin: "0 auto",
  padding: "24px 16px",
});

export const footer = style({
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: 14,
});

export const footerInner = style({ maxWidth: 1200, margin: "0 auto", padding: "16px" });
