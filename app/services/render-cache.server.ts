import { createHash } from "node:crypto";
import { constants as zlib, crc32, deflateRawSync } from "node:zlib";

/**
 * Rendered pages for visitors, kept so the same page is not rendered again (issue 15: React's
 * server render is about half of a visitor page's cost). A visitor's page is a pure function of
 * what its loaders returned, the URL, the language and the theme, plus three values that differ
 * on every request: the CSRF token, the CSP nonce and the request id. So:
 *
 * - the key is a hash of the URL, language, theme, status and the loader data with the CSRF token
 *   taken out: whenever anything on the page changes (a banner, the jackpot pool, the captcha an
 *   address must solve, a closed popup) the loader data changes, and so does the key; nothing
 *   needs forgetting and no entry can be stale;
 * - the stored markup has the three per-request values replaced by placeholders, which each hit
 *   fills with its own request's values (its own cookie's token, the nonce of its own CSP header).
 *
 * Never for a member (the root loader's `shell.user`), an action's answer, an error page, or a
 * status other than 200. Least recently used entries go first; `PAGE_CACHE_ENTRIES` bounds the
 * count (0 turns it off).
 */

/** Placeholders: characters that React escapes in text and attributes, so markup cannot contain them by chance. */
const SLOT = { csrf: "<<rc:csrf>>", nonce: "<<rc:nonce>>", requestId: "<<rc:rid>>" } as const;
export type PerRequest = { [K in keyof typeof SLOT]: string };

/** A value shorter than this could occur in the markup by chance: such a page is not kept. */
const MIN_VALUE_LENGTH = 16;

/**
 * A kept page: the markup between the placeholders (as UTF-8 bytes, and each piece compressed on
 * its own as raw deflate ending in a sync flush, the last one finished), and which value goes in
 * each gap. A hit is then a copy of bytes: no UTF-8 encoding of the page, and no compression of
 * it either (see `gzipped`).
 */
interface Template {
  parts: Buffer[];
  /** Null when the page cannot be compressed this way (see deflatePieces). */
  deflated: Buffer[] | null;
  slots: Array<keyof PerRequest>;
  /** The byte length of each gap's value when the page was kept: the compressed pieces assume it. */
  lengths: number[];
  /** Each piece's own CRC-32 and the operator that moves a CRC past its length (see `crcPast`). */
  crcs: number[] | null;
  shifts: Uint32Array[] | null;
}

/**
 * CRC-32 over pieces whose checksums are known: zlib's crc32_combine, split so that the costly part
 * (the operator for a piece's length, O(log n) squarings of a 32×32 bit matrix over GF(2)) is made
 * once per kept page, and a hit only applies it to a 32-bit value. CRC(A‖B) is the CRC of A carried
 * over |B| zero bytes, XOR CRC(B). Without it a hit's checksum ran over the whole page (3% of `/`).
 */
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}
function gf2Square(matrix: Uint32Array): Uint32Array {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = gf2Times(matrix, matrix[n]!);
  return out;
}
/** The operator that carries a CRC-32 over `length` zero bytes. */
export function crcShift(length: number): Uint32Array {
  // Column i is where bit i goes. One zero bit: the reflected polynomial, then each bit moved down one.
  const bit = new Uint32Array(32);
  bit[0] = 0xedb88320;
  for (let n = 1; n < 32; n++) bit[n] = (1 << (n - 1)) >>> 0;
  let power = gf2Square(gf2Square(gf2Square(bit))); // one zero byte
  // The identity, then composed with power = byte^(2^k) for each set bit k of the length.
  let result = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = (1 << n) >>> 0;
  for (let n = length; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) {
      const next = new Uint32Array(32);
      for (let i = 0; i < 32; i++) next[i] = gf2Times(power, result[i]!);
      result = next;
    }
    if (n > 1) power = gf2Square(power);
  }
  return result;
}
/** CRC(A‖B) from CRC(A), CRC(B) and B's operator (`crcShift(|B|)`). */
export const crcPast = (crcA: number, shift: Uint32Array, crcB: number) => (gf2Times(shift, crcA) ^ crcB) >>> 0;

/**
 * Compresses each piece as raw deflate, as if the page were one stream: each piece gets the 32 KiB
 * before it as its dictionary, with every per-request value in it replaced by as many NUL bytes.
 * Markup never contains a NUL (a page that does is not compressed this way), so no back-reference
 * can land on a value's bytes, and every distance is right because the value that a hit puts there
 * has the same length (a hit whose values differ in length is sent uncompressed by this path).
 * Pieces compressed without the page before them came out about a quarter larger.
 */
function deflatePieces(parts: Buffer[], lengths: number[]): Buffer[] {
  const WINDOW = 32 * 1024;
  let history = Buffer.alloc(0);
  return parts.map((part, i) => {
    const last = i === parts.length - 1;
    const out = deflateRawSync(part, {
      level: 9,
      finishFlush: last ? zlib.Z_FINISH : zlib.Z_SYNC_FLUSH,
      ...(history.length ? { dictionary: history } : {}),
    });
    if (!last) {
      history = Buffer.concat([history, part, Buffer.alloc(lengths[i]!)]);
      if (history.length > WINDOW) history = history.subarray(history.length - WINDOW);
    }
    return out;
  });
}
const SLOT_PATTERN = new RegExp(Object.values(SLOT).join("|"), "g"); // no character in them is special
const SLOT_NAME = new Map<string, keyof PerRequest>(Object.entries(SLOT).map(([name, slot]) => [slot, name as keyof PerRequest]));

/**
 * A kept page's answer body: its pieces in order (the kept bytes and each request's values between
 * them, sent as they are: a socket writes several buffers at once, so the page is never copied
 * whole), and their content encoding when compressed.
 */
export class KeptBody {
  readonly length: number;
  constructor(
    readonly pieces: Buffer[],
    readonly encoding: "gzip" | null,
  ) {
    this.length = pieces.reduce((n, piece) => n + piece.length, 0);
  }
  /** The pieces as one buffer, for an answer that needs one. */
  get body(): Buffer {
    return Buffer.concat(this.pieces, this.length);
  }
}

/**
 * The JSON texts `json()` made of the loaders' answers, kept by the patched router (ADR 033) for
 * data that JSON gives back unchanged; empty when the patch is not applied (the texts are then made here).
 */
const keptJsonTexts: WeakMap<object, string> = ((globalThis as { [k: symbol]: WeakMap<object, string> | undefined })[Symbol.for("remix-patch.keptJsonTexts")] ??= new WeakMap());

/**
 * The loader data as text: each route's answer as its loader's `json()` already wrote it when
 * the router kept it, else written here. A function of the data alone, as the key needs.
 */
export function loaderDataText(loaderData: unknown): string {
  if (loaderData === null || typeof loaderData !== "object") return JSON.stringify(loaderData) ?? "";
  let text = "";
  for (const [routeId, data] of Object.entries(loaderData)) {
    const kept = data !== null && typeof data === "object" ? keptJsonTexts.get(data) : undefined;
    text += `${JSON.stringify(routeId)}:${kept ?? JSON.stringify(data) ?? ""}\n`;
  }
  return text;
}

export class RenderCache {
  private readonly entries = new Map<string, Template>();
  /** Keys being rendered now: what ends the wait for each, and when the render began. */
  private readonly rendering = new Map<string, { done: Promise<void>; since: number }>();
  /**
   * @param max pages kept at most (0: none)
   * @param renderMs the longest a render may take (the server's abort delay): a mark older than
   *   that is taken as lost, so a render that never reported its end holds no one up for longer
   */
  constructor(
    readonly max: number,
    readonly renderMs = 10_000,
  ) {}

  /**
   * Marks `key` as being rendered by this request until the returned function is called (on every
   * way the render ends). Null when another request is rendering it already: wait for that one
   * (`rendered`) instead of rendering the same page again. Without this, the visitors who ask in
   * the moment a page turns over (the home page's clock, every second) each render it: under load
   * five renders a second instead of one.
   */
  begin(key: string): (() => void) | null {
    if (this.max <= 0) return null;
    const now = performance.now();
    const current = this.rendering.get(key);
    if (current && now - current.since < this.renderMs) return null;
    let finish!: () => void;
    const mark = { done: new Promise<void>((resolve) => (finish = resolve)), since: now };
    this.rendering.set(key, mark);
    return () => {
      if (this.rendering.get(key) === mark) this.rendering.delete(key);
      finish();
    };
  }

  /** Resolves when the render of `key` in progress ends, or once it is older than `renderMs`; at once when none is. */
  rendered(key: string): Promise<void> {
    const current = this.rendering.get(key);
    if (!current) return Promise.resolve();
    const left = this.renderMs - (performance.now() - current.since);
    if (left <= 0) return Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([current.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.ceil(left) + 1)))]).finally(() => clearTimeout(timer));
  }

  get size() {
    return this.entries.size;
  }

  /** The key of a page, or null when the page may not be kept. */
  key(input: { url: string; language: string; theme: string; status: number; loaderData: unknown; csrf: string }): string | null {
    if (this.max <= 0 || input.status !== 200 || input.csrf.length < MIN_VALUE_LENGTH) return null;
    const data = loaderDataText(input.loaderData).split(input.csrf).join(SLOT.csrf);
    return createHash("sha256").update(`${input.url}\n${input.language}\n${input.theme}\n${input.status}\n`).update(data).digest("base64url");
  }

  /** The page for this request, with its own per-request values, or null; gzipped when `gzip`. */
  get(key: string, values: PerRequest, { gzip = false }: { gzip?: boolean } = {}): KeptBody | null {
    const template = this.entries.get(key);
    if (template === undefined) return null;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, template);
    // The compressed pieces assume each value's length; a stored block holds at most 65,535 bytes.
    const fits = template.deflated !== null && template.slots.every((slot, i) => Buffer.byteLength(values[slot]) === template.lengths[i]);
    return gzip && fits ? new KeptBody(gzipped(template, values), "gzip") : new KeptBody(filled(template, values), null);
  }

  /** Keeps the rendered page with its per-request values taken out. */
  set(key: string, html: string, values: PerRequest): void {
    if (this.max <= 0 || Object.values(values).some((v) => v.length < MIN_VALUE_LENGTH)) return;
    if (Object.values(SLOT).some((slot) => html.includes(slot))) return;
    let marked = html;
    for (const name of Object.keys(SLOT) as Array<keyof PerRequest>) marked = marked.split(values[name]).join(SLOT[name]);
    // Split once here, so a hit is a single copy: no search through the page per request.
    const texts: string[] = [];
    const slots: Array<keyof PerRequest> = [];
    let last = 0;
    for (const m of marked.matchAll(SLOT_PATTERN)) {
      texts.push(marked.slice(last, m.index));
      slots.push(SLOT_NAME.get(m[0])!);
      last = m.index! + m[0].length;
    }
    texts.push(marked.slice(last));
    const parts = texts.map((t) => Buffer.from(t, "utf8"));
    const lengths = slots.map((slot) => Buffer.byteLength(values[slot]));
    this.entries.delete(key);
    const deflated = html.includes("\0") || lengths.some((n) => n > 0xffff) ? null : deflatePieces(parts, lengths);
    this.entries.set(key, {
      parts,
      deflated,
      slots,
      lengths,
      crcs: deflated && parts.map((part) => crcOn(part, 0)),
      shifts: deflated && parts.map((part) => crcShift(part.length)),
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  clear() {
    this.entries.clear();
  }
}

function filled({ parts, slots }: Template, values: PerRequest): Buffer[] {
  const pieces: Buffer[] = [parts[0]!];
  for (let i = 0; i < slots.length; i++) pieces.push(Buffer.from(values[slots[i]!], "utf8"), parts[i + 1]!);
  return pieces;
}

/**
 * zlib's CRC-32 of `bytes` continuing from `crc`. An empty piece leaves it as it is: Node hands
 * zlib a null pointer for an empty buffer with no memory behind it, and zlib's crc32 answers 0 for
 * a null pointer (its way to start a checksum), which would reset the running value.
 */
const crcOn = (bytes: Buffer, crc: number) => (bytes.length === 0 ? crc : crc32(bytes, crc));

/** gzip's fixed header (RFC 1952): deflate, no name, no time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The page as one gzip member made of the kept compressed pieces, with each per-request value
 * between them as a stored (uncompressed) deflate block (RFC 1951 §3.2.4: after a sync flush the
 * stream is at a byte boundary, so a block header is the byte 0 then LEN and its complement). The
 * trailer's CRC-32 runs over the bytes of the whole page, as gunzip checks.
 */
function gzipped({ parts, deflated, slots, crcs, shifts }: Template, values: PerRequest): Buffer[] {
  if (!deflated || !crcs || !shifts) throw new Error("no compressed pieces");
  const pieces: Buffer[] = [GZIP_HEADER, deflated[0]!];
  let crc = crcs[0]!;
  let size = parts[0]!.length;
  for (let i = 0; i < slots.length; i++) {
    const value = Buffer.from(values[slots[i]!], "utf8"); // short: a token, a nonce, a request id
    const head = Buffer.alloc(5);
    head.writeUInt16LE(value.length, 1);
    head.writeUInt16LE(~value.length & 0xffff, 3);
    pieces.push(head, value, deflated[i + 1]!);
    crc = crcOn(value, crc);
    crc = crcPast(crc, shifts[i + 1]!, crcs[i + 1]!);
    size += value.length + parts[i + 1]!.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(trailer);
  return pieces;
}

/** The loader data of a page a visitor may share with other visitors, or null. */
export function visitorPage(context: { actionData?: unknown; errors?: unknown; loaderData?: Record<string, unknown> }) {
  if (context.actionData || context.errors) return null;
  const root = context.loaderData?.root as { csrfToken?: unknown; shell?: { user?: unknown } } | undefined;
  if (!root || typeof root.csrfToken !== "string" || !root.shell || root.shell.user) return null;
  return { csrf: root.csrfToken, loaderData: context.loaderData };
}
