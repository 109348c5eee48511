import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/* Game cards with their favourite toggle, list-centre filters, the lobby and the launch page. */

export const gridForm = style({ margin: 0 });
/** The card's box is the list item, so every card of a row has the same height, free-play link or not. */
export const cardItem = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  gap: 2,
  padding: 6,
  borderRadius: 10,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  selectors: { "&:hover, &:focus-within": { borderColor: vars.color.accent } },
});
export const cardLink = style({ display: "grid", gap: 4, color: vars.color.text, textDecoration: "none", fontSize: 13 });
globalStyle(`${cardLink} img`, { width: "100%", height: "auto", aspectRatio: "1", borderRadius: 8, background: vars.color.surfaceAlt });
// A card's deferred picture (deferred-picture.tsx) is as square as its image while it is skipped.
globalStyle(`${cardLink} picture`, { aspectRatio: "1" });

/** The heart sits on the card's picture; it is a form button, not part of the card's link. */
export const heart = style({
  position: "absolute",
  top: 4,
  insetInlineEnd: 4,
  width: 36,
  height: 36,
  display: "grid",
  placeItems: "center",
  padding: 0,
  borderRadius: "50%",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.muted,
  cursor: "pointer",
  font: "inherit",
  fontSize: 18,
  lineHeight: 1,
  selectors: {
    '&[aria-pressed="true"]': { color: vars.color.danger, borderColor: vars.color.danger },
    "&:hover": { borderColor: vars.color.accent },
  },
});

export const funLink = style({ fontSize: 12, marginTop: "auto", paddingTop: 2 });

export const notice = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 8,
  alignItems: "center",
  padding: "8px 12px",
  margin: "0 0 10px",
  borderRadius: 8,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.surface,
});

/** A row of tabs that scrolls sideways on a phone instead of wrapping into a wall of buttons. */
export const tabStrip = style({
  display: "flex",
  gap: 6,
  overflowX: "auto",
  paddingBottom: 4,
  marginBottom: 10,
  scrollbarWidth: "thin",
});
globalStyle(`${tabStrip} > *`, { flex: "0 0 auto", whiteSpace: "nowrap" });

export const vendorTab = style({ display: "inline-flex", alignItems: "center", gap: 6 });
globalStyle(`${vendorTab} img`, { width: 20, height: 20, borderRadius: 4 });
globalStyle(`${vendorTab} picture`, { width: 20, height: 20, flexShrink: 0 });

export const filters = style({ display: "flex", flexWrap: "wrap", gap: 6, alignItems: "center", margin: "0 0 10px" });
export const resultCount = style({ color: vars.color.muted, fontSize: 13, margin: "0 0 8px" });

export const searchForm = style({ display: "flex", gap: 6, margin: "0 0 12px", maxWidth: 480 });
globalStyle(`${searchForm} input[type=search]`, { flex: 1, width: "auto" });

/** The launch page: the game fills what the header leaves of the screen. */
export const playFrame = style({
  display: "block",
  width: "100%",
  height: "calc(100vh - 64px)",
  minHeight: 360,
  border: 0,
  borderRadius: 8,
  background: "#000",
});
export const badge = style({ color: vars.color.accent, fontSize: 13, fontWeight: 700 });
export const playBar = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center", justifyContent: "space-between", margin: "0 0 8px" });
export const playTitle = style({ fontSize: 18, margin: 0 });

export const lobbySection = style({ margin: "0 0 24px" });

/** Spec §9 rebate display under a category page's title. */
export const rebate = style({
  display: "inline-block",
  margin: "-4px 0 12px",
  padding: "2px 10px",
  borderRadius: 999,
  fontSize: 13,
  fontWeight: 600,
  color: vars.color.accent,
  border: `1px solid ${vars.color.accent}`,
});

/** PVP rooms: a table on wide screens; on a phone each room is a small card of labelled lines. */
const narrow = "screen and (max-width: 640px)";
export const rooms = style({ margin: "0 0 20px" });
export const roomTable = style({ width: "100%", borderCollapse: "collapse", fontSize: 14, "@media": { [narrow]: { display: "block" } } });
globalStyle(`${roomTable} tbody`, { "@media": { [narrow]: { display: "block" } } });
globalStyle(`${roomTable} th, ${roomTable} td`, { padding: "8px 10px", textAlign: "start", borderBottom: `1px solid ${vars.color.border}` });
globalStyle(`${roomTable} td[data-num]`, { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
globalStyle(`${roomTable} thead`, { "@media": { [narrow]: { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" } } });
globalStyle(`${roomTable} tr`, {
  "@media": {
    [narrow]: {
      display: "grid",
      gridTemplateColumns: "1fr 1fr minmax(5em, auto)",
      gap: "2px 12px",
      padding: 10,
      marginBottom: 8,
      borderRadius: 10,
      border: `1px solid ${vars.color.border}`,
      background: vars.color.surface,
    },
  },
});
globalStyle(`${roomTable} td`, { "@media": { [narrow]: { display: "block", padding: "2px 0", border: 0 } } });
globalStyle(`${roomTable} td[data-label]::before`, {
  "@media": { [narrow]: { content: "attr(data-label)", display: "block", fontSize: 12, color: vars.color.muted } },
});
globalStyle(`${roomTable} td:first-child`, { "@media": { [narrow]: { gridColumn: "1 / -1", fontWeight: 700 } } });
// The join button sits at the end of the card, beside the four figures.
globalStyle(`${roomTable} td:last-child`, { "@media": { [narrow]: { gridColumn: "3", gridRow: "2 / span 2", alignSelf: "center" } } });
export const roomVendor = style({ display: "block", fontSize: 12, fontWeight: 400, color: vars.color.muted });
export const roomStatus = style({ fontSize: 13, color: vars.color.muted });
export const roomNote = style({ color: vars.color.muted, fontSize: 12, margin: "6px 0 0" });
