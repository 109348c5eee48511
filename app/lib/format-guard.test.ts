import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One formatting module (issue 13 §3): dates and numbers reach the page only through
 * app/lib/format.ts, so each date kind has one style and every number the page's decimals. A
 * second formatter anywhere else in app/ (a `toLocaleString`, an `Intl.DateTimeFormat`, a
 * `toFixed` in a component) fails here with its file and line.
 */
const APP = join(__dirname, "..");
// The reader that takes a language's number style from Intl for format.ts, so the browser lays
// numbers out without Intl (ADR 041), is part of that module.
const ALLOWED = new Set(["lib/format.ts", "lib/number-style.server.ts"]);

const BYPASSES: Array<[RegExp, string]> = [
  [/\bIntl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat)\s*\(/, "a formatter built outside format.ts"],
  [/\.toLocale(Date|Time)?String\s*\(/, "toLocale*String"],
  [/\b(dateStyle|timeStyle)\s*:/, "a date style outside format.ts"],
  [/\.toFixed\s*\(/, "toFixed: dot decimals in every language"],
  [/export\s+(function|const)\s+format\w*(Date|Day|Moment|Time|Clock)\w*\b/, "a second date formatter"],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

export function bypassesIn(text: string): string[] {
  return text.split("\n").flatMap((line, i) => BYPASSES.filter(([re]) => re.test(line)).map(([, why]) => `${i + 1}: ${why}: ${line.trim()}`));
}

describe("one formatting module", () => {
  it("finds no date or number formatter in app/ outside app/lib/format.ts", () => {
    const found = sources(APP)
      .map((path) => relative(APP, path).split("\\").join("/"))
      .filter((path) => !ALLOWED.has(path))
      .flatMap((path) => bypassesIn(readFileSync(join(APP, path), "utf8")).map((hit) => `app/${path}:${hit}`));
    expect(found).toEqual([]);
  });

  it("recognises each kind of bypass (so the scan above can fail)", () => {
    expect(bypassesIn('new Intl.DateTimeFormat(locale, { hour: "2-digit" }).format(d)')).toHaveLength(1);
    expect(bypassesIn("n.toLocaleString(i18n.language)")).toHaveLength(1);
    expect(bypassesIn("d.toLocaleDateString()")).toHaveLength(1);
    expect(bypassesIn('safe(locale, { dateStyle: "short" })')).toHaveLength(1);
    expect(bypassesIn("(target / 100).toFixed(2)")).toHaveLength(1);
    expect(bypassesIn("export function formatMoment(iso: string) {")).toHaveLength(1);
    expect(bypassesIn("formatDateTime(iso, language, timeZone)")).toEqual([]);
  });
});
