/**
 * The demo game studio (demo-vendor/README.md): a small third-party game server. It serves the
 * launch URL of its games (`GET /play?vendor=&gameCode=&token=&language=`), plays them as a
 * generic provably fair slot (./slot.ts) with plain HTML forms, and settles every spin through the
 * casino's seamless wallet (`/wallet/v1` balance, debit, credit, rollback) with its HMAC key. It
 * knows nothing else of the casino.
 *
 * Sessions (seeds, the last rounds) live in this process's memory, keyed by a hash of the launch
 * token: a real studio keeps them in its own database. The launch token is the player's bearer
 * secret; forms carry it back, so a cross-site form cannot play for someone else.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Hono, type Context } from "hono";
import { currencyExponent, formatAmount, parseAmount } from "../platform/ledger/money.js";
import { hashSeed, isClientSeed, isServerSeed, newClientSeed, newServerSeed } from "../platform/house/fair.js";
import { symbolSvg } from "./art.js";
import { exactRtp, payout, prizeTable, spin, studioGame, SYMBOLS, type SpinOutcome, type StudioGame } from "./slot.js";
import { WalletRefusal, WalletUnavailable, type WalletClient } from "./wallet-client.js";

export interface DemoVendorOptions {
  wallet: WalletClient;
  /** Vendor codes this studio serves; others are answered 404. */
  vendors: ReadonlySet<string>;
  /** Where the locale files are (`<dir>/<language>/common.json`). */
  localesDir?: string;
  /** CSP frame-ancestors: who may show the game in a frame. */
  frameAncestors?: string;
  /** Called before the first wallet call (e.g. to register the studio's keys when embedded). */
  ready?: () => Promise<void>;
}

/** Play money of a fun session, in minor units of FUN_CURRENCY. */
const FUN_START = 100_000n;
const FUN_CURRENCY = "USD";
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const MAX_SESSIONS = 20_000;
const KEEP_ROUNDS = 20;
const RTL = new Set(["ar", "fa", "ur"]);

interface StudioRound {
  readonly no: number;
  readonly roundId: string;
  readonly stake: bigint;
  readonly win: bigint;
  readonly currency: string;
  readonly outcome: SpinOutcome;
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
  balanceAfter: string | null;
  /** The credit has not been confirmed by the wallet yet (retried on the next request). */
  pendingCredit: boolean;
}

interface Session {
  readonly vendor: string;
  readonly game: StudioGame;
  readonly token: string | null;
  clientSeed: string;
  serverSeed: string;
  nonce: number;
  funBalance: bigint;
  lastStake: string | null;
  rounds: StudioRound[];
  /** Spins of one session run one at a time. */
  queue: Promise<unknown>;
  touched: number;
}

type Dict = Record<string, string>;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createDemoVendorApp(opts: DemoVendorOptions) {
  const sessions = new Map<string, Session>();
  const localesDir = opts.localesDir ?? path.resolve("public/locales");
  const dictionaries = new Map<string, Dict>();
  let ready: Promise<void> | null = null;
  const ensureReady = () => {
    if (!opts.ready) return Promise.resolve();
    ready ??= opts.ready().catch((err) => {
      ready = null;
      throw err;
    });
    return ready;
  };

  function dict(language: string): Dict {
    let d = dictionaries.get(language);
    if (!d) {
      try {
        d = JSON.parse(readFileSync(path.join(localesDir, language, "common.json"), "utf8")) as Dict;
      } catch {
        d = {};
      }
      dictionaries.set(language, d);
    }
    return d;
  }
  function translator(language: string) {
    const own = dict(language);
    const en = dict("en");
    return (key: string, vars: Record<string, string | number> = {}) =>
      (own[key] ?? en[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
  }

  function sweep(now: number) {
    if (sessions.size < MAX_SESSIONS) return;
    for (const [key, s] of sessions) if (now - s.touched > SESSION_TTL_MS || sessions.size >= MAX_SESSIONS) sessions.delete(key);
  }

  function sessionKey(token: string | null, fun: string | null) {
    return token ? `t:${createHash("sha256").update(token).digest("hex")}` : `f:${fun}`;
  }

  function getSession(vendor: string, game: StudioGame, token: string | null, fun: string | null): Session {
    const key = sessionKey(token, fun);
    const now = Date.now();
    let s = sessions.get(key);
    if (!s || s.game.gameCode !== game.gameCode || s.vendor !== vendor) {
      sweep(now);
      s = {
        vendor,
        game,
        token,
        clientSeed: newClientSeed(),
        serverSeed: newServerSeed(),
        nonce: 0,
        funBalance: FUN_START,
        lastStake: null,
        rounds: [],
        queue: Promise.resolve(),
        touched: now,
      };
      sessions.set(key, s);
    }
    s.touched = now;
    return s;
  }

  function serialized<T>(s: Session, fn: () => Promise<T>): Promise<T> {
    const run = s.queue.then(fn, fn);
    s.queue = run.catch(() => {});
    return run;
  }

  /** Pays credits the wallet did not confirm (a lost answer): the same transactionId again. */
  async function settlePending(s: Session) {
    if (!s.token) return;
    for (const r of s.rounds) {
      if (!r.pendingCredit) continue;
      try {
        const res = await opts.wallet.credit(s.vendor, { token: s.token, transactionId: `${r.roundId}-c`, roundId: r.roundId, amount: formatAmount(r.win, r.currency) });
        r.balanceAfter = res.balance;
        r.pendingCredit = false;
      } catch (err) {
        if (err instanceof WalletRefusal && err.code === "ROUND_CLOSED") r.pendingCredit = false;
      }
    }
  }

  interface Params {
    vendor: string;
    game: StudioGame;
    token: string | null;
    fun: string | null;
    language: string;
  }

  function readParams(c: Context, form?: Record<string, string>): Params | Response {
    const get = (k: string) => (form?.[k] ?? c.req.query(k) ?? "").toString().slice(0, 200);
    const vendor = get("vendor");
    const gameCode = get("gameCode");
    const language = /^[a-zA-Z-]{2,10}$/.test(get("language")) ? get("language") : "en";
    const t = translator(language);
    if (!opts.vendors.has(vendor) || !gameCode.startsWith(`${vendor}_`) || !/^[A-Za-z0-9_]{3,100}$/.test(gameCode)) {
      return c.html(page(language, t("play_demo_title"), `<p class="error" data-testid="studio-error">${escape(t("studio_session_ended"))}</p>`), 404);
    }
    const fun = get("mode") === "fun";
    const token = fun ? null : get("token") || null;
    if (!fun && !token) return c.html(page(language, gameCode, `<p class="error" data-testid="studio-error">${escape(t("studio_session_ended"))}</p>`), 401);
    const funId = fun ? (/^[a-f0-9]{32}$/.test(get("fun")) ? get("fun") : null) : null;
    return { vendor, game: studioGame(gameCode), token, fun: fun ? funId : null, language };
  }

  function playUrl(p: Params, extra: Record<string, string> = {}) {
    const q = new URLSearchParams({ vendor: p.vendor, gameCode: p.game.gameCode, ...(p.token ? { token: p.token } : { mode: "fun", fun: p.fun ?? "" }), language: p.language, ...extra });
    return `?${q}`;
  }

  function money(language: string, minor: bigint | string, currency: string, fun: boolean) {
    const exp = currencyExponent(currency);
    const text = typeof minor === "string" ? minor : formatAmount(minor, currency);
    const value = Number(text);
    try {
      return new Intl.NumberFormat(language, fun ? { minimumFractionDigits: exp, maximumFractionDigits: exp } : { style: "currency", currency, minimumFractionDigits: exp, maximumFractionDigits: exp }).format(value);
    } catch {
      return text;
    }
  }

  const stakeBounds = (currency: string) => {
    const exp = currencyExponent(currency);
    return { min: exp >= 2 ? 10n ** BigInt(exp - 1) : 1n, max: 1000n * 10n ** BigInt(exp) };
  };

  function reelsHtml(t: ReturnType<typeof translator>, outcome: SpinOutcome | null) {
    const rows = outcome?.window ?? [
      [SYMBOLS[0], SYMBOLS[1], SYMBOLS[2]],
      [SYMBOLS[3], SYMBOLS[0], SYMBOLS[4]],
      [SYMBOLS[5], SYMBOLS[6], SYMBOLS[3]],
    ];
    return `<div class="reels" role="group" aria-label="${escape(t("studio_reels"))}" data-testid="studio-reels">${rows
      .map((row, r) => `<div class="row${r === 1 ? " line" : ""}${r === 1 && outcome?.tier !== null && outcome ? " won" : ""}">${row.map((s) => `<span class="cell">${symbolSvg(s, escape(t(`studio_sym_${s}`)))}</span>`).join("")}</div>`)
      .join("")}</div>`;
  }

  function paytableHtml(t: ReturnType<typeof translator>, game: StudioGame) {
    const table = prizeTable(game);
    const [num, den] = exactRtp(table);
    const rtp = new Intl.NumberFormat("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format((num / den) * 100);
    return `<details class="paytable" data-testid="studio-paytable"><summary>${escape(t("studio_paytable"))}</summary><table><tbody>${table
      .map(
        (tier) =>
          `<tr><td>${[0, 1, 2].map(() => symbolSvg(tier.symbol, escape(t(`studio_sym_${tier.symbol}`)), 24)).join("")}</td><td>×${tier.multiplier}</td></tr>`,
      )
      .join("")}</tbody></table><p>${escape(t("lott_rtp"))}: <bdi data-testid="studio-rtp">${rtp}%</bdi></p></details>`;
  }

  function page(language: string, title: string, body: string) {
    const dir = RTL.has(language.split("-")[0]!) ? "rtl" : "ltr";
    return `<!doctype html><html lang="${escape(language)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${CSS}</style></head><body><main data-testid="vendor-game">${body}</main></body></html>`;
  }

  async function renderGame(c: Context, p: Params, s: Session, problem: { field?: "stake" | "clientSeed" | null; message: string; stake?: string; clientSeed?: string } | null, status: 200 | 401 | 402 | 422 | 503 = 200) {
    const t = translator(p.language);
    const fun = !s.token;
    let balance: string;
    let currency = FUN_CURRENCY;
    if (s.token) {
      try {
        await ensureReady();
        await settlePending(s);
        const b = await opts.wallet.balance(s.vendor, { token: s.token });
        balance = b.balance;
        currency = b.currency;
      } catch (err) {
        const message = err instanceof WalletRefusal && err.code === "INVALID_TOKEN" ? t("studio_session_ended") : t("studio_wallet_down");
        return c.html(page(p.language, p.game.gameCode, `<p class="error" role="alert" data-testid="studio-error">${escape(message)}</p>`), err instanceof WalletRefusal ? 401 : 503);
      }
    } else {
      balance = formatAmount(s.funBalance, FUN_CURRENCY);
    }
    const roundNo = Number(c.req.query("round") ?? "");
    const round = problem ? null : s.rounds.find((r) => r.no === roundNo) ?? null;
    const bounds = stakeBounds(currency);
    const stakeValue = problem?.stake ?? s.lastStake ?? formatAmount(bounds.min * 10n, currency);
    const name = p.game.gameCode
      .slice(p.vendor.length + 1)
      .split("_")
      .map((w) => (/^[IVX]+$/.test(w) ? w : w.charAt(0) + w.slice(1).toLowerCase()))
      .join(" ");
    const err = (field: "stake" | "clientSeed") =>
      problem?.field === field ? `<p class="error" id="${field}-error" role="alert" data-testid="studio-${field}-error">${escape(problem.message)}</p>` : "";
    const invalid = (field: "stake" | "clientSeed") => (problem?.field === field ? ` aria-invalid="true" aria-describedby="${field}-error"` : "");
    const result = round
      ? `<section class="result" aria-live="polite" data-testid="studio-result" data-round-id="${escape(round.roundId)}" data-stake="${formatAmount(round.stake, round.currency)}" data-win="${formatAmount(round.win, round.currency)}"><p class="big">${
          round.win > 0n ? `${escape(t("hb_win"))}: <bdi data-testid="studio-win">${money(p.language, round.win, round.currency, fun)}</bdi>` : `<span data-testid="studio-win" data-zero="1">${escape(t("hb_no_win"))}</span>`
        }</p><dl><dt>${escape(t("hb_stake"))}</dt><dd><bdi>${money(p.language, round.stake, round.currency, fun)}</bdi></dd>${
          round.balanceAfter !== null ? `<dt>${escape(t("hb_balance_after"))}</dt><dd><bdi>${money(p.language, round.balanceAfter, round.currency, fun)}</bdi></dd>` : ""
        }</dl>${round.pendingCredit ? `<p class="hint">${escape(t("studio_win_pending"))}</p>` : ""}<details><summary>${escape(t("hb_verify_round"))}</summary><dl class="seeds"><dt>${escape(t("hb_server_seed"))}</dt><dd><code data-testid="studio-server-seed">${round.serverSeed}</code></dd><dt>${escape(t("hb_server_seed_hash"))}</dt><dd><code>${hashSeed(round.serverSeed)}</code></dd><dt>${escape(t("hb_client_seed"))}</dt><dd><code>${escape(round.clientSeed)}</code></dd><dt>${escape(t("hb_nonce"))}</dt><dd>${round.nonce}</dd></dl><a href="${escape(playUrl(p, { view: "verify", serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: String(round.nonce) }))}">${escape(t("hb_verify_submit"))}</a></details></section>`
      : problem && !problem.field
        ? `<p class="error" role="alert" data-testid="studio-error">${escape(problem.message)}</p>`
        : "";
    const body = `<header><h1>${escape(name)}</h1><p class="hint">${escape(t("studio_about"))}</p></header>
<p class="balance">${escape(t("balance"))}: <strong data-testid="studio-balance" data-amount="${escape(balance)}"><bdi>${money(p.language, balance, currency, fun)}</bdi></strong>${fun ? ` <span class="badge">${escape(t("fun_mode"))}</span>` : ` <span class="badge">${escape(t("play_real"))}</span>`}</p>
${reelsHtml(t, round?.outcome ?? null)}
${result}
<form method="post" action="${escape(playUrl(p))}" data-testid="studio-form">
<input type="hidden" name="vendor" value="${escape(p.vendor)}"><input type="hidden" name="gameCode" value="${escape(p.game.gameCode)}"><input type="hidden" name="language" value="${escape(p.language)}">${
      p.token ? `<input type="hidden" name="token" value="${escape(p.token)}">` : `<input type="hidden" name="mode" value="fun"><input type="hidden" name="fun" value="${escape(p.fun ?? "")}">`
    }
<label for="stake">${escape(t("hb_stake"))} <span class="hint">(${money(p.language, bounds.min, currency, fun)} – ${money(p.language, bounds.max, currency, fun)})</span></label>
<input id="stake" name="stake" inputmode="decimal" autocomplete="off" required value="${escape(stakeValue)}"${invalid("stake")} data-testid="studio-stake">${err("stake")}
<details class="fair"${problem?.field === "clientSeed" ? " open" : ""}><summary>${escape(t("hb_verify_link"))}</summary>
<p class="hint">${escape(t("hb_server_seed_hash"))}: <code data-testid="studio-next-hash">${hashSeed(s.serverSeed)}</code> · ${escape(t("hb_nonce"))} ${s.nonce}</p>
<label for="clientSeed">${escape(t("hb_client_seed"))}</label><input id="clientSeed" name="clientSeed" autocomplete="off" value="${escape(problem?.clientSeed ?? s.clientSeed)}"${invalid("clientSeed")}>${err("clientSeed")}</details>
<button type="submit" data-testid="studio-spin">${escape(t("hb_spin"))}</button>
</form>
${paytableHtml(t, p.game)}`;
    return c.html(page(p.language, name, body), status);
  }

  function renderVerify(c: Context, p: Params) {
    const t = translator(p.language);
    const serverSeed = c.req.query("serverSeed") ?? "";
    const clientSeed = c.req.query("clientSeed") ?? "";
    const nonce = Number(c.req.query("nonce") ?? "");
    if (!isServerSeed(serverSeed) || !isClientSeed(clientSeed) || !Number.isSafeInteger(nonce) || nonce < 0) {
      return c.html(page(p.language, t("hb_verify_title"), `<p class="error" role="alert">${escape(t("hb_err_verify_input"))}</p>`), 400);
    }
    const outcome = spin(p.game, { serverSeed, clientSeed, nonce });
    const body = `<h1>${escape(t("hb_verify_title"))}</h1><dl class="seeds"><dt>${escape(t("hb_server_seed"))}</dt><dd><code>${serverSeed}</code></dd><dt>${escape(t("hb_server_seed_hash"))}</dt><dd><code>${hashSeed(serverSeed)}</code></dd><dt>${escape(t("hb_client_seed"))}</dt><dd><code>${escape(clientSeed)}</code></dd><dt>${escape(t("hb_nonce"))}</dt><dd>${nonce}</dd></dl>${reelsHtml(t, outcome)}<p class="big" data-testid="studio-verify-multiplier">×${outcome.multiplier}</p><p><a href="${escape(playUrl(p))}">${escape(t("hb_spin"))}</a></p>`;
    return c.html(page(p.language, t("hb_verify_title"), body));
  }

  async function play(c: Context, p: Params, s: Session, form: Record<string, string>): Promise<Response> {
    const t = translator(p.language);
    await ensureReady().catch(() => {});
    let currency = FUN_CURRENCY;
    if (s.token) {
      try {
        currency = (await opts.wallet.balance(s.vendor, { token: s.token })).currency;
      } catch (err) {
        return renderGame(c, p, s, null, err instanceof WalletRefusal ? 401 : 503);
      }
    }
    const stakeText = (form.stake ?? "").trim().slice(0, 40);
    const clientSeed = (form.clientSeed ?? s.clientSeed).trim();
    const bounds = stakeBounds(currency);
    const stake = parseAmount(stakeText, currency);
    const keep = { stake: stakeText, clientSeed };
    if (stake === null || stake < bounds.min || stake > bounds.max) {
      return renderGame(c, p, s, { field: "stake", message: t("err_amount_range", { bounds: `${formatAmount(bounds.min, currency)} – ${formatAmount(bounds.max, currency)}` }), ...keep }, 422);
    }
    if (!isClientSeed(clientSeed)) return renderGame(c, p, s, { field: "clientSeed", message: t("hb_err_client_seed"), ...keep }, 422);

    // The outcome is fixed by seeds committed before the stake: the player saw hash(serverSeed).
    const seeds = { serverSeed: s.serverSeed, clientSeed, nonce: s.nonce };
    const outcome = spin(p.game, seeds);
    const win = payout(stake, outcome);
    const roundId = `dv-${randomUUID()}`;
    let balanceAfter: string | null = null;
    let pendingCredit = false;
    if (s.token) {
      const debitId = `${roundId}-d`;
      try {
        await opts.wallet.debit(s.vendor, { token: s.token, transactionId: debitId, roundId, gameCode: p.game.gameCode, amount: formatAmount(stake, currency) });
      } catch (err) {
        if (err instanceof WalletRefusal) {
          if (err.code === "INSUFFICIENT_FUNDS") return renderGame(c, p, s, { field: "stake", message: t("err_insufficient_funds"), ...keep }, 402);
          if (err.code === "INVALID_TOKEN") return renderGame(c, p, s, { message: t("studio_session_ended"), ...keep }, 401);
          return renderGame(c, p, s, { message: t("studio_wallet_down"), ...keep }, 503);
        }
        // Unknown whether the stake was taken: cancel it (a late debit with this id is refused).
        await opts.wallet.rollback(s.vendor, { token: s.token, transactionId: `${roundId}-r`, refTransactionId: debitId }).catch(() => {});
        return renderGame(c, p, s, { message: t("studio_wallet_down"), ...keep }, 503);
      }
      try {
        balanceAfter = (await opts.wallet.credit(s.vendor, { token: s.token, transactionId: `${roundId}-c`, roundId, amount: formatAmount(win, currency) })).balance;
      } catch (err) {
        // Unanswered: paid later with the same transactionId. Already closed: nothing to pay.
        if (err instanceof WalletUnavailable || !(err instanceof WalletRefusal) || err.code !== "ROUND_CLOSED") pendingCredit = true;
      }
    } else {
      if (stake > s.funBalance) return renderGame(c, p, s, { field: "stake", message: t("err_insufficient_funds"), ...keep }, 402);
      s.funBalance += win - stake;
      balanceAfter = formatAmount(s.funBalance, currency);
    }
    // The seed is revealed with the result; the next round gets a new one, committed now.
    const no = (s.rounds[0]?.no ?? 0) + 1;
    s.rounds.unshift({ no, roundId, stake, win, currency, outcome, serverSeed: seeds.serverSeed, clientSeed, nonce: seeds.nonce, balanceAfter, pendingCredit });
    s.rounds.length = Math.min(s.rounds.length, KEEP_ROUNDS);
    s.serverSeed = newServerSeed();
    s.clientSeed = clientSeed;
    s.nonce += 1;
    s.lastStake = formatAmount(stake, currency);
    return c.redirect(playUrl(p, { round: String(no) }), 303);
  }

  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Security-Policy", `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors ${opts.frameAncestors ?? "'self'"}`);
  });
  app.get("/healthz", (c) => c.text("ok"));
  app.get("/play", async (c) => {
    const p = readParams(c);
    if (p instanceof Response) return p;
    if (c.req.query("view") === "verify") return renderVerify(c, p);
    if (!p.token && !p.fun) {
      // A fun launch gets its own play-money session id.
      return c.redirect(playUrl({ ...p, fun: randomBytes(16).toString("hex") }), 303);
    }
    const s = getSession(p.vendor, p.game, p.token, p.fun);
    return serialized(s, () => renderGame(c, p, s, null));
  });
  app.post("/play", async (c) => {
    const form = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === "string" ? v : ""]));
    const p = readParams(c, form);
    if (p instanceof Response) return p;
    if (!p.token && !p.fun) return c.redirect(playUrl({ ...p, fun: randomBytes(16).toString("hex") }), 303);
    const s = getSession(p.vendor, p.game, p.token, p.fun);
    return serialized(s, () => play(c, p, s, form));
  });
  return app;
}

const CSS = `:root{color-scheme:dark}*{box-sizing:border-box}body{margin:0;min-height:100vh;background:#10151f;color:#f1f4fa;font:16px/1.45 system-ui,sans-serif}
main{max-width:28rem;margin:0 auto;padding:12px}h1{font-size:1.15rem;margin:0}header{margin-bottom:8px}.hint{color:#a9b4c8;font-size:.85rem;margin:2px 0}
.balance{margin:8px 0}.badge{display:inline-block;background:#243047;border-radius:999px;padding:2px 8px;font-size:.75rem}
.reels{display:grid;gap:4px;background:#1b2435;border-radius:12px;padding:8px;margin:8px 0}.row{display:grid;grid-template-columns:repeat(3,1fr);gap:4px;border-radius:8px;padding:2px}
.row.line{outline:2px solid #3a4a69}.row.won{outline-color:#ffc531;background:#3a2f0a}.cell{display:flex;justify-content:center}.cell svg{width:100%;max-width:84px;height:auto}
.result{background:#17202f;border-radius:10px;padding:8px 12px;margin:8px 0}.big{font-size:1.2rem;font-weight:700;margin:4px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:4px 0}dt{color:#a9b4c8}dd{margin:0;overflow-wrap:anywhere}code{font-size:.8rem;overflow-wrap:anywhere}
form{display:grid;gap:6px;margin:10px 0}label{font-weight:600;display:flex;flex-wrap:wrap;align-items:center;gap:0 4px;min-height:44px}input{font:inherit;min-height:44px;padding:8px 10px;border-radius:8px;border:1px solid #3a4a69;background:#0b1019;color:inherit;width:100%}
button{font:inherit;font-weight:700;min-height:48px;border:0;border-radius:999px;background:#ffc531;color:#1a1300;cursor:pointer}
summary{min-height:44px;display:flex;align-items:center;cursor:pointer;color:#cfe0ff}.error{color:#ff8a8a;font-weight:600;margin:2px 0}
a{color:#8fd3ff;display:inline-flex;min-height:44px;align-items:center}table{border-collapse:collapse}td{padding:2px 8px}td svg{vertical-align:middle}`;
