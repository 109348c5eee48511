import { readFileSync } from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { LANGUAGES } from "~/i18n";

/**
 * Counted words go through i18next plural keys (issue 13 §3): "1 recompensa", never "1
 * recompensas". A text that interpolates {{count}} must be a plural key, with every form its
 * language's plural rules pick (Arabic: zero, one, two, few, many, other).
 */
const root = path.resolve(__dirname, "../../public/locales");
const read = (lng: string) => JSON.parse(readFileSync(path.join(root, lng, "common.json"), "utf8")) as Record<string, string>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

export function pluralProblems(lng: string, texts: Record<string, string>): string[] {
  const problems: string[] = [];
  const bases = new Set<string>();
  // A plural key has its "_one" form; "profit_other" or "err_too_other" alone are plain keys.
  for (const key of Object.keys(texts)) if (key.endsWith("_one")) bases.add(key.slice(0, -4));
  for (const [key, text] of Object.entries(texts)) {
    const plural = PLURAL.test(key) && bases.has(key.replace(PLURAL, ""));
    if (!plural && text.includes("{{count}}")) problems.push(`${lng}:${key} counts without plural forms`);
  }
  const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  for (const base of bases) {
    for (const form of needed) if (!(`${base}_${form}` in texts)) problems.push(`${lng}:${base}_${form} missing`);
  }
  return problems;
}

/**
 * Most counts show a formatted number as {{n}} while `count` only picks the form, so "{{count}}"
 * alone misses them ("1 free spins"). English marks the plural on the noun: a plain key whose
 * English text puts {{n}} before a word ending in "s" ("{{n}} images", "{{n}} free spins") counts
 * without plural forms. Labels ("Table {{n}}", "Image {{n}} is…") do not match.
 */
const N_BEFORE_PLURAL = /\{\{n\}\}\)?\s+(?!(?:is|as|has|was|this|plus)\b)(?:[a-z]+\s+)?[a-z]+s\b/i;
// Known and not yet converted: live counts (filter_min_lines, lott_limits, lott_numbers_hint) and
// two keys no page reads any more (games_found, hb_seed_revealed: replaced by ui_games_found, ui_seed_revealed).
const NOT_YET_PLURAL = new Set(["filter_min_lines", "lott_limits", "lott_numbers_hint", "games_found", "hb_seed_revealed"]);

export function uncountedNumbers(texts: Record<string, string>): string[] {
  const bases = new Set(Object.keys(texts).filter((k) => k.endsWith("_one")).map((k) => k.slice(0, -4)));
  return Object.entries(texts)
    .filter(([key, text]) => !(PLURAL.test(key) && bases.has(key.replace(PLURAL, ""))) && N_BEFORE_PLURAL.test(text))
    .map(([key]) => key);
}

describe("plural keys", () => {
  it("every English {{n}} count of a plural noun is a plural key", () => {
    expect(uncountedNumbers(read("en")).filter((k) => !NOT_YET_PLURAL.has(k))).toEqual([]);
  });

  it("catches a {{n}} count without plural forms, and leaves labels alone (so the check above can fail)", () => {
    expect(uncountedNumbers({ hb_free_spins_awarded: "{{n}} free spins", x: "A draw every {{n}} minutes", y: "Seed ({{n}} rounds)" })).toEqual(["hb_free_spins_awarded", "x", "y"]);
    expect(uncountedNumbers({ pvp_table_n: "Table {{n}}", img: "Image {{n}} is larger than 5 MB.", reds_one: "{{n}} red", reds_other: "{{n}} reds" })).toEqual([]);
  });

  it.each(LANGUAGES.map((l) => l.tag))("%s: every {{count}} text is a plural key with its language's forms", (lng) => {
    expect(pluralProblems(lng, read(lng))).toEqual([]);
  });

  it("catches a counted text without plural forms, and a missing form (so the check above can fail)", () => {
    expect(pluralProblems("en", { badge_rewards: "{{count}} rewards to claim" })).toEqual(["en:badge_rewards counts without plural forms"]);
    expect(pluralProblems("ar", { x_one: "{{count}}", x_other: "{{count}}" }).sort()).toEqual(["ar:x_few missing", "ar:x_many missing", "ar:x_two missing", "ar:x_zero missing"]);
  });

  it.each([
    ["en", "badge_rewards", "1 reward to claim", "2 rewards to claim"],
    ["en", "badge_missions", "1 mission to claim", "2 missions to claim"],
    ["en", "hb_scatter_win", "1 scatter", "2 scatters"],
    ["es", "badge_rewards", "1 recompensa por reclamar", "2 recompensas por reclamar"],
    ["es", "badge_missions", "1 misión por reclamar", "2 misiones por reclamar"],
    ["es", "hb_scatter_win", "1 símbolo scatter", "2 símbolos scatter"],
  ])("%s %s: 1 → %s, 2 → %s", async (lng, key, one, two) => {
    const i18n = createInstance();
    await i18n.init({ lng, resources: { [lng]: { common: read(lng) } }, defaultNS: "common", interpolation: { escapeValue: false } });
    expect(i18n.t(key, { count: 1 })).toBe(one);
    expect(i18n.t(key, { count: 2 })).toBe(two);
  });

  // The number is shown through the formatting module as {{n}}; `count` picks the form.
  it.each([
    ["en", "hb_free_spins_awarded", [[1, "1 free spin"], [10, "10 free spins"]]],
    ["en", "lott_every_minutes", [[1, "A draw every 1 minute"], [5, "A draw every 5 minutes"]]],
    ["en", "fb_err_images_count", [[1, "You can send at most 1 image."], [3, "You can send at most 3 images."]]],
    ["en", "hb_reds_n", [[0, "0 red"], [1, "1 red"], [4, "4 red"]]],
    ["es", "hb_reds_n", [[1, "1 roja"], [3, "3 rojas"]]],
    ["ru", "hb_free_spins_awarded", [[1, "1 бесплатный спин"], [3, "3 бесплатных спина"], [5, "5 бесплатных спинов"], [21, "21 бесплатный спин"]]],
    ["ru", "lott_every_minutes", [[1, "Тираж каждую 1 минуту"], [2, "Тираж каждые 2 минуты"], [5, "Тираж каждые 5 минут"]]],
    ["pl", "fb_err_images_count", [[1, "Możesz wysłać najwyżej 1 obraz."], [3, "Możesz wysłać najwyżej 3 obrazy."], [5, "Możesz wysłać najwyżej 5 obrazów."]]],
    ["uk", "hb_reds_n", [[1, "1 червона"], [3, "3 червоні"], [0, "0 червоних"]]],
    ["ar", "lott_every_minutes", [[1, "سحب كل دقيقة (1)"], [2, "سحب كل دقيقتين (2)"], [5, "سحب كل 5 دقائق"], [15, "سحب كل 15 دقيقة"]]],
  ] as const)("%s %s: {{n}} texts take their plural form from count", async (lng, key, cases) => {
    const i18n = createInstance();
    await i18n.init({ lng, resources: { [lng]: { common: read(lng) } }, defaultNS: "common", interpolation: { escapeValue: false } });
    for (const [count, text] of cases) expect(i18n.t(key, { count, n: String(count) })).toBe(text);
  });

  it("Arabic picks the dual and the few form", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: "ar", resources: { ar: { common: read("ar") } }, defaultNS: "common" });
    expect(i18n.t("badge_rewards", { count: 2 })).toBe("مكافأتان للمطالبة (2)");
    expect(i18n.t("badge_rewards", { count: 5 })).toBe("5 مكافآت للمطالبة");
    expect(i18n.t("badge_rewards", { count: 11 })).toBe("11 مكافأة للمطالبة");
  });
});
