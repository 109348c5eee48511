import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES } from "~/i18n";

const root = path.resolve(__dirname, "../../public/locales");
const read = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(root, lng, `${ns}.json`), "utf8")) as Record<string, string>;

describe("locales", () => {
  const tags = LANGUAGES.map((l) => l.tag);
  const namespaces = readdirSync(path.join(root, "en")).map((f) => f.replace(/\.json$/, ""));

  it("has a folder for every language and no other", () => {
    expect(readdirSync(root).sort()).toEqual([...tags].sort());
  });

  it.each(tags.flatMap((lng) => namespaces.map((ns) => [lng, ns])))("%s/%s has exactly the English keys", (lng, ns) => {
    expect(Object.keys(read(lng!, ns!)).sort()).toEqual(Object.keys(read("en", ns!)).sort());
  });

  it.each(tags.filter((t) => t !== "en").flatMap((lng) => namespaces.map((ns) => [lng, ns])))(
    "%s/%s is translated, not English copied",
    (lng, ns) => {
      const en = read("en", ns!);
      const other = read(lng!, ns!);
      // Brand names and loanwords ("Android", "Jackpot") may match; a copied file would not.
      const same = Object.keys(en).filter((k) => en[k] === other[k] && /[a-z]{3}/i.test(en[k]!.replace(/\{\{\w+\}\}/g, "")));
      expect(same.length, same.join(", ")).toBeLessThanOrEqual(Math.ceil(Object.keys(en).length * 0.1));
    },
  );

  it.each(tags.flatMap((lng) => namespaces.map((ns) => [lng, ns])))("%s/%s keeps every placeholder", (lng, ns) => {
    const en = read("en", ns!);
    const other = read(lng!, ns!);
    for (const [key, text] of Object.entries(en)) {
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(other[key] ?? ""), `${lng}:${key}`).toEqual(placeholders(text));
    }
  });
});
