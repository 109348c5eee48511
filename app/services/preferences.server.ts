import { createCookie } from "@remix-run/node";
import { parseTheme, type ThemeChoice } from "~/components/request-info";
import { secureCookies } from "./env.server";

const YEAR = 60 * 60 * 24 * 365;

/** The chosen theme; absent means "follow the device". */
export const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", httpOnly: false, secure: secureCookies, maxAge: YEAR });

export async function getTheme(request: Request): Promise<ThemeChoice> {
  return parseTheme(await themeCookie.parse(request.headers.get("cookie")));
}

/**
 * Announcement popups closed in this browser session (no max-age: gone when the browser
 * closes). Visitors and members keep separate markers (spec §4).
 */
export const closedAnnouncementsCookie = createCookie("ann_closed", { path: "/", sameSite: "lax", httpOnly: true, secure: secureCookies });

export interface ClosedMarkers {
  visitor: number[];
  member: number[];
}

export async function getClosedAnnouncements(request: Request): Promise<ClosedMarkers> {
  const value = await closedAnnouncementsCookie.parse(request.headers.get("cookie"));
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)).slice(-50) : []);
  return { visitor: list(value?.visitor), member: list(value?.member) };
}

/** Whether the member hides the header balance behind asterisks. */
export const balanceMaskCookie = createCookie("balance_masked", { path: "/", sameSite: "lax", httpOnly: true, secure: secureCookies, maxAge: YEAR });

export async function isBalanceMasked(request: Request): Promise<boolean> {
  return (await balanceMaskCookie.parse(request.headers.get("cookie"))) === true;
}
