import { createInstance, type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { fallbackLanguage, i18nConfig, supportedLanguages } from "~/i18n";
import { messagesFor } from "~/services/i18n.server";
import { makeT, type Messages } from "./translate";

/**
 * ADR 029: components translate with `makeT` on both sides, where i18next translated before (and
 * still could, e.g. in a loader): the two must agree on every text we have, or a page would say
 * one thing in its HTML and another in a message made elsewhere.
 */
const bundle = (lng: string): Messages => messagesFor(lng);
/** Every language file as i18next's resources. */
const resources = Object.fromEntries(supportedLanguages.map((lng) => [lng, { common: messagesFor(lng) }]));

/** Values for every `{{variable}}` in a text: strings with the characters a replacement could misread. */
function variablesOf(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [, name] of text.matchAll(/\{\{-?\s*([^}]+?)\s*\}\}/g)) out[name!] = `«${name}» $& $1 {{x}}`;
  return out;
}

const COUNTS = [0, 1, 2, 3, 4, 5, 7, 11, 21, 22, 25, 100, 101, 1.5];

describe("makeT gives what i18next gives", () => {
  const instances = new Map<string, I18n>();
  beforeAll(async () => {
    for (const lng of supportedLanguages) {
      const instance = createInstance();
      await instance.init({ ...i18nConfig, lng, resources });
      instances.set(lng, instance);
    }
  });

  it.each(supportedLanguages)("%s: every key, with its variables, and every plural at many counts", (lng) => {
    const i18n = instances.get(lng)!;
    const t = makeT(lng, bundle(lng), { language: fallbackLanguage, messages: bundle(fallbackLanguage) });
    const keys = new Set(Object.keys(bundle(lng)).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")));
    // Differences are gathered and compared once: an `expect` per text took four fifths of the time (33 s, now 7).
    const differences: string[] = [];
    const same = (label: string, options?: Record<string, unknown>) => {
      const ours = t(label.split(" ")[0]!, options);
      const theirs = String(i18n.t(label.split(" ")[0]!, options as never));
      if (ours !== theirs) differences.push(`${label}: ${JSON.stringify(ours)}, i18next ${JSON.stringify(theirs)}`);
    };
    let checked = 0;
    for (const key of keys) {
      const text = bundle(lng)[key] ?? bundle(lng)[`${key}_other`] ?? "";
      const vars = variablesOf(`${text} ${bundle(lng)[`${key}_one`] ?? ""} ${bundle(lng)[`${key}_zero`] ?? ""}`);
      same(key);
      same(`${key} with variables`, vars);
      for (const count of COUNTS) same(`${key} count ${count}`, { ...vars, count });
      checked++;
    }
    expect(differences).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it("agrees on what is not there: an unknown key, a default value, an unknown or undefined variable", () => {
    const i18n = instances.get("en")!;
    const t = makeT("en", bundle("en"), { language: fallbackLanguage, messages: bundle(fallbackLanguage) });
    for (const [key, options] of [
      ["no_such_key", undefined],
      ["no_such_key", { defaultValue: "" }],
      ["no_such_key", { defaultValue: "Hello {{name}}", name: "Ana" }],
      ["no_such_key", { count: 2 }],
    ] as const) {
      expect(t(key, options)).toBe(i18n.t(key, options as never));
    }
    const withVariable = Object.keys(bundle("en")).find((k) => /\{\{\s*\w+\s*\}\}/.test(bundle("en")[k]!))!;
    expect(t(withVariable)).toBe(i18n.t(withVariable));
    const name = /\{\{\s*(\w+)\s*\}\}/.exec(bundle("en")[withVariable]!)![1]!;
    expect(t(withVariable, { [name]: undefined })).toBe(i18n.t(withVariable, { [name]: undefined }));
    expect(t(withVariable, { [name]: null })).toBe(i18n.t(withVariable, { [name]: null }));
    expect(t(withVariable, { [name]: 12.5 })).toBe(i18n.t(withVariable, { [name]: 12.5 }));
  });

  it("falls back to the default language's text, with that language's plurals, for a key the language lacks", async () => {
    const partial: Messages = { only_here: "here" };
    const instance = createInstance();
    await instance.init({ ...i18nConfig, lng: "ar", resources: { ar: { common: partial }, es: { common: bundle("es") } } });
    const t = makeT("ar", partial, { language: "es", messages: bundle("es") });
    const plural = Object.keys(bundle("es")).find((k) => k.endsWith("_one"))!.replace(/_one$/, "");
    for (const key of ["only_here", plural, "login"]) {
      for (const count of [undefined, 0, 1, 2, 11]) {
        const options = count === undefined ? {} : { count, ...variablesOf(bundle("es")[`${key}_other`] ?? "") };
        expect(t(key, options), `${key} ${count}`).toBe(instance.t(key, options));
      }
    }
  });
});
