import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { getUser } from "~/services/auth.server";
import { getUnreadCount } from "~/services/messages.server";
import { getSessionToken } from "~/services/session.server";

/** How often the stream re-reads the count; any web node answers, as it asks the platform. */
const POLL_MS = 5_000;
/** A stream ends after this long; the browser's EventSource reconnects on its own. */
const MAX_STREAM_MS = 10 * 60_000;

/**
 * The unread message count as server-sent events (`event: unread`, data: the count), sent at
 * once and then whenever it changes. Signed out or trial: 204, which tells EventSource to stop.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, token] = await Promise.all([getUser(request), getSessionToken(request)]);
  if (!user || user.isTrial || !token) return new Response(null, { status: 204 });
  return eventStream(request.signal, (send, abort) => {
    let last = -1;
    let stopped = false;
    const started = Date.now();
    const tick = async () => {
      if (stopped) return;
      if (Date.now() - started > MAX_STREAM_MS) return abort();
      try {
        const n = await getUnreadCount(request, token);
        if (!stopped && n !== last) {
          last = n;
          send({ event: "unread", data: String(n) });
        }
      } catch {
        // The platform is away for a moment: keep the last count, try again next tick.
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  });
}
