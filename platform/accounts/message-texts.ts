/**
 * SMS and e-mail texts in the reader's language: the language the request names, then the
 * site's default language, then English. A text missing in a language falls through the chain.
 */
type Kind = "code" | "reset";
type Texts = Record<Kind, (v: Record<string, string>) => string>;

const TEXTS: Record<string, Texts> = {
  en: {
    code: (v) => `Your verification code is ${v.code}. It expires in ${v.minutes} min.`,
    reset: (v) => `Reset your password: ${v.link} (valid for 30 minutes)`,
  },
  es: {
    code: (v) => `Tu código de verificación es ${v.code}. Caduca en ${v.minutes} min.`,
    reset: (v) => `Restablece tu contraseña: ${v.link} (válido durante 30 minutos)`,
  },
  ar: {
    code: (v) => `رمز التحقق الخاص بك هو ${v.code}. تنتهي صلاحيته خلال ${v.minutes} دقيقة.`,
    reset: (v) => `أعد تعيين كلمة المرور: ${v.link} (صالح لمدة 30 دقيقة)`,
  },
  vi: {
    code: (v) => `Mã xác minh của bạn là ${v.code}. Mã hết hạn sau ${v.minutes} phút.`,
    reset: (v) => `Đặt lại mật khẩu: ${v.link} (có hiệu lực trong 30 phút)`,
  },
  th: {
    code: (v) => `รหัสยืนยันของคุณคือ ${v.code} หมดอายุใน ${v.minutes} นาที`,
    reset: (v) => `รีเซ็ตรหัสผ่านของคุณ: ${v.link} (ใช้ได้ 30 นาที)`,
  },
  pt: {
    code: (v) => `O seu código de verificação é ${v.code}. Expira em ${v.minutes} min.`,
    reset: (v) => `Redefina a sua palavra-passe: ${v.link} (válido durante 30 minutos)`,
  },
  id: {
    code: (v) => `Kode verifikasi Anda adalah ${v.code}. Berlaku ${v.minutes} menit.`,
    reset: (v) => `Atur ulang kata sandi Anda: ${v.link} (berlaku 30 menit)`,
  },
  "zh-CN": {
    code: (v) => `您的验证码是 ${v.code}，${v.minutes} 分钟内有效。`,
    reset: (v) => `重置密码：${v.link}（30 分钟内有效）`,
  },
};

/** "es-MX" → "es"; "zh-cn" → "zh-CN". */
function known(language: string | null | undefined): string | null {
  if (!language) return null;
  const lower = language.trim().toLowerCase();
  const exact = Object.keys(TEXTS).find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split("-")[0];
  return Object.keys(TEXTS).find((l) => l.toLowerCase() === base) ?? null;
}

/** The message in the first language of the chain that has it (English last). */
export function messageText(kind: Kind, languages: Array<string | null | undefined>, vars: Record<string, string | number>): string {
  const lang = [...languages, "en"].map(known).find((l): l is string => !!l) ?? "en";
  return TEXTS[lang]![kind](Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)])));
}
