import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { pictureBackground } from "./deferred-picture.css";

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

/* Phone first: below 1024 px a bar under 64 px, a drawer and a bottom tab bar; from 1024 px up, spec §2's desktop header. */
export const desk = "screen and (min-width: 1024px)";
export const phone = "screen and (max-width: 1023.98px)";
export const small = "screen and (max-width: 599.98px)";
const BAR = 56;

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: "sticky",
  top: 0,
  zIndex: 20,
  "@media": {
    [desk]: {
      position: "relative",
      display: "grid",
      gridTemplateColumns: "minmax(0, auto) minmax(0, 1fr)",
      alignItems: "center",
      columnGap: 12,
      paddingInline: "max(12px, calc((100% - 1200px) / 2))",
    },
  },
});

export const visuallyHidden = style({
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});

/** The drawer's open state: a checkbox, so the drawer opens and closes with scripts off. */
export const drawerToggle = style([visuallyHidden, { margin: 0, opacity: 0 }]);

export const topbar = style({
  display: "flex",
  alignItems: "center",
  // 6, not 8: the brand's name keeps the 4 px (Arabic's "Demo Casino" fits whole at 360 px).
  gap: 6,
  height: BAR,
  paddingInline: 8,
  "@media": { [desk]: { height: "auto", padding: "8px 0" } },
});

export const burger = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 44,
  height: 44,
  flexShrink: 0,
  borderRadius: 8,
  cursor: "pointer",
  color: vars.color.text,
  selectors: {
    [`${drawerToggle}:focus-visible ~ ${topbar} &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
    [`${drawerToggle}:checked ~ ${topbar} &`]: { background: vars.color.surfaceAlt },
  },
  "@media": { [desk]: { display: "none" } },
});

export const logo = style({
  fontWeight: 800,
  fontSize: 15,
  color: vars.color.text,
  textDecoration: "none",
  marginInlineEnd: "auto",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  // A block, not a flex box: text-overflow applies to a block's own text only, so a brand name too
  // long for a phone's bar ends in "…" instead of being cut mid-letter.
  display: "block",
  lineHeight: "44px",
  "@media": { [desk]: { fontSize: 20 } },
});

export const compactAccount = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  flexShrink: 0,
  "@media": { [desk]: { display: "none" } },
});
export const compactBalance = style({
  display: "grid",
  justifyItems: "end",
  lineHeight: 1.15,
  minHeight: 44,
  alignContent: "center",
  color: vars.color.text,
  textDecoration: "none",
  fontSize: 14,
  maxWidth: 130,
});
export const compactBalanceLabel = style({
  fontSize: 11,
  color: vars.color.muted,
  maxWidth: "100%",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

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
  "@media": { [phone]: { minHeight: 44, fontSize: 16 } },
});
export const countryField = style({ width: 64, flex: "0 0 64px" });

export const smallButton = style({
  padding: "7px 12px",
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
  textDecoration: "none",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  textAlign: "center",
  selectors: { '&[aria-pressed="true"]': { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent } },
  "@media": { [phone]: { minHeight: 44, minWidth: 44 } },
});

export const primaryButton = style([
  smallButton,
  { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent, fontWeight: 700 },
]);
export const compactButton = style({ paddingInline: 8, whiteSpace: "nowrap", fontSize: 13 });

export const linkish = style({ color: vars.color.accent, fontSize: 14 });

export const settings = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" });

/** Shown from 1024 px up only (the phone has the same link elsewhere: the bar or the tab bar). */
export const wideOnly = style({ "@media": { [phone]: { display: "none" } } });

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
  maxWidth: "calc(100vw - 16px)",
  zIndex: 30,
});
/** A drop-down that opens towards the start from its end edge (the header's right-hand menus). */
export const dropdownEnd = style({ insetInlineStart: "auto", insetInlineEnd: 0 });
export const settingsPanel = style({ display: "grid", gap: 10, padding: 12, width: "max-content", maxWidth: "min(320px, calc(100vw - 16px))" });

/**
 * The QR code is one pixel per module (shell.server.ts, qrPng), scaled up without smoothing. With
 * scripts off the image is a blank and the code its background (download-qr.tsx).
 */
export const qrBox = style({
  width: 100,
  height: 100,
  background: "#fff",
  padding: 0,
  display: "block",
  imageRendering: "pixelated",
  "@media": { "(scripting: none)": { background: `${pictureBackground} #fff` } },
});

export const memberBar = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8 });
export const balance = style({ fontVariantNumeric: "tabular-nums", fontWeight: 700, unicodeBidi: "isolate", direction: "ltr" });
export const loginArea = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 6 });
export const headerLogin = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 6 });

/**
 * The drawer: below 1024 px a sheet under the bar, shown while the checkbox is checked; from
 * 1024 px up its box disappears (display: contents) and its parts sit in the header's grid.
 */
export const drawer = style({
  display: "none",
  "@media": {
    [phone]: {
      position: "fixed",
      top: BAR,
      insetInline: 0,
      bottom: 0,
      overflowY: "auto",
      overscrollBehavior: "contain",
      background: vars.color.surface,
      borderTop: `1px solid ${vars.color.border}`,
      padding: "12px 12px 80px",
      zIndex: 40,
      selectors: { [`${drawerToggle}:checked ~ &`]: { display: "grid", alignContent: "start", gap: 16 } },
    },
    [desk]: { display: "contents" },
  },
});
globalStyle(`html:has(${drawerToggle}:checked)`, { "@media": { [phone]: { overflow: "hidden" } } });

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 8,
  "@media": {
    [desk]: { justifyContent: "flex-end", padding: "8px 0" },
    [phone]: { flexDirection: "column", alignItems: "stretch" },
  },
});
globalStyle(`${toolbar} > *`, { "@media": { [phone]: { maxWidth: "100%" } } });
globalStyle(`${drawer} ${field}`, { "@media": { [phone]: { flex: "1 1 140px" } } });
globalStyle(`${drawer} ${dropdownList}`, {
  "@media": { [phone]: { position: "static", width: "auto", maxWidth: "none", marginTop: 8 } },
});
globalStyle(`${drawer} ${dropdownSummary}`, { "@media": { [phone]: { display: "flex", width: "100%", justifyContent: "space-between" } } });

export const drawerExtras = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: 8,
  "@media": { [desk]: { display: "none" } },
});
export const drawerLink = style([smallButton, {}]);

/* Navigation with vendor drop-downs: on wide screens hover and keyboard focus open them with CSS
   alone; on touch the toggle is a <details> whose open state shows the panel (in the drawer, in flow). */
export const nav = style({ "@media": { [desk]: { gridColumn: "1 / -1", borderTop: `1px solid ${vars.color.border}` } } });
export const navList = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [desk]: { display: "flex", flexWrap: "wrap", gap: 2 } },
});
export const navItem = style({
  position: "relative",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  "@media": { [phone]: { borderBottom: `1px solid ${vars.color.border}` } },
});
export const navLink = style({
  color: vars.color.text,
  textDecoration: "none",
  padding: "10px 10px",
  display: "inline-flex",
  alignItems: "center",
  selectors: { "&:hover, &[aria-current=page]": { color: vars.color.accent } },
  "@media": { [phone]: { flex: 1, minHeight: 44 } },
});
export const navToggle = style({ display: "inline-block" });
export const navToggleSummary = style({
  listStyle: "none",
  cursor: "pointer",
  padding: "10px 6px",
  color: vars.color.muted,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
  "@media": { [phone]: { minWidth: 44, minHeight: 44 } },
});
export const navPanel = style({
  display: "none",
  gap: 6,
  padding: 10,
  background: vars.color.surface,
  gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))",
  selectors: { [`${navToggle}[open] + &`]: { display: "grid" } },
  "@media": {
    [phone]: { flexBasis: "100%", padding: "0 0 10px" },
    [desk]: {
      position: "absolute",
      top: "100%",
      insetInlineStart: 0,
      zIndex: 40,
      width: "min(92vw, 560px)",
      border: `1px solid ${vars.color.border}`,
      borderRadius: 10,
      boxShadow: "0 10px 30px rgba(0,0,0,.25)",
      selectors: { [`${navItem}:hover > &, ${navItem}:focus-within > &`]: { display: "grid" } },
    },
  },
});
/* A panel near the inline end of the row opens towards the start, so it stays on the screen. */
globalStyle(`${navItem}:nth-last-child(-n+5) > ${navPanel}`, { "@media": { [desk]: { insetInlineStart: "auto", insetInlineEnd: 0 } } });
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
  minWidth: 0,
  overflowWrap: "anywhere",
  minHeight: 44,
  selectors: { "&:hover": { outline: `2px solid ${vars.color.accent}` } },
});

/** The icon is its `--p` (deferred-picture.tsx), drawn only when the drop-down is shown. */
export const vendorIcon = style({
  flex: "none",
  width: 28,
  height: 28,
  background: "var(--p) center / contain no-repeat",
});

/* The bottom tab bar: phones only. */
export const tabBar = style({
  position: "fixed",
  insetInline: 0,
  bottom: 0,
  zIndex: 30,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  paddingBottom: "env(safe-area-inset-bottom)",
  "@media": { [desk]: { display: "none" } },
});
export const tabList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gridTemplateColumns: "repeat(5, minmax(0, 1fr))" });
export const tabLink = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: 2,
  minHeight: 54,
  padding: "4px 2px",
  fontSize: 11,
  lineHeight: 1.2,
  textAlign: "center",
  color: vars.color.muted,
  textDecoration: "none",
  overflowWrap: "anywhere",
  selectors: { '&[aria-current="page"]': { color: vars.color.accent, fontWeight: 700 } },
});
/* The tab icons' strokes, once here rather than on each <svg> of every page (their size stays in the markup). */
globalStyle(`${tabLink} > svg`, { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinejoin: "round", strokeLinecap: "round" });
globalStyle("body", { "@media": { [phone]: { paddingBottom: "calc(60px + env(safe-area-inset-bottom))" } } });

/*
 * Touch targets (WCAG 2.5.5, 44 x 44 CSS px) on phones: every link, button, field and toggle
 * is at least that big unless its own class says more; long words and numbers wrap.
 */
globalStyle(":where(a, button, select, summary, label[for], input:not([type=checkbox], [type=radio], [type=hidden]))", {
  "@media": { [phone]: { minHeight: 44, minWidth: 44 } },
});
globalStyle(":where(a, summary, label[for])", { "@media": { [phone]: { display: "inline-flex", alignItems: "center" } } });
globalStyle(":where(input[type=checkbox], input[type=radio])", { "@media": { [phone]: { width: 22, height: 22, margin: 11 } } });
globalStyle("main", { overflowWrap: "break-word" });
globalStyle("main table", { "@media": { [phone]: { overflowWrap: "normal" } } });

export const layout = style({ flex: 1, display: "flex", width: "100%" });

export const main = style({
  flex: 1,
  minWidth: 0,
  width: "100%",
  maxWidth: 1200,
  margin: "0 auto",
  padding: "12px 12px 20px",
  "@media": { [desk]: { padding: "20px 12px" } },
});

/* Side menu: two slim bars beside the page on wide screens; on phones its links live in the drawer. */
export const sideBar = style({
  display: "none",
  gap: 8,
  padding: 8,
  alignItems: "center",
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  flexWrap: "wrap",
  "@media": {
    [desk]: {
      display: "flex",
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
  { "@media": { [desk]: { borderInlineEnd: 0, borderInlineStart: `1px solid ${vars.color.border}` } } },
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
  "@media": { [desk]: { flexDirection: "row" } },
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
globalStyle(`${providerIcons} img`, { display: "block", width: 40, height: 40 });
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

const bankLogoSize = { width: 72, height: 28 };
globalStyle(`${bankTrack} img`, { display: "block", ...bankLogoSize });
/**
 * The loop's copy of the bank logos: one row of backgrounds the size of the logos
 * (deferred-picture.tsx). Without motion the logos do not loop, and the copy is not shown.
 */
export const bankLoopCopy = style({ display: "flex", gap: 12, "@media": { [reduced]: { display: "none" } } });
globalStyle(`${bankLoopCopy} > span`, { ...bankLogoSize, flexShrink: 0, background: pictureBackground });

export const timeBar = style({ height: 8, borderRadius: 4, background: vars.color.surfaceAlt, overflow: "hidden" });
export const timeBarFill = style({ height: "100%", background: vars.color.accent });
export const fineprint = style({ margin: "8px 0 0" });

export const fieldError = style({ color: vars.color.danger, fontSize: 13, flexBasis: "100%" });
export const stackForm = style({ display: "grid", gap: 8, margin: 0 });

/* Form help: the rule before typing, the asterisk of required fields. */
export const fieldBlock = style({ display: "grid", gap: 4, minWidth: 0 });
export const formHint = style({ color: vars.color.muted, fontSize: 13, margin: 0 });
export const requiredMark = style({
  color: vars.color.danger,
  fontWeight: 700,
  selectors: { "&::after": { content: '" *"' } },
});
export const fullField = style({ width: "100%" });

/* Phone page titles: one line of 24 px, not a screen's fifth. */
globalStyle("main h1", { "@media": { [phone]: { fontSize: 24, lineHeight: 1.25, margin: "4px 0 12px" } } });
