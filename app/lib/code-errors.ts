/**
 * Spec §8, phone and one-time-code errors: platform code → [the field it belongs to, or "" for the
 * whole form; the i18n key of its message]. Shared by login, registration and password reset.
 */
export const CODE_ERRORS: Record<string, [string, string]> = {
  PHONE_MISSING: ["mobileNum", "err_phone_missing"],
  PHONE_FORMAT: ["mobileNum", "err_phone_format"],
  CODE_MISSING: ["verificationCode", "err_code_missing"],
  CODE_INVALID: ["verificationCode", "err_code_invalid"],
  CODE_EXPIRED: ["verificationCode", "err_code_expired"],
  CODE_LOCKED: ["verificationCode", "sec_code_locked"],
  TOO_MANY_REQUESTS: ["", "err_too_many"],
  // The message gateway's refusals (platform/accounts/messaging.ts).
  SMS_QUOTA: ["", "err_sms_quota"],
  NOT_ENABLED: ["", "err_function_disabled"],
  SMS_UNKNOWN: ["", "err_unknown"],
};
