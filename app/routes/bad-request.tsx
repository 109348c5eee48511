/**
 * Where the server sends a request whose URL cannot be read safely (a NUL byte, a control
 * character, percent-encoding that does not decode): a plain 400, before any loader runs
 * (issue 14). See `unreadableUrl` in ~/services/observability.server.
 */
const answer = () => new Response("Bad request", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export const loader = answer;
export const action = answer;
