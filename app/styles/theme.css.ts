import { assignVars, createTheme, createThemeContract, globalStyle, style } from "@vanilla-extract/css";

export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceAlt: null,
    text: null,
    muted: null,
    accent: null,
    accentText: null,
    border: null,
    danger: null,
    focus: null,
  },
});

const dark = {
  color: {
    bg: "#0f1420",
    surface: "#171e2e",
    surfaceAlt: "#202a40",
    text: "#f1f4fa",
    muted: "#a9b4c8",
    accent: "#f5c542",
    accentText: "#1a1300",
    border: "#2c3854",
    danger: "#ff8a80",
    focus: "#7cc4ff",
  },
};

const light = {
  color: {
    bg: "#f4f6fb",
    surface: "#ffffff",
    surfaceAlt: "#e9edf6",
    text: "#141a26",
    muted: "#4d586b",
    accent: "#8a5a00",
    accentText: "#ffffff",
    border: "#cfd6e4",
    danger: "#b3261e",
    focus: "#0b63c5",
  },
};

export const darkTheme = createTheme(vars, dark);
export const lightTheme = createTheme(vars, light);

/** No choice stored: follow the device (prefers-color-scheme), no script needed. */
export const systemTheme = style({
  vars: assignVars(vars, light),
  "@media": { "(prefers-color-scheme: dark)": { vars: assignVars(vars, dark) } },
});

export const themeClass = { dark: darkTheme, light: lightTheme, system: systemTheme } as const;

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", {
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
  lineHeight: 1.5,
  WebkitTextSizeAdjust: "100%",
});
globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  background: vars.color.bg,
  color: vars.color.text,
});
globalStyle("a", { color: vars.color.accent });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 });
globalStyle("img", { maxWidth: "100%", height: "auto" });
