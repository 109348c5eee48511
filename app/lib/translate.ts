/**
 * The translator components use, on the server and in the browser alike (ADR 029): a lookup in one
 * language's flat key/value file, i18next's plural suffixes and `{{variable}}` interpolation, and
 * nothing else, because nothing else is in our locale files. It gives exactly what i18next 23 gives
 * for them with our settings (`escapeValue: false`, one namespace, the fallback language behind
 * the chosen one): `app/lib/translate.test.ts` compares the two on every key of every locale.
 * The server uses it too, for every page and the /play document (`translationFor` in
 * i18n.server.ts, which reads each language's file when first asked; ADR 031).
 */
export type Messages = Readonly<Record<string, string>>;
export type TOptions = Readonly<Record<string, unknown>> & { count?: unknown; defaultValue?: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * `Intl.PluralRules` for a tag as i18next makes it (`zh_CN` spelled `zh-CN`). A tag the runtime does
 * not know falls back to English, as the server's default locale does: the browser's own default
 * might differ, and the page must render the same on both sides.
 */
function rulesFor(tag: string): Intl.PluralRules {
  let rules = pluralRules.get(tag);
  if (!rules) {
    const cleaned = tag.replace("_", "-");
    let known = false;
    try {
      known = Intl.PluralRules.supportedLocalesOf(cleaned).length > 0;
    } catch {
      known = false;
    }
    rules = new Intl.PluralRules(known ? cleaned : "en");
    pluralRules.set(tag, rules);
  }
  return rules;
}

/** The value at a dotted path of the options (i18next's interpolation reads `{{a.b}}` so). */
function lookupVariable(options: TOptions, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(options, name)) return options[name];
  let value: unknown = options;
  for (const part of name.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const PLACEHOLDER = /\{\{(-?)(.+?)\}\}/g;

function interpolate(text: string, options: TOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, _unescaped: string, raw: string) => {
    const name = raw.trim();
    const value = lookupVariable(options, name);
    if (value === undefined) {
      // i18next leaves an unknown variable as it is, and empties one passed as undefined.
      return Object.prototype.hasOwnProperty.call(options, name) ? "" : whole;
    }
    if (value === null) return "";
    return String(value);
  });
}

/**
 * A `t` for one language: `messages` first, then `fallback` (the default language), then the
 * `defaultValue` option, then the key itself. With a numeric `count`, `key_zero` (for 0), then the
 * language's plural category (`key_one`, `key_few`, ...), then `key`.
 */
export function makeT(language: string, messages: Messages, fallback?: { language: string; messages: Messages }): TFunction {
  const sources: Array<[string, Messages]> = [[language, messages]];
  if (fallback && fallback.language !== language) sources.push([fallback.language, fallback.messages]);
  return (key, options = {}) => {
    const count = options.count;
    const plural = count !== undefined && typeof count !== "string";
    let found: string | undefined;
    for (const [tag, source] of sources) {
      // Each language's own plural categories, as i18next looks them up per language.
      const candidates = plural ? [`${key}_${rulesFor(tag).select(Number(count))}`, key] : [key];
      if (plural && count === 0) candidates.unshift(`${key}_zero`);
      for (const candidate of candidates) {
        const value = source[candidate];
        if (value !== undefined && value !== null) {
          found = value;
          break;
        }
      }
      if (found !== undefined) break;
    }
    if (found === undefined) {
      const fallbackText = options.defaultValue;
      found = typeof fallbackText === "string" ? fallbackText : key;
    }
    return interpolate(found, options);
  };
}
