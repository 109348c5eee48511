// The PostgreSQL plumbing the database benches share: scratch databases on one server, and
// pgbench TPC-B on the same server as the baseline measured in the same run.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import postgres from "postgres";

const run = promisify(execFile);

/**
 * The machine's busy CPU time so far, in milliseconds (all cores: user, nice, system, irq,
 * softirq, steal from /proc/stat), or null off Linux. The difference over a run divided by the
 * operations done is what one operation cost the whole machine (Node, PostgreSQL, pgbench), a
 * figure steadier than the rate on a shared, noisy machine.
 */
export function machineCpuMs() {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0];
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return null;
  }
}

export function pgServer(server) {
  /** The URL of database `name` on the server. */
  const urlOf = (name) => {
    const u = new URL(server);
    u.pathname = `/${name}`;
    return u.toString();
  };

  /** One statement on the server's own database (create or drop a scratch database). */
  async function admin(statement) {
    const a = postgres(server, { max: 1, onnotice: () => {} });
    try {
      return await a.unsafe(statement);
    } finally {
      await a.end();
    }
  }

  /** pgbench's connection flags and environment from the server URL. */
  const pgArgs = () => {
    const u = new URL(server);
    const args = ["-h", u.hostname || "127.0.0.1", "-p", u.port || "5432"];
    if (u.username) args.push("-U", decodeURIComponent(u.username));
    return args;
  };
  const pgEnv = () => {
    const u = new URL(server);
    return u.password ? { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } : process.env;
  };

  /** `pgbench -i` of database `db` at a scale factor. */
  const pgbenchInit = (db, scale = 1) => run("pgbench", [...pgArgs(), "-i", "-q", "-s", String(scale), db], { env: pgEnv(), maxBuffer: 1 << 24 });

  /** TPC-B on `db` with `clients` for `seconds`: transactions per second, and machine CPU (ms) per transaction. */
  async function pgbenchRun(db, clients, seconds) {
    const cpu = machineCpuMs();
    const { stdout } = await run("pgbench", [...pgArgs(), "-c", String(clients), "-j", "2", "-T", String(seconds), "-n", db], { env: pgEnv(), maxBuffer: 1 << 24 });
    const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    if (!m) throw new Error(`no tps in pgbench output:\n${stdout}`);
    const done = /number of transactions actually processed: (\d+)/.exec(stdout);
    const tps = Number(m[1]);
    // Machine CPU per transaction (ms), when /proc/stat and pgbench's count are there.
    const cpuEach = cpu !== null && done ? (machineCpuMs() - cpu) / Number(done[1]) : null;
    return { tps, cpuEach };
  }

  /** TPC-B transactions per second on `db` with `clients` for `seconds`. */
  const pgbenchTps = async (db, clients, seconds) => (await pgbenchRun(db, clients, seconds)).tps;

  return { urlOf, admin, pgbenchInit, pgbenchTps, pgbenchRun };
}

/** Whether pgbench is on PATH (and not turned off with BENCH_PGBENCH=0). */
export async function hasPgbench() {
  if (process.env.BENCH_PGBENCH === "0") return false;
  try {
    await run("pgbench", ["--version"]);
    return true;
  } catch {
    return false;
  }
}
