import { redirect } from "@remix-run/node";
import { z } from "zod";
import { callPlatform, PlatformError } from "./platform.server";
import { getUnreadCount } from "./messages.server";
import { getBadges, NO_BADGES } from "./missions.server";
import { getSessionToken } from "./session.server";
import { oncePerRequest } from "./shell-cache.server";
import type { ShellUser } from "./shell.server";

const memberInfoSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  type: z.number(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  passwordExpired: z.boolean(),
});

const balanceSchema = z.object({ balance: z.string(), currency: z.string() });

/** The platform's answer to a login, a login's second step and a registration. */
export const loginValueSchema = z.object({ token: z.string(), firstTimeLogin: z.boolean(), passwordExpired: z.boolean() });
/** The platform's answer when it sent a login or registration code by SMS. */
export const codeSentSchema = z.object({ expiredMinutes: z.number(), resendAt: z.string() });

const userCache = new WeakMap<Request, Promise<ShellUser | null>>();

/** The signed-in member behind the session cookie, read once per request from the platform. */
export function getUser(request: Request): Promise<ShellUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    // On a URL with a query the root and the page loader each have their own copy of the Request:
    // share the read across them too.
    pending = oncePerRequest(request, "user", () => loadUser(request));
    userCache.set(request, pending);
  }
  return pending;
}

async function loadUser(request: Request): Promise<ShellUser | null> {
  const token = await getSessionToken(request);
  if (!token) return null;
  try {
    const [info, wallet, unread, badges] = await Promise.all([
      callPlatform(request, "/wps/member/info", { schema: memberInfoSchema, token }),
      callPlatform(request, "/wps/v2/wallets/balance", { schema: balanceSchema, token }).catch((e) => {
        if (e instanceof PlatformError && e.status === 401) throw e;
        // The page still renders when only the balance failed: it shows "--".
        return null;
      }),
      // The message badge (spec §2) is right on every page load; it never breaks the page.
      getUnreadCount(request, token).catch(() => 0),
      // The mission and reward badges and the invite-friends entry, likewise (spec §2, §6).
      getBadges(request, token).catch(() => NO_BADGES),
    ]);
    return {
      account: info.account,
      nickname: info.nickname,
      isAgent: info.isAgent,
      isTrial: info.isTrial,
      balance: wallet?.balance ?? null,
      currency: wallet?.currency ?? "",
      balanceMasked: false,
      passwordExpired: info.passwordExpired,
      unreadCount: info.isTrial ? 0 : unread,
      missionCount: info.isTrial ? 0 : badges.missions,
      rewardCount: info.isTrial ? 0 : badges.rewards,
      referralEnabled: !info.isTrial && !info.isAgent && badges.referral,
    };
  } catch (e) {
    if (e instanceof PlatformError && e.status === 401) return null;
    throw e;
  }
}

/** Pages that need a real account: trial members see the in_need_true_account warning instead. */
export async function requireRealUser(request: Request): Promise<{ user: ShellUser; trial: boolean }> {
  const user = await requireUser(request);
  return { user, trial: user.isTrial };
}

/** Paths a member who must change the password may still reach. */
const FORCED_CHANGE_ALLOWED = ["/changePassword", "/logout", "/preferences", "/captcha"];

/** Spec §4: a default or expired password opens the change-password popup before anything else. */
export function forcedChangeRedirect(request: Request, user: ShellUser | null): void {
  if (!user?.passwordExpired) return;
  const path = new URL(request.url).pathname;
  if (!FORCED_CHANGE_ALLOWED.includes(path)) throw redirect("/changePassword");
}

/** Route guard (spec §2): pages that need login redirect to /login with a return path. */
export async function requireUser(request: Request): Promise<ShellUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  }
  return user;
}
