// Graceful shutdown shared by the web server (server/index.mjs) and the platform service
// (platform/server.ts): on SIGTERM or SIGINT stop accepting connections, let the requests in
// flight finish (idle keep-alive connections are closed at once, busy ones after their answer),
// then run `onDrained` (stop the jobs at a safe point, close the database) and exit 0. Whatever
// is still running after `graceMs` (default 9.5 s, inside the 10 s an orchestrator usually
// waits before SIGKILL) is cut: exit 1.

/**
 * @param {import("node:http").Server} server
 * @param {{ onDrained?: () => Promise<void> | void, log?: (msg: string, extra?: object) => void, graceMs?: number }} [options]
 */
export function gracefulShutdown(server, { onDrained, log = (msg) => console.log(msg), graceMs = 9500 } = {}) {
  let inFlight = 0;
  let stopping = false;
  /** @type {(() => void) | null} */
  let drained = null;

  server.on("request", (req, res) => {
    inFlight++;
    // A keep-alive connection is not kept once we are stopping: the client reconnects elsewhere.
    if (stopping) res.setHeader("Connection", "close");
    res.once("close", () => {
      inFlight--;
      if (stopping && inFlight === 0) drained?.();
    });
  });

  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    log("shutting down", { signal, inFlight });
    const cut = setTimeout(() => {
      log("shutdown took too long; exiting with requests unfinished", { inFlight });
      process.exit(1);
    }, graceMs);
    cut.unref();
    server.close();
    server.closeIdleConnections?.();
    if (inFlight > 0) await new Promise((resolve) => (drained = resolve));
    server.closeAllConnections?.();
    try {
      await onDrained?.();
    } catch (err) {
      log("error while closing", { err: String(err) });
      process.exit(1);
    }
    log("stopped", {});
    process.exit(0);
  }

  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return { stop, get inFlight() { return inFlight; } };
}
