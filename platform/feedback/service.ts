import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import type { PlatformEnv } from "../env.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { withLedgerTx } from "../ledger/service.js";
import { postMessage } from "../messages/service.js";
import { feedbacks, type FeedbackImage } from "./schema.js";
import { checkImage } from "./images.js";
import { contentProblem, FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES, type FeedbackType } from "./rules.js";

/** Outside any web root: FEEDBACK_DIR, else DATA_DIR/feedback (a temporary folder for in-memory databases). */
export function feedbackDir(env: Pick<PlatformEnv, "DATA_DIR" | "FEEDBACK_DIR">): string {
  if (env.FEEDBACK_DIR) return path.resolve(env.FEEDBACK_DIR);
  if (env.DATA_DIR.startsWith("memory://")) return path.join(tmpdir(), `feedback-${process.pid}`);
  return path.resolve(env.DATA_DIR, "feedback");
}

export interface FeedbackInput {
  merchantCode: string;
  memberId: number | null;
  type: string;
  content: string;
  images: Uint8Array[];
}

/**
 * Stores one feedback. Every field is judged before anything is written: a refusal carries
 * per-field i18n keys (`fieldErrors`) and leaves no file and no row behind.
 */
export async function submitFeedback(db: Database, dir: string, input: FeedbackInput) {
  const fieldErrors: Record<string, string[]> = {};
  if (!FEEDBACK_TYPES.includes(input.type as FeedbackType)) fieldErrors.type = ["fb_err_type"];
  const content = input.content.trim();
  const problem = contentProblem(content);
  if (problem) fieldErrors.content = [problem];
  const checked = input.images.map((bytes) => checkImage(bytes));
  if (input.images.length > FEEDBACK_MAX_IMAGES) {
    fieldErrors.images = [`fb_err_images_count|${FEEDBACK_MAX_IMAGES}`];
  } else {
    const bad = checked.flatMap((c, i) => (c.ok ? [] : [`fb_err_${c.problem.toLowerCase()}|${i + 1}`]));
    if (bad.length) fieldErrors.images = bad;
  }
  if (Object.keys(fieldErrors).length) throw new DomainError("FEEDBACK_INVALID", "Please enter correct information", 400, { fieldErrors });

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stored: FeedbackImage[] = [];
  try {
    for (const c of checked) {
      if (!c.ok) continue;
      const file = `${randomUUID()}.${c.mime === "image/png" ? "png" : "jpg"}`;
      await writeFile(path.join(dir, file), c.data, { mode: 0o600, flag: "wx" });
      stored.push({ file, mime: c.mime, width: c.width, height: c.height, bytes: c.data.byteLength });
    }
    const [row] = await db
      .insert(feedbacks)
      .values({ merchantCode: input.merchantCode, memberId: input.memberId, type: input.type, content, images: stored })
      .returning({ id: feedbacks.id, createdAt: feedbacks.createdAt });
    return { id: row!.id, images: stored.length, createdAt: row!.createdAt.toISOString() };
  } catch (err) {
    await Promise.all(stored.map((s) => rm(path.join(dir, s.file), { force: true })));
    throw err;
  }
}

type Row = typeof feedbacks.$inferSelect;
const view = (r: Row, account: string | null) => ({
  id: r.id,
  account,
  type: r.type,
  content: r.content,
  status: r.status,
  answer: r.answer,
  answeredAt: r.answeredAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  images: r.images.map((img, index) => ({ index, mime: img.mime, width: img.width, height: img.height, bytes: img.bytes })),
});

/** The operator's list, newest first; optionally only OPEN or ANSWERED. */
export async function listFeedback(db: Database, merchantCode: string, opts: { status?: "OPEN" | "ANSWERED"; pageNo: number; pageSize: number }) {
  const rows = await db
    .select({ row: feedbacks, account: members.account })
    .from(feedbacks)
    .leftJoin(members, eq(members.id, feedbacks.memberId))
    .where(and(eq(feedbacks.merchantCode, merchantCode), opts.status ? eq(feedbacks.status, opts.status) : undefined))
    .orderBy(desc(feedbacks.id))
    .limit(opts.pageSize)
    .offset((opts.pageNo - 1) * opts.pageSize);
  return { items: rows.map((r) => view(r.row, r.account)) };
}

async function findFeedback(db: Database, merchantCode: string, id: number) {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new DomainError("FEEDBACK_NOT_FOUND", "No such feedback", 404);
  const [found] = await db
    .select({ row: feedbacks, account: members.account })
    .from(feedbacks)
    .leftJoin(members, eq(members.id, feedbacks.memberId))
    .where(and(eq(feedbacks.merchantCode, merchantCode), eq(feedbacks.id, id)))
    .limit(1);
  if (!found) throw new DomainError("FEEDBACK_NOT_FOUND", "No such feedback", 404);
  return found;
}

export async function readFeedback(db: Database, merchantCode: string, id: number) {
  const { row, account } = await findFeedback(db, merchantCode, id);
  return view(row, account);
}

/** One stored image's bytes and type, for the operator only. */
export async function feedbackImage(db: Database, dir: string, merchantCode: string, id: number, index: number) {
  const { row } = await findFeedback(db, merchantCode, id);
  const img = row.images[index];
  if (!img || !/^[0-9a-f-]{36}\.(png|jpg)$/.test(img.file)) throw new DomainError("IMAGE_NOT_FOUND", "No such image", 404);
  try {
    return { mime: img.mime, data: await readFile(path.join(dir, img.file)) };
  } catch {
    throw new DomainError("IMAGE_NOT_FOUND", "The image file is missing", 404);
  }
}

/**
 * The operator's answer: kept on the feedback and sent to the member as a message in the same
 * transaction. Answering again with the same text changes nothing; with another text, refused.
 */
export async function answerFeedback(db: Database, merchantCode: string, id: number, answer: string) {
  const text = answer.trim();
  if (!text || text.length > 2000) throw new DomainError("INVALID_REQUEST", "answer: 1-2000 characters", 400);
  const found = await findFeedback(db, merchantCode, id);
  return withLedgerTx(db, async (tx) => {
    const [f] = await tx.select().from(feedbacks).where(eq(feedbacks.id, found.row.id)).for("update");
    if (!f) throw new DomainError("FEEDBACK_NOT_FOUND", "No such feedback", 404);
    if (f.status === "ANSWERED") {
      if (f.answer === text) return { ...view(f, found.account), changed: false, messaged: f.memberId !== null };
      throw new DomainError("FEEDBACK_ANSWERED", "This feedback was already answered", 409);
    }
    const [updated] = await tx.update(feedbacks).set({ status: "ANSWERED", answer: text, answeredAt: new Date() }).where(eq(feedbacks.id, f.id)).returning();
    if (f.memberId !== null) {
      await postMessage(tx, {
        memberId: f.memberId,
        kind: "feedback_answer",
        params: { feedbackId: f.id, content: f.content, answer: text },
        dedupeKey: `feedback_answer:${f.id}`,
        currency: null,
      });
    }
    return { ...view(updated!, found.account), changed: true, messaged: f.memberId !== null };
  });
}
