/**
 * What the platform itself writes to a person by SMS or e-mail, in every language of the site
 * (`public/locales/*`; message-texts.test.ts fails when a locale has no texts here). The language
 * is the first of a chain that has the text: the member's stored language, the request's, the
 * site's default, then English. The message centre is not here: its texts are the web's
 * (`msg_kind_*` keys), chosen when the member reads the message.
 */
export const MESSAGE_TEXT_KINDS = ["code", "code_subject", "reset", "reset_subject"] as const;
export type MessageTextKind = (typeof MESSAGE_TEXT_KINDS)[number];

/** `{{name}}` is filled from the message's values; every translation keeps English's placeholders. */
export const MESSAGE_TEXTS: Record<string, Record<MessageTextKind, string>> = {
  en: {
    code: "Your verification code is {{code}}. It expires in {{minutes}} min.",
    code_subject: "Your verification code",
    reset: "Reset your password: {{link}} (valid for {{minutes}} minutes). If you did not ask for this, ignore this e-mail.",
    reset_subject: "Reset your password",
  },
  ar: {
    code: "رمز التحقق الخاص بك هو {{code}}. تنتهي صلاحيته خلال {{minutes}} دقيقة.",
    code_subject: "رمز التحقق الخاص بك",
    reset: "أعد تعيين كلمة المرور: {{link}} (صالح لمدة {{minutes}} دقيقة). إذا لم تطلب ذلك، فتجاهل هذه الرسالة.",
    reset_subject: "إعادة تعيين كلمة المرور",
  },
  bn: {
    code: "আপনার যাচাইকরণ কোড {{code}}। এটি {{minutes}} মিনিটে মেয়াদোত্তীর্ণ হবে।",
    code_subject: "আপনার যাচাইকরণ কোড",
    reset: "আপনার পাসওয়ার্ড রিসেট করুন: {{link}} ({{minutes}} মিনিট বৈধ)। আপনি এটি না চাইলে এই ই-মেইলটি উপেক্ষা করুন।",
    reset_subject: "আপনার পাসওয়ার্ড রিসেট করুন",
  },
  de: {
    code: "Dein Bestätigungscode lautet {{code}}. Er läuft in {{minutes}} Min. ab.",
    code_subject: "Dein Bestätigungscode",
    reset: "Setze dein Passwort zurück: {{link}} ({{minutes}} Minuten gültig). Wenn du das nicht angefordert hast, ignoriere diese E-Mail.",
    reset_subject: "Passwort zurücksetzen",
  },
  el: {
    code: "Ο κωδικός επαλήθευσής σας είναι {{code}}. Λήγει σε {{minutes}} λεπτά.",
    code_subject: "Ο κωδικός επαλήθευσής σας",
    reset: "Επαναφέρετε τον κωδικό πρόσβασής σας: {{link}} (ισχύει για {{minutes}} λεπτά). Αν δεν το ζητήσατε, αγνοήστε αυτό το e-mail.",
    reset_subject: "Επαναφορά κωδικού πρόσβασης",
  },
  es: {
    code: "Tu código de verificación es {{code}}. Caduca en {{minutes}} min.",
    code_subject: "Tu código de verificación",
    reset: "Restablece tu contraseña: {{link}} (válido durante {{minutes}} minutos). Si no lo has pedido, ignora este correo.",
    reset_subject: "Restablece tu contraseña",
  },
  fa: {
    code: "کد تأیید شما {{code}} است. این کد تا {{minutes}} دقیقه دیگر منقضی می‌شود.",
    code_subject: "کد تأیید شما",
    reset: "بازنشانی رمز عبور: {{link}} (به مدت {{minutes}} دقیقه معتبر است). اگر این درخواست را نداده‌اید، این ایمیل را نادیده بگیرید.",
    reset_subject: "بازنشانی رمز عبور",
  },
  fil: {
    code: "Ang iyong code ng beripikasyon ay {{code}}. Mag-e-expire ito sa loob ng {{minutes}} minuto.",
    code_subject: "Ang iyong code ng beripikasyon",
    reset: "Itakda muli ang iyong password: {{link}} (may bisa nang {{minutes}} minuto). Kung hindi mo ito hiniling, huwag pansinin ang e-mail na ito.",
    reset_subject: "Itakda muli ang iyong password",
  },
  fr: {
    code: "Votre code de vérification est {{code}}. Il expire dans {{minutes}} min.",
    code_subject: "Votre code de vérification",
    reset: "Réinitialisez votre mot de passe : {{link}} (valable {{minutes}} minutes). Si vous n'avez rien demandé, ignorez cet e-mail.",
    reset_subject: "Réinitialisez votre mot de passe",
  },
  hi: {
    code: "आपका सत्यापन कोड {{code}} है। यह {{minutes}} मिनट में समाप्त हो जाएगा।",
    code_subject: "आपका सत्यापन कोड",
    reset: "अपना पासवर्ड रीसेट करें: {{link}} ({{minutes}} मिनट तक मान्य)। अगर आपने यह अनुरोध नहीं किया है, तो इस ई-मेल को अनदेखा करें।",
    reset_subject: "अपना पासवर्ड रीसेट करें",
  },
  id: {
    code: "Kode verifikasi Anda adalah {{code}}. Berlaku {{minutes}} menit.",
    code_subject: "Kode verifikasi Anda",
    reset: "Atur ulang kata sandi Anda: {{link}} (berlaku {{minutes}} menit). Jika Anda tidak memintanya, abaikan email ini.",
    reset_subject: "Atur ulang kata sandi Anda",
  },
  it: {
    code: "Il tuo codice di verifica è {{code}}. Scade tra {{minutes}} min.",
    code_subject: "Il tuo codice di verifica",
    reset: "Reimposta la tua password: {{link}} (valido per {{minutes}} minuti). Se non l'hai richiesto tu, ignora questa e-mail.",
    reset_subject: "Reimposta la tua password",
  },
  ja: {
    code: "認証コードは{{code}}です。有効期限は{{minutes}}分です。",
    code_subject: "認証コードのお知らせ",
    reset: "パスワードの再設定：{{link}}（{{minutes}}分間有効）。お心当たりのない場合は、このメールを破棄してください。",
    reset_subject: "パスワードの再設定",
  },
  km: {
    code: "លេខកូដផ្ទៀងផ្ទាត់របស់អ្នកគឺ {{code}}។ វានឹងផុតកំណត់ក្នុងរយៈពេល {{minutes}} នាទី។",
    code_subject: "លេខកូដផ្ទៀងផ្ទាត់របស់អ្នក",
    reset: "កំណត់ពាក្យសម្ងាត់របស់អ្នកឡើងវិញ៖ {{link}} (មានសុពលភាព {{minutes}} នាទី)។ ប្រសិនបើអ្នកមិនបានស្នើសុំទេ សូមកុំអើពើអ៊ីមែលនេះ។",
    reset_subject: "កំណត់ពាក្យសម្ងាត់របស់អ្នកឡើងវិញ",
  },
  ko: {
    code: "인증번호는 {{code}}입니다. {{minutes}}분 후에 만료됩니다.",
    code_subject: "인증번호 안내",
    reset: "비밀번호 재설정: {{link}} ({{minutes}}분 동안 유효). 요청하지 않으셨다면 이 이메일을 무시하세요.",
    reset_subject: "비밀번호 재설정",
  },
  lo: {
    code: "ລະຫັດຢືນຢັນຂອງທ່ານແມ່ນ {{code}}. ລະຫັດຈະໝົດອາຍຸໃນ {{minutes}} ນາທີ.",
    code_subject: "ລະຫັດຢືນຢັນຂອງທ່ານ",
    reset: "ຣີເຊັດລະຫັດຜ່ານຂອງທ່ານ: {{link}} (ໃຊ້ໄດ້ {{minutes}} ນາທີ). ຖ້າທ່ານບໍ່ໄດ້ຮ້ອງຂໍ, ກະລຸນາບໍ່ຕ້ອງສົນໃຈອີເມວນີ້.",
    reset_subject: "ຣີເຊັດລະຫັດຜ່ານຂອງທ່ານ",
  },
  ms: {
    code: "Kod pengesahan anda ialah {{code}}. Ia tamat tempoh dalam {{minutes}} minit.",
    code_subject: "Kod pengesahan anda",
    reset: "Tetapkan semula kata laluan anda: {{link}} (sah selama {{minutes}} minit). Jika anda tidak memintanya, abaikan e-mel ini.",
    reset_subject: "Tetapkan semula kata laluan anda",
  },
  my: {
    code: "သင့်အတည်ပြုကုဒ်မှာ {{code}} ဖြစ်ပါသည်။ {{minutes}} မိနစ်အတွင်း သက်တမ်းကုန်ပါမည်။",
    code_subject: "သင့်အတည်ပြုကုဒ်",
    reset: "သင့်စကားဝှက်ကို ပြန်လည်သတ်မှတ်ရန်: {{link}} ({{minutes}} မိနစ်အတွင်း အသုံးပြုနိုင်ပါသည်)။ သင် တောင်းဆိုထားခြင်း မဟုတ်ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုပါ။",
    reset_subject: "စကားဝှက် ပြန်လည်သတ်မှတ်ရန်",
  },
  ne: {
    code: "तपाईंको प्रमाणीकरण कोड {{code}} हो। यो {{minutes}} मिनेटमा समाप्त हुन्छ।",
    code_subject: "तपाईंको प्रमाणीकरण कोड",
    reset: "आफ्नो पासवर्ड रिसेट गर्नुहोस्: {{link}} ({{minutes}} मिनेटसम्म मान्य)। तपाईंले यो अनुरोध गर्नुभएको होइन भने यो इमेललाई बेवास्ता गर्नुहोस्।",
    reset_subject: "आफ्नो पासवर्ड रिसेट गर्नुहोस्",
  },
  nl: {
    code: "Je verificatiecode is {{code}}. Deze verloopt over {{minutes}} min.",
    code_subject: "Je verificatiecode",
    reset: "Stel je wachtwoord opnieuw in: {{link}} ({{minutes}} minuten geldig). Heb je dit niet aangevraagd? Negeer dan deze e-mail.",
    reset_subject: "Stel je wachtwoord opnieuw in",
  },
  pl: {
    code: "Twój kod weryfikacyjny to {{code}}. Wygasa za {{minutes}} min.",
    code_subject: "Twój kod weryfikacyjny",
    reset: "Zresetuj hasło: {{link}} (link ważny przez {{minutes}} min). Jeśli to nie Ty, zignoruj tę wiadomość.",
    reset_subject: "Zresetuj hasło",
  },
  pt: {
    code: "Seu código de verificação é {{code}}. Ele expira em {{minutes}} min.",
    code_subject: "Seu código de verificação",
    reset: "Redefina sua senha: {{link}} (válido por {{minutes}} minutos). Se você não pediu isso, ignore este e-mail.",
    reset_subject: "Redefina sua senha",
  },
  ro: {
    code: "Codul tău de verificare este {{code}}. Expiră în {{minutes}} min.",
    code_subject: "Codul tău de verificare",
    reset: "Resetează-ți parola: {{link}} (valabil {{minutes}} minute). Dacă nu ai cerut acest lucru, ignoră acest e-mail.",
    reset_subject: "Resetează-ți parola",
  },
  ru: {
    code: "Ваш код подтверждения: {{code}}. Он действует {{minutes}} мин.",
    code_subject: "Ваш код подтверждения",
    reset: "Сброс пароля: {{link}} (ссылка действует {{minutes}} мин). Если вы не запрашивали сброс, просто проигнорируйте это письмо.",
    reset_subject: "Сброс пароля",
  },
  sw: {
    code: "Msimbo wako wa uthibitishaji ni {{code}}. Utaisha baada ya dakika {{minutes}}.",
    code_subject: "Msimbo wako wa uthibitishaji",
    reset: "Weka upya nenosiri lako: {{link}} (ni halali kwa dakika {{minutes}}). Kama hukuomba hili, puuza barua pepe hii.",
    reset_subject: "Weka upya nenosiri lako",
  },
  ta: {
    code: "உங்கள் சரிபார்ப்புக் குறியீடு {{code}}. இது {{minutes}} நிமிடங்களில் காலாவதியாகும்.",
    code_subject: "உங்கள் சரிபார்ப்புக் குறியீடு",
    reset: "உங்கள் கடவுச்சொல்லை மீட்டமைக்கவும்: {{link}} ({{minutes}} நிமிடங்களுக்குச் செல்லுபடியாகும்). நீங்கள் இதைக் கோரவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்.",
    reset_subject: "உங்கள் கடவுச்சொல்லை மீட்டமைக்கவும்",
  },
  te: {
    code: "మీ ధృవీకరణ కోడ్ {{code}}. ఇది {{minutes}} నిమిషాల్లో గడువు ముగుస్తుంది.",
    code_subject: "మీ ధృవీకరణ కోడ్",
    reset: "మీ పాస్‌వర్డ్‌ను రీసెట్ చేయండి: {{link}} ({{minutes}} నిమిషాల పాటు చెల్లుబాటు). మీరు దీన్ని అభ్యర్థించకపోతే, ఈ ఇ-మెయిల్‌ను పట్టించుకోకండి.",
    reset_subject: "మీ పాస్‌వర్డ్‌ను రీసెట్ చేయండి",
  },
  th: {
    code: "รหัสยืนยันของคุณคือ {{code}} หมดอายุใน {{minutes}} นาที",
    code_subject: "รหัสยืนยันของคุณ",
    reset: "รีเซ็ตรหัสผ่านของคุณ: {{link}} (ใช้ได้ {{minutes}} นาที) หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้",
    reset_subject: "รีเซ็ตรหัสผ่านของคุณ",
  },
  tr: {
    code: "Doğrulama kodunuz {{code}}. {{minutes}} dk içinde geçerliliğini yitirir.",
    code_subject: "Doğrulama kodunuz",
    reset: "Şifrenizi sıfırlayın: {{link}} ({{minutes}} dakika geçerlidir). Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.",
    reset_subject: "Şifrenizi sıfırlayın",
  },
  ty: {
    code: "Tō ʻoe tāpaʻo haʻapāpūraʻa: {{code}}. E tano noa te reira i roto i te {{minutes}} minuti.",
    code_subject: "Tō ʻoe tāpaʻo haʻapāpūraʻa",
    reset: "Faʻaʻāpī i tō ʻoe tāpaʻo huna: {{link}} (e tano noa i roto i te {{minutes}} minuti). Mai te peu ʻaita ʻoe i ani i te reira, ʻeiaha e haʻapaʻo i teie courriel.",
    reset_subject: "Faʻaʻāpī i tō ʻoe tāpaʻo huna",
  },
  uk: {
    code: "Ваш код підтвердження: {{code}}. Він дійсний {{minutes}} хв.",
    code_subject: "Ваш код підтвердження",
    reset: "Скидання пароля: {{link}} (посилання дійсне {{minutes}} хв). Якщо ви цього не запитували, просто проігноруйте цей лист.",
    reset_subject: "Скидання пароля",
  },
  ur: {
    code: "آپ کا تصدیقی کوڈ {{code}} ہے۔ یہ {{minutes}} منٹ میں ختم ہو جائے گا۔",
    code_subject: "آپ کا تصدیقی کوڈ",
    reset: "اپنا پاس ورڈ ری سیٹ کریں: {{link}} ({{minutes}} منٹ تک درست)۔ اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کریں۔",
    reset_subject: "اپنا پاس ورڈ ری سیٹ کریں",
  },
  vi: {
    code: "Mã xác minh của bạn là {{code}}. Mã hết hạn sau {{minutes}} phút.",
    code_subject: "Mã xác minh của bạn",
    reset: "Đặt lại mật khẩu: {{link}} (có hiệu lực trong {{minutes}} phút). Nếu bạn không yêu cầu, hãy bỏ qua email này.",
    reset_subject: "Đặt lại mật khẩu",
  },
  "zh-CN": {
    code: "您的验证码是 {{code}}，{{minutes}} 分钟内有效。",
    code_subject: "您的验证码",
    reset: "重置密码：{{link}}（{{minutes}} 分钟内有效）。如非本人操作，请忽略此邮件。",
    reset_subject: "重置密码",
  },
  "zh-TW": {
    code: "您的驗證碼是 {{code}}，{{minutes}} 分鐘內有效。",
    code_subject: "您的驗證碼",
    reset: "重設密碼：{{link}}（{{minutes}} 分鐘內有效）。如非本人操作，請忽略此郵件。",
    reset_subject: "重設密碼",
  },
};

/**
 * Tags that do not reduce to a language of the table by their first part: the spec's own codes
 * (CN, TW, TL, as the web stores a member's language), Chinese by script or region, and old codes.
 */
const ALIASES: Record<string, string> = { cn: "zh-CN", tw: "zh-TW", tl: "fil", in: "id" };

/** The table's language for a tag: "pt-BR" → "pt", "zh-cn" → "zh-CN", "zh-Hant-HK" → "zh-TW", "CN" → "zh-CN". */
export function messageLanguage(tag: string | null | undefined): string | null {
  const lower = (tag ?? "").trim().replace(/_/g, "-").toLowerCase();
  if (!lower) return null;
  const exact = Object.keys(MESSAGE_TEXTS).find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const [base, ...rest] = lower.split("-");
  if (base === "zh") return rest.includes("hans") ? "zh-CN" : rest.some((p) => ["hant", "tw", "hk", "mo"].includes(p)) ? "zh-TW" : "zh-CN";
  const named = ALIASES[base!] ?? base!;
  return Object.keys(MESSAGE_TEXTS).find((l) => l.toLowerCase() === named.toLowerCase()) ?? null;
}

/** The text of `kind` in the first language of the chain that has it (English last), placeholders filled. */
export function messageText(kind: MessageTextKind, languages: Array<string | null | undefined>, vars: Record<string, string | number> = {}): string {
  const lang = [...languages, "en"].map(messageLanguage).find((l): l is string => !!l && !!MESSAGE_TEXTS[l]?.[kind]) ?? "en";
  return MESSAGE_TEXTS[lang]![kind].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}

/** The language a member chose (PUT /wps/member/language keeps it in the profile), if any. */
export function storedLanguage(member: { profile?: Record<string, unknown> | null } | null | undefined): string | undefined {
  const value = member?.profile?.language;
  return typeof value === "string" && value ? value : undefined;
}
