import { parseTheme, type ThemeChoice } from "~/components/request-info";
import { appCookie } from "./cookies.server";

/** The chosen theme; absent means "follow the device". */
export const themeCookie = appCookie("theme");

export async function getTheme(request: Request): Promise<ThemeChoice> {
  return parseTheme(await themeCookie.parse(request.headers.get("cookie")));
}

/**
 * Announcement popups closed in this browser session (no max-age: gone when the browser
 * closes). Visitors and members keep separate markers (spec §4).
 */
export const closedAnnouncementsCookie = appCookie("ann_closed");

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
export const balanceMaskCookie = appCookie("balance_masked");

export async function isBalanceMasked(request: Request): Promise<boolean> {
  return (await balanceMaskCookie.parse(request.headers.get("cookie"))) === true;
}
