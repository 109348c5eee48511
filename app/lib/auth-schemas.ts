import { z } from "zod";

/**
 * Form schemas shared by the server action and the browser (conform). Messages are i18n keys,
 * translated where they are shown.
 */
export const loginSchema = z
  .object({
    type: z.enum(["username", "sms"]).default("username"),
    /** "sendCode" asks for an SMS code; anything else logs in. */
    intent: z.string().max(20).optional(),
    countryDialingCode: z.string().trim().max(5).optional(),
    username: z.string().trim().max(100).optional(),
    password: z.string().max(200).optional(),
    mobileNum: z.string().trim().max(20).optional(),
    verificationCode: z.string().trim().max(255).optional(),
    captcha: z.string().trim().max(20).optional(),
    remember: z.boolean().optional(),
    /** Logging in from the agent page: the platform admits agents only. */
    agent: z.boolean().optional(),
    redirectTo: z.string().max(2000).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (field: "username" | "password" | "mobileNum" | "verificationCode") => {
      if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message: "err_empty" });
    };
    if (v.type === "username") {
      need("username");
      need("password");
    } else {
      need("mobileNum");
      if (v.intent !== "sendCode") need("verificationCode");
    }
  });

export type LoginForm = z.infer<typeof loginSchema>;

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().max(200).optional(),
    newPassword: z.string().max(200).optional(),
    confirmNewPassword: z.string().max(200).optional(),
    forced: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.forced && !v.oldPassword) ctx.addIssue({ code: "custom", path: ["oldPassword"], message: "err_empty" });
    if (!v.newPassword) ctx.addIssue({ code: "custom", path: ["newPassword"], message: "err_empty" });
    if (!v.confirmNewPassword) ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: "err_empty" });
    else if (v.newPassword && v.confirmNewPassword !== v.newPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: "err_confirm" });
    }
  });
