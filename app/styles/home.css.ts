import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

const reduced = "(prefers-reduced-motion: reduce)";

export const section = style({ margin: "0 0 24px" });
export const sectionHead = style({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: 12 });
export const sectionTitle = style({ fontSize: 20, margin: "0 0 10px" });

/* Banner carousel: a scroll-snap strip without scripts; scripts add autoplay. */
export const carousel = style({ position: "relative", margin: "0 0 16px" });
export const track = style({
  display: "flex",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  scrollbarWidth: "none",
  borderRadius: 12,
  selectors: { "&::-webkit-scrollbar": { display: "none" } },
});
export const slide = style({ flex: "0 0 100%", scrollSnapAlign: "start", display: "block", lineHeight: 0, position: "relative" });
export const slideTitle = style({
  position: "absolute",
  insetInlineStart: "6%",
  top: "50%",
  transform: "translateY(-50%)",
  maxWidth: "60%",
  lineHeight: 1.15,
  fontSize: "clamp(20px, 4.5vw, 48px)",
  fontWeight: 800,
  color: "#fff",
  textShadow: "0 2px 8px rgba(0,0,0,.5)",
});
// A slide's link fills the slide, as its picture does (on phones every link is an inline-flex tap
// target, which shrank the first banner to its picture's own width).
globalStyle(`${slide} > a`, { display: "block" });
globalStyle(`${slide} img`, { width: "100%", height: "auto", aspectRatio: "3 / 1", objectFit: "cover", background: vars.color.surfaceAlt });
export const dots = style({ display: "flex", justifyContent: "center", gap: 8, marginTop: 8 });
export const dot = style({
  width: 24,
  height: 24,
  borderRadius: "50%",
  display: "grid",
  placeItems: "center",
  color: vars.color.text,
  textDecoration: "none",
  fontSize: 12,
  background: vars.color.surfaceAlt,
});

/* Notice marquee with clock. */
export const noticeBar = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: "8px 12px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 10,
  margin: "0 0 16px",
  overflow: "hidden",
  flexWrap: "wrap",
});
export const clock = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap", color: vars.color.muted });
const marquee = keyframes({ from: { transform: "translateX(0)" }, to: { transform: "translateX(-50%)" } });
export const marqueeWindow = style({
  flex: "1 1 200px",
  overflow: "hidden",
  minWidth: 0,
  // Without motion the notices stay in one row that the reader swipes.
  "@media": { [reduced]: { overflowX: "auto" } },
});
export const marqueeTrack = style({
  display: "flex",
  gap: 32,
  width: "max-content",
  listStyle: "none",
  margin: 0,
  padding: 0,
  animation: `${marquee} 40s linear infinite`,
  selectors: { [`${marqueeWindow}:hover &, ${marqueeWindow}:focus-within &`]: { animationPlayState: "paused" } },
  whiteSpace: "nowrap",
  "@media": { [reduced]: { animation: "none" } },
});

export const jackpot = style({
  textAlign: "center",
  padding: "16px 12px",
  borderRadius: 12,
  background: `linear-gradient(135deg, ${vars.color.surfaceAlt}, ${vars.color.surface})`,
  border: `1px solid ${vars.color.border}`,
  margin: "0 0 24px",
});
export const jackpotValue = style({ fontSize: "clamp(26px, 7vw, 44px)", fontWeight: 800, color: vars.color.accent, fontVariantNumeric: "tabular-nums" });

export const twoCol = style({ display: "grid", gap: 24, gridTemplateColumns: "repeat(auto-fit, minmax(300px, 1fr))" });

// The board's scroll with scripts (spec §9, 0.5 px a frame): an animation of the table's position
// run by the compositor, not a scrollTop written from the main thread every frame (on a slow phone
// that was a long task a frame). The distance and duration are set by the page once it has measured.
const winnersScroll = keyframes({ from: { transform: "translateY(0)" }, to: { transform: "translateY(var(--winners-distance, 0))" } });
export const winners = style({
  maxHeight: 320,
  overflowY: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: 10,
  background: vars.color.surface,
});
globalStyle(`${winners}[data-scrolling] > table`, {
  animation: `${winnersScroll} var(--winners-duration, 0s) linear infinite`,
  willChange: "transform",
});
globalStyle(`${winners}[data-scrolling]:hover > table, ${winners}[data-scrolling]:focus-within > table`, { animationPlayState: "paused" });
export const winnerTable = style({ width: "100%", borderCollapse: "collapse", fontSize: 14 });
globalStyle(`${winnerTable} th, ${winnerTable} td`, { padding: "6px 10px", textAlign: "start", borderBottom: `1px solid ${vars.color.border}` });
globalStyle(`${winnerTable} td:last-child, ${winnerTable} th:last-child`, { textAlign: "end", fontVariantNumeric: "tabular-nums" });

export const gameGrid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: 10,
  gridTemplateColumns: "repeat(auto-fill, minmax(104px, 1fr))",
});
export const gameCard = style({
  display: "grid",
  gap: 4,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: 13,
  padding: 6,
  borderRadius: 10,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  selectors: { "&:hover": { borderColor: vars.color.accent } },
});
globalStyle(`${gameCard} img`, { width: "100%", height: "auto", aspectRatio: "1", borderRadius: 8, background: vars.color.surfaceAlt });
globalStyle(`${gameCard} picture`, { aspectRatio: "1" });
export const gameMeta = style({ color: vars.color.muted, fontSize: 12 });

export const download = style({ display: "flex", gap: 16, alignItems: "center", flexWrap: "wrap" });

/* Popups: a dialog over the page, closed by a link back. */
export const overlay = style({
  position: "fixed",
  inset: 0,
  background: "rgba(0,0,0,.55)",
  display: "grid",
  placeItems: "center",
  padding: 12,
  zIndex: 60,
  overflowY: "auto",
});
export const dialog = style({
  width: "100%",
  maxWidth: 520,
  maxHeight: "90vh",
  overflowY: "auto",
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: 12,
  border: `1px solid ${vars.color.border}`,
  padding: "16px 18px",
});
export const dialogHead = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 12, marginBottom: 8 });
export const dialogTitle = style({ margin: 0, fontSize: 20 });
export const closeLink = style({
  color: vars.color.text,
  textDecoration: "none",
  fontSize: 14,
  padding: "6px 10px",
  borderRadius: 6,
  background: vars.color.surfaceAlt,
});
export const pager = style({ display: "flex", gap: 12, alignItems: "center", justifyContent: "space-between", marginTop: 12 });
export const list = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 8 });
export const formGrid = style({ display: "grid", gap: 10 });
