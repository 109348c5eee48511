/**
 * The slot library at the spec's scale (§1, §9: "nearly 10,000 games"): demo RNG vendors and
 * their games, generated from word lists with a seeded PRNG, so every fresh install gets the same
 * 10,000 slot items and lists, search and paging are measured at real size. Names exist in
 * English always, in Spanish for most, and in Chinese and Thai for some; the list falls back to
 * English (platform/games/service.ts, `gameName`).
 */
import { prng, type DemoGame } from "./demo-catalogue.js";

/** RNG items the full catalogue holds, the base catalogue's slots included. */
export const FULL_SLOT_COUNT = 10_000;

/** Demo slot studios; each gets a merchant_vendors row on the demo brand so it shows. */
export const BULK_RNG_VENDORS = [
  { code: "AMBR", displayName: "Amber Reels" },
  { code: "BLZE", displayName: "Blaze Studio" },
  { code: "CRWN", displayName: "Crown Slots" },
  { code: "DRGN", displayName: "Dragon Gate" },
  { code: "EMRL", displayName: "Emerald Play" },
  { code: "FLUX", displayName: "Flux Gaming" },
  { code: "GLXY", displayName: "Galaxy Reels" },
  { code: "HRZN", displayName: "Horizon Slots" },
  { code: "IRIS", displayName: "Iris Games" },
  { code: "JOKR", displayName: "Joker Works" },
  { code: "KITE", displayName: "Kite Studio" },
  { code: "LUNA", displayName: "Lunar Spin" },
  { code: "MAPL", displayName: "Maple Reels" },
  { code: "NOVA", displayName: "Nova Gaming" },
  { code: "ORBT", displayName: "Orbit Slots" },
  { code: "PRSM", displayName: "Prism Play" },
  { code: "QNTM", displayName: "Quantum Reels" },
  { code: "RUBY", displayName: "Ruby Spin" },
  { code: "SOLR", displayName: "Solar Games" },
  { code: "TITN", displayName: "Titan Slots" },
  { code: "UMBR", displayName: "Umbra Studio" },
  { code: "VOLT", displayName: "Volta Gaming" },
  { code: "WAVE", displayName: "Wave Reels" },
  { code: "XENO", displayName: "Xeno Play" },
  { code: "YETI", displayName: "Yeti Games" },
  { code: "ZEST", displayName: "Zest Slots" },
].map((v) => ({ ...v, gameType: "RNG" as const }));

/** Spanish adjectives agree with the noun: [masculine, feminine, masculine plural, feminine plural]. */
type EsForm = string | [string, string, string, string];
type Word = { en: string; es: EsForm; zh?: string; th?: string };
type Noun = { en: string; es: string; g: "m" | "f"; pl?: true; zh?: string; th?: string };

function agree(form: EsForm | undefined, noun: Noun): string | undefined {
  if (form === undefined || typeof form === "string") return form;
  return form[(noun.g === "f" ? 1 : 0) + (noun.pl ? 2 : 0)];
}

/** Themes: Spanish puts them after the noun ("Koi Dorado"). */
const THEMES: Word[] = [
  { en: "Golden", es: ["Dorado", "Dorada", "Dorados", "Doradas"], zh: "黄金", th: "ทองคำ" },
  { en: "Lucky", es: ["Afortunado", "Afortunada", "Afortunados", "Afortunadas"], zh: "幸运", th: "นำโชค" },
  { en: "Mystic", es: ["Místico", "Mística", "Místicos", "Místicas"], zh: "神秘", th: "ลึกลับ" },
  { en: "Dragon", es: "del Dragón", zh: "巨龙", th: "มังกร" },
  { en: "Royal", es: ["Real", "Real", "Reales", "Reales"], zh: "皇家", th: "ราชวงศ์" },
  { en: "Wild", es: ["Salvaje", "Salvaje", "Salvajes", "Salvajes"], zh: "狂野", th: "ป่าเถื่อน" },
  { en: "Fortune", es: "de la Fortuna", zh: "财富", th: "โชคลาภ" },
  { en: "Jade", es: "de Jade", zh: "翡翠", th: "หยก" },
  { en: "Neon", es: "de Neón", zh: "霓虹", th: "นีออน" },
  { en: "Pharaoh", es: "del Faraón", zh: "法老", th: "ฟาโรห์" },
  { en: "Ocean", es: "del Océano", zh: "海洋", th: "มหาสมุทร" },
  { en: "Tiger", es: "del Tigre", zh: "猛虎", th: "เสือ" },
  { en: "Sakura", es: "de Sakura", zh: "樱花", th: "ซากุระ" },
  { en: "Aztec", es: ["Azteca", "Azteca", "Aztecas", "Aztecas"], zh: "阿兹特克", th: "แอซเท็ก" },
  { en: "Cosmic", es: ["Cósmico", "Cósmica", "Cósmicos", "Cósmicas"], zh: "宇宙", th: "จักรวาล" },
  { en: "Crystal", es: "de Cristal", zh: "水晶", th: "คริสตัล" },
  { en: "Diamond", es: "de Diamante", zh: "钻石", th: "เพชร" },
  { en: "Fire", es: "de Fuego", zh: "火焰", th: "ไฟ" },
  { en: "Frozen", es: ["Helado", "Helada", "Helados", "Heladas"], zh: "冰封", th: "เยือกแข็ง" },
  { en: "Jungle", es: "de la Selva", zh: "丛林", th: "ป่า" },
  { en: "Magic", es: ["Mágico", "Mágica", "Mágicos", "Mágicas"], zh: "魔法", th: "เวทมนตร์" },
  { en: "Midnight", es: "de Medianoche", zh: "午夜", th: "เที่ยงคืน" },
  { en: "Panda", es: "del Panda", zh: "熊猫", th: "แพนด้า" },
  { en: "Pirate", es: ["Pirata", "Pirata", "Piratas", "Piratas"], zh: "海盗", th: "โจรสลัด" },
  { en: "Samurai", es: "del Samurái", zh: "武士", th: "ซามูไร" },
  { en: "Silver", es: "de Plata", zh: "白银", th: "เงิน" },
  { en: "Solar", es: ["Solar", "Solar", "Solares", "Solares"], zh: "太阳", th: "สุริยะ" },
  { en: "Thunder", es: "del Trueno", zh: "雷霆", th: "สายฟ้า" },
  { en: "Viking", es: ["Vikingo", "Vikinga", "Vikingos", "Vikingas"], zh: "维京", th: "ไวกิ้ง" },
  { en: "Wolf", es: "del Lobo", zh: "狼王", th: "หมาป่า" },
  { en: "Olympus", es: "del Olimpo", zh: "奥林匹斯", th: "โอลิมปัส" },
  { en: "Buffalo", es: "del Búfalo", zh: "水牛", th: "ควาย" },
  { en: "Candy", es: "de Caramelo", zh: "糖果", th: "ลูกอม" },
  { en: "Cherry", es: "de Cereza", zh: "樱桃", th: "เชอร์รี่" },
  { en: "Safari", es: "de Safari", zh: "狩猎", th: "ซาฟารี" },
  { en: "Ninja", es: "Ninja", zh: "忍者", th: "นินจา" },
  { en: "Lotus", es: "de Loto", zh: "莲花", th: "ดอกบัว" },
  { en: "Emperor", es: "del Emperador", zh: "皇帝", th: "จักรพรรดิ" },
  { en: "Sweet", es: ["Dulce", "Dulce", "Dulces", "Dulces"], zh: "甜蜜", th: "หวาน" },
  { en: "Electric", es: ["Eléctrico", "Eléctrica", "Eléctricos", "Eléctricas"], zh: "电光", th: "ไฟฟ้า" },
];

const NOUNS: Noun[] = [
  { en: "Koi", es: "Koi", g: "m", zh: "锦鲤", th: "ปลาคาร์ป" },
  { en: "Riches", es: "Riquezas", g: "f", pl: true, zh: "财宝", th: "ความมั่งคั่ง" },
  { en: "Gems", es: "Gemas", g: "f", pl: true, zh: "宝石", th: "อัญมณี" },
  { en: "Empire", es: "Imperio", g: "m", zh: "帝国", th: "อาณาจักร" },
  { en: "Fruits", es: "Frutas", g: "f", pl: true, zh: "水果", th: "ผลไม้" },
  { en: "Legends", es: "Leyendas", g: "f", pl: true, zh: "传奇", th: "ตำนาน" },
  { en: "Treasure", es: "Tesoro", g: "m", zh: "宝藏", th: "สมบัติ" },
  { en: "Phoenix", es: "Fénix", g: "m", zh: "凤凰", th: "ฟีนิกซ์" },
  { en: "Nights", es: "Noches", g: "f", pl: true, zh: "之夜", th: "ราตรี" },
  { en: "Spins", es: "Giros", g: "m", pl: true, zh: "旋转", th: "หมุน" },
  { en: "Quest", es: "Aventura", g: "f", zh: "探险", th: "ภารกิจ" },
  { en: "Bonanza", es: "Bonanza", g: "f", zh: "富矿", th: "โบนันซ่า" },
  { en: "Gold", es: "Oro", g: "m", zh: "金矿", th: "ทอง" },
  { en: "Kingdom", es: "Reino", g: "m", zh: "王国", th: "ราชอาณาจักร" },
  { en: "Temple", es: "Templo", g: "m", zh: "神殿", th: "วิหาร" },
  { en: "Stars", es: "Estrellas", g: "f", pl: true, zh: "群星", th: "ดวงดาว" },
  { en: "Wheel", es: "Rueda", g: "f", zh: "转盘", th: "วงล้อ" },
  { en: "Hunt", es: "Cacería", g: "f", zh: "狩猎", th: "การล่า" },
  { en: "Dreams", es: "Sueños", g: "m", pl: true, zh: "梦想", th: "ความฝัน" },
  { en: "Palace", es: "Palacio", g: "m", zh: "宫殿", th: "พระราชวัง" },
  { en: "Reels", es: "Rodillos", g: "m", pl: true, zh: "转轴", th: "วงล้อหมุน" },
  { en: "Coins", es: "Monedas", g: "f", pl: true, zh: "金币", th: "เหรียญ" },
  { en: "Rush", es: "Fiebre", g: "f", zh: "狂潮", th: "เร่งรีบ" },
  { en: "Garden", es: "Jardín", g: "m", zh: "花园", th: "สวน" },
  { en: "Festival", es: "Festival", g: "m", zh: "节日", th: "เทศกาล" },
  { en: "Warriors", es: "Guerreros", g: "m", pl: true, zh: "勇士", th: "นักรบ" },
  { en: "Blaze", es: "Llamarada", g: "f", zh: "烈焰", th: "เปลวเพลิง" },
  { en: "Cash", es: "Efectivo", g: "m", zh: "现金", th: "เงินสด" },
  { en: "Luck", es: "Suerte", g: "f", zh: "好运", th: "โชค" },
  { en: "Queen", es: "Reina", g: "f", zh: "女王", th: "ราชินี" },
];

/** Editions; Chinese and Thai names are only made without one. */
const EDITIONS: Array<Word | null> = [
  null,
  null,
  null,
  null,
  { en: "Deluxe", es: "Deluxe" },
  { en: "Megaways", es: "Megaways" },
  { en: "Hold & Win", es: "Gana y Sigue" },
  { en: "II", es: "II" },
  { en: "Xtreme", es: ["Extremo", "Extrema", "Extremos", "Extremas"] },
  { en: "Link", es: "Enlace" },
  { en: "Classic", es: ["Clásico", "Clásica", "Clásicos", "Clásicas"] },
  { en: "Power Play", es: "Juego Potente" },
];

/** Non-video sub-types (spec §1 and §9 game tabs): the game's kind replaces the noun. */
const KINDS: Record<string, Noun[]> = {
  JP: [
    { en: "Jackpot", es: "Jackpot", g: "m", zh: "大奖", th: "แจ็คพอต" },
    { en: "Mega Jackpot", es: "Mega Jackpot", g: "m", zh: "超级大奖", th: "เมกะแจ็คพอต" },
    { en: "Progressive", es: "Progresivo", g: "m", zh: "累积奖池", th: "สะสม" },
  ],
  SC: [
    { en: "Scratch", es: "Rasca y Gana", g: "m", zh: "刮刮乐", th: "ขูดลุ้น" },
    { en: "Scratch Card", es: "Tarjeta Rasca", g: "f", zh: "刮刮卡", th: "บัตรขูด" },
  ],
  VP: [
    { en: "Jacks or Better", es: "Jotas o Más", g: "f", pl: true, zh: "对J以上", th: "แจ็คขึ้นไป" },
    { en: "Deuces Wild", es: "Doses Comodín", g: "m", pl: true, zh: "百搭二", th: "ไพ่สองไวลด์" },
    { en: "Joker Poker", es: "Póker Comodín", g: "m", zh: "小丑扑克", th: "โจ๊กเกอร์โป๊กเกอร์" },
    { en: "Aces and Faces", es: "Ases y Figuras", g: "m", pl: true, zh: "A与人头", th: "เอซและหน้า" },
  ],
  TG: [
    { en: "Roulette", es: "Ruleta", g: "f", zh: "轮盘", th: "รูเล็ต" },
    { en: "Blackjack", es: "Blackjack", g: "m", zh: "二十一点", th: "แบล็คแจ็ค" },
    { en: "Baccarat", es: "Bacará", g: "m", zh: "百家乐", th: "บาคาร่า" },
    { en: "Sic Bo", es: "Sic Bo", g: "m", zh: "骰宝", th: "ไฮโล" },
  ],
  AC: [
    { en: "Plinko", es: "Plinko", g: "m", zh: "弹珠", th: "พลิงโก" },
    { en: "Mines", es: "Minas", g: "f", pl: true, zh: "扫雷", th: "ระเบิด" },
    { en: "Crash", es: "Choque", g: "m", zh: "飞行", th: "แครช" },
    { en: "Keno", es: "Keno", g: "m", zh: "基诺", th: "คีโน" },
    { en: "Dice", es: "Dados", g: "m", pl: true, zh: "骰子", th: "ลูกเต๋า" },
    { en: "Hi-Lo", es: "Alto-Bajo", g: "m", zh: "猜大小", th: "สูงต่ำ" },
  ],
  BG: [
    { en: "Bingo", es: "Bingo", g: "m", zh: "宾果", th: "บิงโก" },
    { en: "Bingo 75", es: "Bingo 75", g: "m", zh: "宾果75", th: "บิงโก 75" },
    { en: "Bingo 90", es: "Bingo 90", g: "m", zh: "宾果90", th: "บิงโก 90" },
  ],
};

/** Sub-type shares out of 100: the rest are video slots (no sub-type). */
const SUBTYPE_SHARE: Array<[string, number]> = [
  ["JP", 8],
  ["SC", 5],
  ["VP", 5],
  ["TG", 6],
  ["AC", 6],
  ["BG", 3],
];

const MIN_BETS = [1n, 5n, 10n, 20n, 50n, 100n, 200n, 500n];
const LINES = [1, 5, 9, 10, 15, 20, 25, 30, 40, 50, 100, 243, 1024];

const codeOf = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_|_$/g, "");

/** How many games each bulk vendor gets: deterministic shares summing to `total`. */
export function bulkShares(total: number, vendors = BULK_RNG_VENDORS.length, seed = 424242): number[] {
  const rand = prng(seed);
  const weights = Array.from({ length: vendors }, () => 0.4 + rand() * 1.2);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((w / sum) * total));
  counts[0]! += total - counts.reduce((a, b) => a + b, 0);
  return counts;
}

/**
 * The bulk slot items: `total` games over BULK_RNG_VENDORS. Each vendor's names are unique, so
 * game codes (`<vendor>_<NAME>`) are too. A few games are under maintenance, about a third can
 * be played for fun (supportPlay 0).
 */
export function bulkSlotGames(total: number): DemoGame[] {
  const rand = prng(20270101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const shares = bulkShares(total);
  const out: DemoGame[] = [];
  BULK_RNG_VENDORS.forEach((vendor, vi) => {
    const used = new Set<string>();
    let guard = 0;
    while (used.size < shares[vi]! && guard++ < shares[vi]! * 50) {
      const roll = rand() * 100;
      let acc = 0;
      let subType: string | null = null;
      for (const [type, share] of SUBTYPE_SHARE) {
        acc += share;
        if (roll < acc) {
          subType = type;
          break;
        }
      }
      const theme = pick(THEMES);
      const noun = subType ? pick(KINDS[subType]!) : pick(NOUNS);
      const edition = subType ? null : pick(EDITIONS);
      const en = [theme.en, noun.en, edition?.en].filter(Boolean).join(" ");
      if (used.has(en)) continue;
      used.add(en);
      const names: Record<string, string> = { en };
      // Spanish for most, Chinese and Thai for some (no edition word there); the rest fall back to English.
      const lang = rand();
      if (lang < 0.7) names.es = [noun.es, agree(theme.es, noun), agree(edition?.es, noun)].filter(Boolean).join(" ");
      if (!edition && lang < 0.3 && theme.zh && noun.zh) names["zh-CN"] = `${theme.zh}${noun.zh}`;
      if (!edition && lang > 0.2 && lang < 0.45 && theme.th && noun.th) names.th = `${noun.th}${theme.th}`;
      const gameCode = `${vendor.code}_${codeOf(en)}`;
      const video = subType === null || subType === "JP";
      out.push({
        vendorCode: vendor.code,
        gameType: "RNG",
        gameCode,
        isGame: "GAME",
        names,
        iconUrl: `games/${gameCode}.svg`,
        supportPlay: rand() < 0.34 ? 0 : 1,
        subType,
        minBet: pick(MIN_BETS),
        lines: video ? pick(LINES) : 1,
        hotRank: null,
        maintenance: rand() < 0.004,
        isDemo: true,
      });
    }
  });
  return out;
}
