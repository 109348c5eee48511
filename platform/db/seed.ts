import { count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./client.js";
import {
  banners,
  customerService,
  featureModules,
  merchantDomains,
  merchants,
  notices,
  registerFieldRules,
  resources,
  siteStatus,
} from "../system/schema.js";
import { gameCategories, games, merchantVendors, vendors, winners } from "../games/schema.js";
import { demoGames, demoWins, type DemoGame } from "../games/demo-catalogue.js";
import { BULK_RNG_VENDORS, bulkSlotGames, FULL_SLOT_COUNT } from "../games/demo-slots.js";
import { paymentChannels } from "../payments/schema.js";
import { randomBytes } from "node:crypto";
import { seedDemoPromotions } from "../promotions/seed.js";
import { seedDemoPoints } from "../points/seed.js";
import { seedDemoRebate } from "../rebate/seed.js";
import { seedDemoMissions } from "../missions/seed.js";
import { forgetSiteStatus } from "../system/service.js";

export const DEMO_MERCHANT = "DEMO";

/**
 * A demo text in English and Spanish, and in the other languages the phone pages are checked in
 * (Arabic, Vietnamese, Thai) where given, so those readers meet the fallback chain (language,
 * site default, English) only where it is real.
 */
const tr = (en: string, es: string, more: { ar?: string; vi?: string; th?: string } = {}) => ({ en, es, ...more });

/** Demo vendors; `isDemo` marks them so an operator can tell them from real integrations. */
const DEMO_VENDORS = [
  { code: "HOUSE", displayName: "House Games", gameType: "LIVE" },
  { code: "AURL", displayName: "Aurora Live", gameType: "LIVE" },
  { code: "VIVO", displayName: "Vivo Studio", gameType: "LIVE" },
  { code: "HSLOT", displayName: "House Slots", gameType: "RNG" },
  { code: "LUCKY", displayName: "Lucky Reels", gameType: "RNG" },
  { code: "GOLDS", displayName: "Golden Spin", gameType: "RNG" },
  { code: "NEONP", displayName: "Neon Play", gameType: "RNG" },
  { code: "OCEAN", displayName: "Ocean King", gameType: "FISH" },
  { code: "REEFH", displayName: "Reef Hunter", gameType: "FISH" },
  { code: "BTI", displayName: "BTI Sports", gameType: "SPORTS" },
  { code: "SABA", displayName: "Saba Sports", gameType: "SPORTS" },
  { code: "FB", displayName: "Football", gameType: "SPORTS" },
  { code: "ESPX", displayName: "eSports Arena", gameType: "SPORTS" },
  { code: "CKF", displayName: "Cockfight Pit", gameType: "SPORTS" },
  { code: "TABLEM", displayName: "Table Masters", gameType: "PVP" },
  { code: "TCG_LOTTO_VN", displayName: "VN Lottery", gameType: "LOTT" },
  { code: "LOTT", displayName: "Lottery", gameType: "LOTT" },
  { code: "TCG_SEA", displayName: "SEA Lottery", gameType: "ELOTT" },
  { code: "ELOTT", displayName: "E-Lottery", gameType: "ELOTT" },
];

const CATEGORIES: Array<{ gameCategory: string; label: Record<string, string> }> = [
  { gameCategory: "LIVE", label: tr("Live casino", "Casino en vivo", { ar: "كازينو مباشر", vi: "Sòng bài trực tiếp", th: "คาสิโนสด" }) },
  { gameCategory: "RNG", label: tr("Slots", "Tragamonedas", { ar: "ماكينات السلوت", vi: "Máy quay hũ", th: "สล็อต" }) },
  { gameCategory: "SPORTS", label: tr("Sports", "Deportes", { ar: "رياضة", vi: "Thể thao", th: "กีฬา" }) },
  { gameCategory: "FISH", label: tr("Fishing", "Pesca", { ar: "صيد السمك", vi: "Bắn cá", th: "ยิงปลา" }) },
  { gameCategory: "PVP", label: tr("Cards", "Cartas", { ar: "ألعاب الورق", vi: "Đánh bài", th: "ไพ่" }) },
  { gameCategory: "LOTT", label: tr("Lottery", "Lotería", { ar: "اليانصيب", vi: "Xổ số", th: "ลอตเตอรี่" }) },
  { gameCategory: "ELOTT", label: {} },
];

const FEATURE_MODULES: Array<[string, boolean]> = [
  ["USERNAMEREG3", true],
  ["MOBILEVERCODELOGIN3", true],
  ["DIRECTREG3", true],
  ["MOBILENUMREG3", true],
  ["REGMOBVERF3", true],
  ["MOBILENUMPASSREG3", false],
  ["FREEPLAY3", true],
  ["PWDEXPFORCECHANGE3", true],
];

const FIELD_RULES = [
  { field: "username", patternId: "LETTER_FIRST_ALNUM", acceptedPattern: "^[A-Za-z][A-Za-z0-9]*$", minLength: 6, maxLength: 16, required: true },
  // OWASP ASVS 2.1 (issue 14): 8-64 of any printable characters, spaces included; common passwords refused.
  { field: "password", patternId: "ANY", acceptedPattern: "*", minLength: 8, maxLength: 64, required: true },
  { field: "mobileNum", patternId: "DIGITS", acceptedPattern: "^\\d+$", minLength: 8, maxLength: 15, required: false },
  { field: "email", patternId: "EMAIL", acceptedPattern: "*", minLength: 5, maxLength: 64, required: false },
  { field: "payeeName", patternId: "FULL_NAME", acceptedPattern: "*", minLength: 3, maxLength: 40, required: false },
  { field: "paymentPassword", patternId: "DIGITS", acceptedPattern: "^\\d+$", minLength: 6, maxLength: 6, required: false },
  { field: "affiliateCode", patternId: "ALNUM", acceptedPattern: "^[A-Za-z0-9]+$", minLength: 4, maxLength: 20, required: false },
  { field: "birthday", patternId: "DATE", acceptedPattern: "*", minLength: 10, maxLength: 10, required: false },
  { field: "qqNum", patternId: "DIGITS", acceptedPattern: "^\\d+$", minLength: 5, maxLength: 12, required: false, enabled: false },
  { field: "line", patternId: "NO_SPACES", acceptedPattern: "*", minLength: 3, maxLength: 30, required: false, enabled: false },
  { field: "whatsapp", patternId: "DIGITS", acceptedPattern: "^\\d+$", minLength: 8, maxLength: 15, required: false, enabled: false },
  { field: "captcha", patternId: "ALNUM", acceptedPattern: "*", minLength: 4, maxLength: 4, required: false, enabled: false },
];

export interface SeedOptions {
  /**
   * "full" (the default: app start, `npm run seed`, e2e) adds the 10,000-item slot library of
   * platform/games/demo-slots.ts; "small" keeps to the base catalogue, for test databases that
   * do not need the scale.
   */
  catalogue?: "full" | "small";
}

/** Rows per INSERT when writing the slot library: one statement per batch keeps PGlite fast. */
const GAME_BATCH = 1000;

/**
 * Writes the demo operator configuration. Safe to run again: rows that exist are kept, so an
 * operator's later changes survive a re-seed.
 */
export async function seedDemo(db: Database, { catalogue = "full" }: SeedOptions = {}): Promise<{ created: boolean }> {
  const seeded = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(merchants)
      .values({
        code: DEMO_MERCHANT,
        name: "Demo Casino",
        currency: "USD",
        isSingleWallet: true,
        defaultLanguage: "es",
        lotteryType: "VN",
        isDemo: true,
        settings: {
          mainDomain: "localhost",
          imageCDNs: ["/images"],
          launchGameCDNs: ["/play"],
          esportsVendors: ["ESPX"],
          cockfightVendors: ["CKF"],
          footballVendors: ["FB"],
          timeZone: "UTC",
          appDownloadUrl: "/down",
        },
      })
      .onConflictDoNothing()
      .returning({ code: merchants.code });
    const created = inserted.length > 0;

    await tx
      .insert(merchantDomains)
      .values(["localhost", "127.0.0.1", "[::1]"].map((domain) => ({ domain, merchantCode: DEMO_MERCHANT })))
      .onConflictDoNothing();
    await tx
      .insert(siteStatus)
      .values({
        merchantCode: DEMO_MERCHANT,
        maintenanceTitle: tr("Scheduled maintenance", "Mantenimiento programado", { ar: "صيانة مجدولة", vi: "Bảo trì theo lịch", th: "ปิดปรับปรุงตามกำหนด" }),
        maintenanceInfo: tr(
          "We are upgrading the site. Please come back soon.",
          "Estamos mejorando el sitio. Vuelve pronto.",
          { ar: "نقوم بتحديث الموقع. يرجى العودة قريباً.", vi: "Chúng tôi đang nâng cấp trang. Vui lòng quay lại sau.", th: "เรากำลังปรับปรุงเว็บไซต์ โปรดกลับมาใหม่เร็ว ๆ นี้" },
        ),
      })
      .onConflictDoNothing();

    await tx
      .insert(vendors)
      .values(DEMO_VENDORS.map((v) => ({ ...v, isDemo: true })))
      .onConflictDoNothing();
    await tx
      .insert(merchantVendors)
      .values(DEMO_VENDORS.map((v, i) => ({ merchantCode: DEMO_MERCHANT, vendorCode: v.code, sort: i })))
      .onConflictDoNothing();
    await tx
      .insert(gameCategories)
      .values(CATEGORIES.map((c, i) => ({ merchantCode: DEMO_MERCHANT, ...c, sort: i })))
      .onConflictDoNothing();

    await tx
      .insert(featureModules)
      .values(FEATURE_MODULES.map(([moduleId, enabled], i) => ({ merchantCode: DEMO_MERCHANT, moduleId, enabled, sort: i })))
      .onConflictDoNothing();
    await tx
      .insert(registerFieldRules)
      .values(FIELD_RULES.map((r) => ({ merchantCode: DEMO_MERCHANT, enabled: true, ...r })))
      .onConflictDoNothing();

    const base = demoGames(DEMO_VENDORS);
    await tx.insert(games).values(base).onConflictDoNothing();
    if (catalogue === "full") {
      const bulkVendors = BULK_RNG_VENDORS.map((v) => ({ ...v, isDemo: true }));
      await tx.insert(vendors).values(bulkVendors).onConflictDoNothing();
      await tx
        .insert(merchantVendors)
        .values(bulkVendors.map((v, i) => ({ merchantCode: DEMO_MERCHANT, vendorCode: v.code, sort: DEMO_VENDORS.length + i })))
        .onConflictDoNothing();
      const slots = bulkSlotGames(FULL_SLOT_COUNT - base.filter((g) => g.gameType === "RNG").length);
      for (let i = 0; i < slots.length; i += GAME_BATCH) await insertGamesFast(tx, slots.slice(i, i + GAME_BATCH));
      // Fresh statistics, so PostgreSQL plans the catalogue's queries for its real size.
      await tx.execute(sql`analyze games`);
    }
    const [wins] = await tx.select({ n: count() }).from(winners).where(eq(winners.merchantCode, DEMO_MERCHANT));
    if ((wins?.n ?? 0) === 0) {
      const ids = await tx
        .select({ nodeId: games.nodeId })
        .from(games)
        .where(inArray(games.gameType, ["RNG", "LIVE", "FISH"]));
      const rows = demoWins(ids.map((r) => r.nodeId));
      await tx.insert(winners).values(rows.map((r) => ({ ...r, merchantCode: DEMO_MERCHANT, currency: "USD", isDemo: true })));
    }

    if (created) {
      // Rows without a natural key are written once, with the merchant.
      await tx.insert(resources).values([
        { merchantCode: DEMO_MERCHANT, resourceType: "LOGOLINK", labelNameEn: "Blog", name: "Blog", url: "https://blog.example.com", openInNewTab: true },
      ]);
      await tx.insert(customerService).values([
        { merchantCode: DEMO_MERCHANT, csType: "LIVECHAT", title: "Live chat", url: "https://chat.example.com/demo", sort: 0 },
        { merchantCode: DEMO_MERCHANT, csType: "TELEGRAM", title: "Telegram", url: "https://t.me/example_demo", sort: 1 },
        { merchantCode: DEMO_MERCHANT, csType: "WHATSAPP", title: "WhatsApp", url: "https://wa.me/10000000000", sort: 2 },
        { merchantCode: DEMO_MERCHANT, csType: "LANDING", title: "Landing", url: "https://www.example.com", sort: 3 },
        { merchantCode: DEMO_MERCHANT, csType: "YOUTUBE", title: "YouTube", url: "https://www.youtube.com/@example", sort: 4 },
        { merchantCode: DEMO_MERCHANT, csType: "FACEBOOK", title: "Facebook", url: "https://www.facebook.com/example", sort: 5 },
      ]);
      const bannerGroups = { w_home: 3, w_login: 1, w_register: 1, w_forget: 1 } as const;
      await tx.insert(banners).values(
        Object.entries(bannerGroups).flatMap(([groupName, n]) =>
          Array.from({ length: n }, (_, i) => ({
            merchantCode: DEMO_MERCHANT,
            groupName,
            url: `/images/banners/${groupName}-${i + 1}.svg`,
            linkageType: groupName === "w_home" && i === 0 ? "PROMO" : "NONE",
            link: groupName === "w_home" && i === 0 ? "/promotions" : null,
            // The demo banners speak the five languages the phone pages are checked in, so a
            // reader sees the fallback chain (language, site default) only where it is real.
            title: {
              ...tr(`Welcome bonus ${i + 1}`, `Bono de bienvenida ${i + 1}`),
              ar: `مكافأة الترحيب ${i + 1}`,
              vi: `Thưởng chào mừng ${i + 1}`,
              th: `โบนัสต้อนรับ ${i + 1}`,
            },
            sort: i,
          })),
        ),
      );
      // Demo money channels (USD cents): a bank transfer the operator confirms, the sandbox
      // gateway whose payer page pays or fails, and bank payouts.
      await tx.insert(paymentChannels).values([
        { merchantCode: DEMO_MERCHANT, direction: "DEPOSIT", code: "BANK", type: "BANK", name: "Bank transfer", minAmount: 1_000n, maxAmount: 5_000_000n, sort: 0, config: { bankName: "Demo Bank", accountName: "Demo Gaming Ltd", accountNumber: "001234567890" } },
        { merchantCode: DEMO_MERCHANT, direction: "DEPOSIT", code: "SANDBOX", type: "GATEWAY", name: "Online payment (sandbox)", minAmount: 100n, maxAmount: 1_000_000n, sort: 1, config: { provider: "sandbox", secret: randomBytes(32).toString("hex") } },
        { merchantCode: DEMO_MERCHANT, direction: "WITHDRAW", code: "BANK", type: "BANK", name: "Bank payout", minAmount: 5_000n, maxAmount: 2_000_000n, sort: 0, config: {} },
      ]);
      await tx.insert(notices).values([
        ...Array.from({ length: 12 }, (_, i) => ({
          merchantCode: DEMO_MERCHANT,
          type: "PL",
          execution: "B",
          title: tr(`Notice ${i + 1}: new games every week`, `Aviso ${i + 1}: juegos nuevos cada semana`, { ar: `إشعار ${i + 1}: ألعاب جديدة كل أسبوع`, vi: `Thông báo ${i + 1}: trò chơi mới mỗi tuần`, th: `ประกาศ ${i + 1}: เกมใหม่ทุกสัปดาห์` }),
          content: tr(`<p>Notice ${i + 1}. Enjoy the new games.</p>`, `<p>Aviso ${i + 1}. Disfruta los juegos nuevos.</p>`, { ar: `<p>إشعار ${i + 1}. استمتع بالألعاب الجديدة.</p>`, vi: `<p>Thông báo ${i + 1}. Chúc bạn vui với các trò chơi mới.</p>`, th: `<p>ประกาศ ${i + 1} สนุกกับเกมใหม่</p>` }),
          sort: i,
        })),
        { merchantCode: DEMO_MERCHANT, type: "PR", execution: "B", promotionType: "newbie", title: tr("Newbie bonus: 100% on your first deposit", "Bono de novato: 100% en tu primer depósito", { ar: "مكافأة المبتدئين: 100% على إيداعك الأول", vi: "Thưởng người mới: 100% cho lần nạp đầu tiên", th: "โบนัสสมาชิกใหม่: 100% สำหรับการฝากครั้งแรก" }), content: tr("<p>Deposit today and we double it.</p>", "<p>Deposita hoy y lo duplicamos.</p>", { ar: "<p>أودع اليوم ونضاعف إيداعك.</p>", vi: "<p>Nạp tiền hôm nay, chúng tôi nhân đôi.</p>", th: "<p>ฝากวันนี้ เราเพิ่มให้อีกเท่าตัว</p>" }) },
        { merchantCode: DEMO_MERCHANT, type: "PU", execution: "B", title: tr("Welcome!", "¡Bienvenido!", { ar: "أهلاً بك!", vi: "Chào mừng bạn!", th: "ยินดีต้อนรับ!" }), content: tr("<p>Register today for a welcome bonus.</p>", "<p>Regístrate hoy y recibe un bono de bienvenida.</p>", { ar: "<p>سجّل اليوم واحصل على مكافأة ترحيب.</p>", vi: "<p>Đăng ký hôm nay để nhận thưởng chào mừng.</p>", th: "<p>สมัครวันนี้ รับโบนัสต้อนรับ</p>" }) },
        { merchantCode: DEMO_MERCHANT, type: "PU", execution: "A", title: tr("Thanks for playing", "Gracias por jugar", { ar: "شكراً لأنك تلعب معنا", vi: "Cảm ơn bạn đã chơi", th: "ขอบคุณที่ร่วมเล่น" }), content: tr("<p>Check the rewards centre.</p>", "<p>Revisa el centro de recompensas.</p>", { ar: "<p>تفقّد مركز المكافآت.</p>", vi: "<p>Hãy xem trung tâm phần thưởng.</p>", th: "<p>ดูศูนย์รางวัลของคุณ</p>" }) },
        { merchantCode: DEMO_MERCHANT, type: "PU", execution: "F", title: tr("Your first login", "Tu primer inicio de sesión", { ar: "تسجيل دخولك الأول", vi: "Lần đăng nhập đầu tiên", th: "การเข้าสู่ระบบครั้งแรก" }), content: tr("<p>Complete your profile in the security centre.</p>", "<p>Completa tu perfil en el centro de seguridad.</p>", { ar: "<p>أكمل ملفك الشخصي في مركز الأمان.</p>", vi: "<p>Hoàn thiện hồ sơ trong trung tâm bảo mật.</p>", th: "<p>กรอกโปรไฟล์ให้ครบในศูนย์ความปลอดภัย</p>" }) },
      ]);
    }
    await seedDemoPromotions(tx, DEMO_MERCHANT);
    await seedDemoPoints(tx, DEMO_MERCHANT);
    await seedDemoRebate(tx, DEMO_MERCHANT);
    await seedDemoMissions(tx, DEMO_MERCHANT);
    return { created };
  });
  forgetSiteStatus(db);
  return seeded;
}

/**
 * Many game rows in one statement with one parameter: the rows travel as one JSON array and
 * PostgreSQL expands it (jsonb_to_recordset). Thousands of bound parameters per INSERT are what
 * makes a plain multi-row insert slow on PGlite.
 */
async function insertGamesFast(tx: Pick<Database, "execute">, rows: DemoGame[]) {
  const json = JSON.stringify(
    rows.map((g) => ({
      vendor_code: g.vendorCode,
      game_type: g.gameType,
      game_code: g.gameCode,
      is_game: g.isGame,
      names: g.names,
      icon_url: g.iconUrl,
      support_play: g.supportPlay,
      sub_type: g.subType,
      min_bet: g.minBet.toString(),
      lines: g.lines,
      hot_rank: g.hotRank,
      maintenance: g.maintenance ?? false,
      is_demo: g.isDemo,
    })),
  );
  await tx.execute(sql`
    insert into games (vendor_code, game_type, game_code, is_game, names, icon_url, support_play, sub_type, min_bet, lines, hot_rank, maintenance, is_demo)
    select vendor_code, game_type, game_code, is_game, names, icon_url, support_play, sub_type, min_bet, lines, hot_rank, maintenance, is_demo
    from jsonb_to_recordset(${json}::jsonb) as x(
      vendor_code text, game_type text, game_code text, is_game text, names jsonb, icon_url text, support_play integer,
      sub_type text, min_bet bigint, lines integer, hot_rank integer, maintenance boolean, is_demo boolean)
    on conflict do nothing`);
}

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(merchants);
  return (row?.n ?? 0) === 0;
}
