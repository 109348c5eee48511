import { useMatches } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/components/translation";
import { useEventSource } from "remix-utils/sse/react";
import * as ms from "~/styles/messages.css";
import * as s from "~/styles/shell.css";

/** Server-sent unread counts (app/routes/messages.events.ts); one connection shared by every badge. */
export const UNREAD_EVENTS = "/messages/events";

/**
 * The unread count: the server's number from the page load, then, with scripts on, each newer
 * value the event stream sends. Without scripts (or without EventSource) it stays the page's.
 */
export function useUnreadCount(serverCount: number, enabled = true): number {
  const [count, setCount] = useState(serverCount);
  const live = useEventSource(UNREAD_EVENTS, { event: "unread", enabled: enabled && typeof EventSource !== "undefined" });
  useEffect(() => setCount(serverCount), [serverCount]);
  useEffect(() => {
    const n = live === null ? Number.NaN : Number.parseInt(live, 10);
    if (Number.isSafeInteger(n) && n >= 0) setCount(n);
  }, [live]);
  return count;
}

/**
 * The page's unread count. Loaders run in parallel, so the root's count can be read before the
 * message centre's loader marks the opened message read: a route whose handle says
 * `unreadFromPage` carries the count it read after that (`data.page.unread`), and it wins.
 */
export function usePageUnreadCount(rootCount: number): number {
  const matches = useMatches();
  for (const m of matches) {
    if (!(m.handle as { unreadFromPage?: boolean } | undefined)?.unreadFromPage) continue;
    const unread = (m.data as { page?: { unread?: unknown } | null } | undefined)?.page?.unread;
    if (typeof unread === "number") return unread;
  }
  return rootCount;
}

/** The badge beside a message entry, shown when the count is above 0 (spec §2). */
export function UnreadBadge({ count, testId = "unread-badge" }: { count: number; testId?: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className={ms.badge} data-testid={testId}>
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className={s.visuallyHidden}>{t("msg_unread_count", { count })}</span>
    </span>
  );
}

/**
 * A count beside a member-centre entry (spec §2 badges: claimable missions, claimable rewards),
 * shown only above 0. Server-rendered from the page's data; `label` says what it counts.
 */
export function CountBadge({ count, label, testId }: { count: number; label: string; testId: string }) {
  if (count <= 0) return null;
  return (
    <span className={ms.badge} data-testid={testId}>
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className={s.visuallyHidden}>{label}</span>
    </span>
  );
}
