import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

export const root = path.resolve(__dirname, "../..");

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Waits until the URL answers 2xx. */
export async function waitFor(url: string, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not come up`);
}

/** Starts a Node script of this repo with only the given environment (plus PATH). */
export function startNode(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env } as unknown as NodeJS.ProcessEnv,
    stdio: "ignore",
  });
}

/** The web server `npm start` runs (server/index.mjs; ADR 015). */
export const WEB_SERVER = path.join(root, "server/index.mjs");
export const TSX = path.join(root, "node_modules/tsx/dist/cli.mjs");
