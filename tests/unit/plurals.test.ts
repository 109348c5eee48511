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

describe("plural keys", () => {
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

  it("Arabic picks the dual and the few form", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: "ar", resources: { ar: { common: read("ar") } }, defaultNS: "common" });
    expect(i18n.t("badge_rewards", { count: 2 })).toBe("مكافأتان للمطالبة (2)");
    expect(i18n.t("badge_rewards", { count: 5 })).toBe("5 مكافآت للمطالبة");
    expect(i18n.t("badge_rewards", { count: 11 })).toBe("11 مكافأة للمطالبة");
  });
});
