import { z } from "zod";

/** The promotion action form's fields; the server parses the same schema. */
export const promoActionSchema = z.object({
  intent: z.enum(["join", "claim", "apply"]),
  id: z.coerce.number().int().positive(),
  comment: z
    .string({ required_error: "promo_err_comment_required" })
    .trim()
    .refine((v) => [...v].length <= 140, "promo_err_comment_long")
    .optional(),
  back: z.string().max(300).optional(),
});
