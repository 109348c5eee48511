import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { PlatformVariables } from "../app.js";
import { bearer, requireMember } from "../accounts/routes.js";
import { spend } from "../security/limits.js";
import { DomainError, ok } from "../http/envelope.js";
import { resolveMerchant } from "../system/service.js";
import { answerFeedback, feedbackDir, feedbackImage, listFeedback, readFeedback, submitFeedback } from "./service.js";
import { FEEDBACK_MAX_IMAGE_BYTES, FEEDBACK_MAX_IMAGES } from "./rules.js";

type App = Hono<{ Variables: PlatformVariables }>;
type C = Context<{ Variables: PlatformVariables }>;

/** Three images of 5 MB as base64, one more to tell "a 4th image" from "too big", and the text. */
const BODY_LIMIT = Math.ceil(((FEEDBACK_MAX_IMAGES + 1) * FEEDBACK_MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;
const MAX_IMAGE_BASE64 = Math.ceil(FEEDBACK_MAX_IMAGE_BYTES / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const feedbackBody = z.object({
  type: z.string().max(40),
  content: z.string().max(4000),
  /** Each image as base64 of its raw bytes; the platform judges the bytes, not any name or type. */
  images: z.array(z.string()).max(FEEDBACK_MAX_IMAGES + 1).default([]),
});

/** Spec §7 `PUT /wps/feedback` (public: a signed-in member's feedback can be answered in the message centre). */
export function feedbackRoutes() {
  const app = new Hono<{ Variables: PlatformVariables }>();
  app.put(
    "/wps/feedback",
    bodyLimit({
      maxSize: BODY_LIMIT,
      onError: () => {
        throw new DomainError("FEEDBACK_INVALID", "Request body is too large", 413, { fieldErrors: { images: ["fb_err_upload_too_large"] } });
      },
    }),
    async (c) => {
      const member = bearer(c) ? await requireMember(c) : null;
      let json: unknown;
      try {
        json = await c.req.json();
      } catch {
        throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
      }
      const parsed = feedbackBody.safeParse(json);
      if (!parsed.success || parsed.data.content.includes("\u0000")) throw new DomainError("INVALID_REQUEST", "type, content and images (base64) expected", 400);
      const images = parsed.data.images.map((b64, i) => {
        // Larger than any 5 MB file's base64: refused before decoding.
        if (b64.length > MAX_IMAGE_BASE64) return new Uint8Array(FEEDBACK_MAX_IMAGE_BYTES + 1);
        if (!BASE64.test(b64)) throw new DomainError("FEEDBACK_INVALID", "Images must be base64", 400, { fieldErrors: { images: [`fb_err_image_invalid|${i + 1}`] } });
        return Buffer.from(b64, "base64");
      });
      const merchantCode = member?.merchantCode ?? (await resolveMerchant(c.var.db, c.var.visitor.host, c.var.env.DEFAULT_MERCHANT)).code;
      // A form anyone may post, with files: so many an hour per address and per member.
      await spend(c.var.db, "feedbackPerIp", c.var.visitor.ip ? `${merchantCode}:${c.var.visitor.ip}` : null);
      if (member) await spend(c.var.db, "feedbackPerMember", String(member.id));
      const saved = await submitFeedback(c.var.db, feedbackDir(c.var.env), {
        merchantCode,
        memberId: member?.id ?? null,
        type: parsed.data.type,
        content: parsed.data.content,
        images,
      });
      return ok(c, saved, 201);
    },
  );
  return app;
}

const idOf = (c: C) => Number.parseInt(c.req.param("id") ?? "", 10);

/** Operator calls for feedback (registered by platform/operator/routes.ts, behind the operator key). */
export function registerFeedbackOperatorRoutes(app: App) {
  app.get("/merchants/:code/feedback", async (c) => {
    const status = c.req.query("status");
    if (status && status !== "OPEN" && status !== "ANSWERED") throw new DomainError("INVALID_REQUEST", "status is OPEN or ANSWERED", 400);
    const pageNo = Math.min(Math.max(Number.parseInt(c.req.query("pageNo") ?? "1", 10) || 1, 1), 10_000);
    const pageSize = Math.min(Math.max(Number.parseInt(c.req.query("pageSize") ?? "50", 10) || 50, 1), 200);
    return c.json(await listFeedback(c.var.db, c.req.param("code"), { status: status as "OPEN" | "ANSWERED" | undefined, pageNo, pageSize }));
  });
  app.get("/merchants/:code/feedback/:id{[0-9]{1,10}}", async (c) => {
    const code = c.req.param("code");
    const f = await readFeedback(c.var.db, code, idOf(c));
    return c.json({ ...f, images: f.images.map((img) => ({ ...img, url: `/operator/v1/merchants/${encodeURIComponent(code)}/feedback/${f.id}/images/${img.index}` })) });
  });
  // The stored (re-encoded) image, as an image and never as a page: typed, not sniffable, no scripts.
  app.get("/merchants/:code/feedback/:id{[0-9]{1,10}}/images/:n{[0-9]}", async (c) => {
    const img = await feedbackImage(c.var.db, feedbackDir(c.var.env), c.req.param("code"), idOf(c), Number(c.req.param("n")));
    return c.body(new Uint8Array(img.data), 200, {
      "content-type": img.mime,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-disposition": `inline; filename="feedback-${idOf(c)}-${c.req.param("n")}.${img.mime === "image/png" ? "png" : "jpg"}"`,
      "cache-control": "private, no-store",
    });
  });
  app.post("/merchants/:code/feedback/:id{[0-9]{1,10}}/answer", async (c) => {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      throw new DomainError("INVALID_REQUEST", "Body must be JSON", 400);
    }
    const parsed = z.object({ answer: z.string().min(1).max(2000) }).safeParse(json);
    if (!parsed.success || parsed.data.answer.includes("\u0000")) throw new DomainError("INVALID_REQUEST", "answer: 1-2000 characters", 400);
    return c.json(await answerFeedback(c.var.db, c.req.param("code"), idOf(c), parsed.data.answer));
  });
}
