import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** The lottery pages: bet forms side by side on wide screens, one per row on a phone. */
export const betGrid = style({ display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 300px), 1fr))" });
export const betCard = style({ display: "grid", gap: 8, alignContent: "start", border: `1px solid ${vars.color.border}`, borderRadius: 8, padding: 12, margin: 0, minWidth: 0 });
export const betTitle = style({ margin: 0, fontSize: 16 });
export const betRow = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "end" });
export const betField = style({ display: "grid", gap: 4, flex: "1 1 110px", minWidth: 0 });
/** A prize tier's numbers: as many per line as fit, so ten 4D numbers wrap on a phone. */
export const prizeNumbers = style({ display: "flex", flexWrap: "wrap", gap: "2px 10px", whiteSpace: "normal" });
