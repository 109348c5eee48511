import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

const wide = "screen and (min-width: 900px)";
const reduced = "(prefers-reduced-motion: reduce)";

export const skipLink = style({
  position: "absolute",
  insetInlineStart: 8,
  top: -48,
  padding: "8px 12px",
  background: vars.color.accent,
  color: vars.color.accentText,
  zIndex: 50,
  selectors: { "&:focus": { top: 8 } },
});

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: "relative",
  zIndex: 20,
});

export const topbar = style({
  maxWidth: 1200,
  margin: "0 auto",
  padding: "8px 12px",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 12,
});

export const logo = style({ fontWeight: 800, fontSize: 20, color: vars.color.text, textDecoration: "none", marginInlineEnd: "auto" });

export const inlineForm = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 6, margin: 0 });

export const field = style({
  minWidth: 0,
  width: 140,
  padding: "7px 9px",
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
  color: vars.color.text,
  font: "inherit",
});

export const smallButton = style({
  padding: "7px 12px",
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
  textDecoration: "none",
  display: "inline-block",
  selectors: { '&[aria-pressed="true"]': { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent } },
});

export const primaryButton = style([
  smallButton,
  { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent, fontWeight: 700 },
]);

export const linkish = style({ color: vars.color.accent, fontSize: 14 });

export const settings = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" });

export const visuallyHidden = style({
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});

export const dropdown = style({ position: "relative" });
export const dropdownSummary = style({ listStyle: "none", cursor: "pointer", selectors: { "&::-webkit-details-marker": { display: "none" } } });
export const dropdownList = style({
  position: "absolute",
  insetInlineStart: 0,
  top: "100%",
  margin: "4px 0 0",
  padding: 4,
  listStyle: "none",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  minWidth: 160,
  zIndex: 30,
});

export const qrBox = style({ width: 100, height: 100, background: "#fff", padding: 0, lineHeight: 0 });
globalStyle(`${qrBox} svg`, { width: "100%", height: "100%", display: "block" });

export const memberBar = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8 });
export const balance = style({ fontVariantNumeric: "tabular-nums", fontWeight: 700 });

/* Navigation with vendor drop-downs: hover and keyboard focus open them with CSS alone;
   on touch the toggle is a <details> whose open state shows the panel. */
export const nav = style({ borderTop: `1px solid ${vars.color.border}` });
export const navList = style({
  maxWidth: 1200,
  margin: "0 auto",
  padding: "0 8px",
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: 2,
});
export const navItem = style({ position: "relative", display: "flex", alignItems: "center" });
export const navLink = style({
  color: vars.color.text,
  textDecoration: "none",
  padding: "10px 10px",
  display: "inline-block",
  selectors: { "&:hover, &[aria-current=page]": { color: vars.color.accent } },
});
export const navToggle = style({ display: "inline-block" });
export const navToggleSummary = style({
  listStyle: "none",
  cursor: "pointer",
  padding: "10px 6px",
  color: vars.color.muted,
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
export const navPanel = style({
  display: "none",
  position: "absolute",
  top: "100%",
  insetInlineStart: 0,
  zIndex: 40,
  width: "min(92vw, 560px)",
  padding: 10,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 10,
  boxShadow: "0 10px 30px rgba(0,0,0,.25)",
  selectors: {
    [`${navItem}:hover > &, ${navItem}:focus-within > &, ${navToggle}[open] + &`]: { display: "grid" },
  },
  gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))",
  gap: 6,
});
export const vendorTile = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: 8,
  borderRadius: 8,
  color: vars.color.text,
  textDecoration: "none",
  background: vars.color.surfaceAlt,
  fontSize: 14,
  selectors: { "&:hover": { outline: `2px solid ${vars.color.accent}` } },
});

export const layout = style({ flex: 1, display: "flex", width: "100%" });

export const main = style({
  flex: 1,
  minWidth: 0,
  width: "100%",
  maxWidth: 1200,
  margin: "0 auto",
  padding: "20px 12px",
});

/* Side menu: a strip under the header on phones, two slim bars beside the page on wide screens. */
export const sideBar = style({
  display: "flex",
  gap: 8,
  padding: 8,
  alignItems: "center",
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  flexWrap: "wrap",
  "@media": {
    [wide]: {
      flexDirection: "column",
      borderBottom: 0,
      borderInlineEnd: `1px solid ${vars.color.border}`,
      width: 124,
      flexShrink: 0,
      paddingTop: 20,
    },
  },
});
export const sideBarEnd = style([
  sideBar,
  { "@media": { [wide]: { borderInlineEnd: 0, borderInlineStart: `1px solid ${vars.color.border}` } } },
]);
export const sideLink = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 2,
  padding: 8,
  borderRadius: 8,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: 13,
  textAlign: "center",
  background: vars.color.surfaceAlt,
  minWidth: 64,
});
export const layoutWithSides = style({
  display: "flex",
  flexDirection: "column",
  flex: 1,
  "@media": { [wide]: { flexDirection: "row" } },
});

export const footer = style({
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: 14,
});
export const footerInner = style({
  maxWidth: 1200,
  margin: "0 auto",
  padding: "20px 12px",
  display: "grid",
  gap: 20,
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
});
export const footerTitle = style({ color: vars.color.text, fontSize: 15, margin: "0 0 8px" });
export const footerList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 6 });
export const providerIcons = style({ display: "flex", flexWrap: "wrap", gap: 6 });
export const footerWide = style({ gridColumn: "1 / -1" });

const scroll = keyframes({ from: { transform: "translateX(0)" }, to: { transform: "translateX(-50%)" } });
export const bankStrip = style({ overflow: "hidden", maskImage: "linear-gradient(90deg, transparent, #000 8%, #000 92%, transparent)" });
export const bankTrack = style({
  display: "flex",
  gap: 12,
  width: "max-content",
  animation: `${scroll} 60s linear infinite`,
  "@media": { [reduced]: { animation: "none", flexWrap: "wrap", width: "auto" } },
  selectors: { [`${bankStrip}:hover &`]: { animationPlayState: "paused" } },
});

export const timeBar = style({ height: 8, borderRadius: 4, background: vars.color.surfaceAlt, overflow: "hidden" });
export const timeBarFill = style({ height: "100%", background: vars.color.accent });
export const fineprint = style({ margin: "8px 0 0" });

export const fieldError = style({ color: vars.color.danger, fontSize: 13, flexBasis: "100%" });
export const stackForm = style({ display: "grid", gap: 8, margin: 0 });
