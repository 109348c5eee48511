import { z } from "zod";
import { contentProblem, FEEDBACK_TYPES } from "#platform/feedback/rules.js";

/** The same rules in the browser (scripts on) and on the server; images are judged by the platform. */
export const feedbackSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { errorMap: () => ({ message: "fb_err_type" }) }),
  content: z
    .string({ required_error: "fb_err_content_required" })
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const problem = contentProblem(v);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    }),
});
