import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { captchas } from "./schema.js";

const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const hash = (answer: string) => createHash("sha256").update(answer.trim().toLowerCase()).digest("hex");

/** A 4-digit image captcha as an SVG data URL (spec: value is a base64 image). */
export async function createCaptcha(db: Database) {
  const answer = Array.from({ length: 4 }, () => randomInt(0, 10)).join("");
  const id = randomBytes(16).toString("base64url");
  await db.insert(captchas).values({ id, answerHash: hash(answer), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  return { captchaId: id, value: `data:image/svg+xml;base64,${Buffer.from(drawCaptcha(answer)).toString("base64")}` };
}

/** Seven-segment digits drawn as jittered strokes, so the answer is not text in the image. */
const SEGMENTS: Record<string, string> = {
  "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc",
  "5": "afgcd", "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg",
};
const SEGMENT_LINES: Record<string, [number, number, number, number]> = {
  a: [0, 0, 1, 0], b: [1, 0, 1, 1], c: [1, 1, 1, 2], d: [0, 2, 1, 2], e: [0, 1, 0, 2], f: [0, 0, 0, 1], g: [0, 1, 1, 1],
};

function drawCaptcha(answer: string): string {
  const j = () => randomInt(-2, 3);
  const noise = Array.from({ length: 6 }, () => {
    const [x1, y1, x2, y2] = [randomInt(0, 120), randomInt(0, 40), randomInt(0, 120), randomInt(0, 40)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="hsl(${randomInt(0, 360)} 50% 55%)" stroke-width="1.2"/>`;
  }).join("");
  const digits = [...answer]
    .map((d, i) => {
      const ox = 12 + i * 27 + j();
      const oy = 6 + j();
      const w = 14;
      const h = 13;
      const color = `hsl(${randomInt(0, 360)} 60% 30%)`;
      return [...(SEGMENTS[d] ?? "")]
        .map((seg) => {
          const [x1, y1, x2, y2] = SEGMENT_LINES[seg]!;
          return `<line x1="${ox + x1 * w + j()}" y1="${oy + y1 * h + j()}" x2="${ox + x2 * w + j()}" y2="${oy + y2 * h + j()}" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`;
        })
        .join("");
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#f3f3f3"/>${noise}${digits}</svg>`;
}

/** Uses up a captcha: true only for the right answer, once, before it expires. */
export async function consumeCaptcha(db: Database, id: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!id || !answer) return false;
  const used = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
    .returning({ answerHash: captchas.answerHash });
  return used.length === 1 && used[0]!.answerHash === hash(answer);
}

/** Test support: a captcha with a known answer (tests and the e2e fixture route only). */
export async function createKnownCaptcha(db: Database, answer: string) {
  const id = randomBytes(16).toString("base64url");
  await db.insert(captchas).values({ id, answerHash: hash(answer), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  return id;
}
