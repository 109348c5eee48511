import { getFormProps, getSelectProps, getTextareaProps, useForm } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { Popup } from "~/components/popup";
import { formatNumber } from "~/lib/format";
import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES, FEEDBACK_MIN_CHARS, FEEDBACK_TYPES } from "#platform/feedback/rules.js";
import { getUser } from "~/services/auth.server";
import { validateCSRF } from "~/services/csrf.server";
import { feedbackSchema } from "~/lib/feedback-schema";
import { useSchemaValidation } from "~/lib/validation";
import { parseFeedbackPost } from "~/services/feedback.server";
import { callPlatform, PlatformError } from "~/services/platform.server";
import { getSessionToken } from "~/services/session.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return json({ signedIn: !!user && !user.isTrial, sent });
}

const saved = z.object({ id: z.number(), images: z.number(), createdAt: z.string() });

/** Spec §7 `PUT /wps/feedback`, from a plain multipart form; refusals beside their field, input kept. */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = await parseFeedbackPost(request);
  if (parsed.broken) {
    // Not a form we can read (cut off at the size limit, or not multipart): say so beside the images.
    const tooBig = parsed.images.some((i) => i.tooLarge) || Number(request.headers.get("content-length") ?? "0") > 0;
    return json({ result: { status: "error" as const, initialValue: {}, error: { images: [tooBig ? "fb_err_upload_too_large" : "err_correct_info"] } } }, { status: 400 });
  }
  await validateCSRF(parsed.form, request.headers);
  const submission = parseWithZod(parsed.form, { schema: feedbackSchema });
  const imageErrors: string[] = [];
  if (parsed.images.length > FEEDBACK_MAX_IMAGES) imageErrors.push(`fb_err_images_count|${FEEDBACK_MAX_IMAGES}`);
  else parsed.images.forEach((img, i) => img.tooLarge && imageErrors.push(`fb_err_image_too_large|${i + 1}`));
  if (submission.status !== "success" || imageErrors.length) {
    return json({ result: submission.reply({ fieldErrors: imageErrors.length ? { images: imageErrors } : {} }) }, { status: 400 });
  }
  try {
    await callPlatform(request, "/wps/feedback", {
      method: "PUT",
      token: await getSessionToken(request),
      body: {
        type: submission.value.type,
        content: submission.value.content,
        images: parsed.images.map((img) => Buffer.from(img.bytes ?? new Uint8Array()).toString("base64")),
      },
      schema: saved,
    });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    const fieldErrors = (e.details.fieldErrors ?? null) as Record<string, string[]> | null;
    const clean = fieldErrors && typeof fieldErrors === "object" ? Object.fromEntries(Object.entries(fieldErrors).filter(([k, v]) => ["type", "content", "images"].includes(k) && Array.isArray(v))) : {};
    return json(
      { result: submission.reply(Object.keys(clean).length ? { fieldErrors: clean } : { formErrors: [e.status === 401 ? "fb_err_signed_out" : e.status === 429 ? "err_too_many" : "err_correct_info"] }) },
      { status: e.status === 413 ? 413 : e.status === 429 ? 429 : 400 },
    );
  }
  return redirect("/feedback?sent=1");
}

/** A refusal key, with its numbers after "|" (which image, or the bounds), in the reader's language. */
function FeedbackError({ id, errors }: { id: string; errors?: string[] }) {
  const { t, i18n } = useTranslation();
  if (!errors?.length) return null;
  // The bounds travel as digits ("fb_err_images_count|3"); shown in the page's numerals, while `count` picks the plural form.
  const shown = (v?: string) => (v === undefined ? v : formatNumber(v, i18n.language, 0));
  return (
    <span id={id} className={s.fieldError} role="alert" data-testid={`${id}`}>
      {errors
        .map((e) => {
          const [key, a, b] = e.split("|");
          return t(key!, { n: shown(a), min: shown(a), max: shown(b), count: Number(a) || 0 });
        })
        .join(" ")}
    </span>
  );
}

/** /feedback: the home page with the feedback popup open (spec §2 popups). */
export default function FeedbackPopup() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const validation = useSchemaValidation(() => import("~/lib/feedback-schema"), (schemas) => schemas.feedbackSchema);
  const [form, fields] = useForm({
    id: "feedback",
    lastResult: acted?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { type: "SUGGESTION" },
    onValidate: validation.onValidate,
  });
  if (data.sent) {
    return (
      <Popup title={t("fb_title")} testId="feedback-popup">
        <p role="status" data-testid="feedback-sent">
          {t("fb_sent")}
        </p>
        {data.signedIn ? (
          <p>
            <Link to="/member/messageV2" className={s.linkish}>
              {t("fb_answer_in_messages")}
            </Link>
          </p>
        ) : null}
      </Popup>
    );
  }
  const imagesErrorId = "feedback-images-error";
  const imagesErrors = form.allErrors.images;
  return (
    <Popup title={t("fb_title")} testId="feedback-popup">
      <p style={{ margin: "0 0 8px" }}>
        {data.signedIn ? t("fb_intro_member") : t("fb_intro_guest")}
      </p>
      <Form method="post" action="/feedback" encType="multipart/form-data" className={s.stackForm} {...getFormProps(form)} onFocus={validation.load} data-testid="feedback-form">
        <CsrfInput />
        {form.errors?.length ? (
          <p className={s.fieldError} role="alert">
            {form.errors.map((e) => t(e)).join(" ")}
          </p>
        ) : null}
        <label htmlFor={fields.type.id}>{t("fb_type")}</label>
        <select {...getSelectProps(fields.type)} className={s.field}>
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`fb_type_${type.toLowerCase()}`)}
            </option>
          ))}
        </select>
        <FeedbackError id={fields.type.errorId} errors={fields.type.errors} />
        <label htmlFor={fields.content.id}>{t("fb_content")}</label>
        <textarea {...getTextareaProps(fields.content)} rows={4} className={s.field} style={{ width: "100%", boxSizing: "border-box" }} />
        <span className={m.hint} id="feedback-content-hint">
          {t("fb_content_hint", { min: FEEDBACK_MIN_CHARS, max: FEEDBACK_MAX_CHARS })}
        </span>
        <FeedbackError id={fields.content.errorId} errors={fields.content.errors} />
        <label htmlFor="feedback-images">{t("fb_images")}</label>
        <input
          type="file"
          id="feedback-images"
          name="images"
          multiple
          accept="image/png,image/jpeg"
          aria-invalid={imagesErrors?.length ? true : undefined}
          aria-describedby={imagesErrors?.length ? imagesErrorId : "feedback-images-hint"}
          className={s.field}
          style={{ maxWidth: "100%" }}
          data-testid="feedback-images"
        />
        <span className={m.hint} id="feedback-images-hint">
          {t("fb_images_hint", { max: FEEDBACK_MAX_IMAGES })}
        </span>
        <FeedbackError id={imagesErrorId} errors={imagesErrors} />
        <button type="submit" className={s.primaryButton} data-testid="feedback-submit">
          {t("fb_submit")}
        </button>
      </Form>
    </Popup>
  );
}
