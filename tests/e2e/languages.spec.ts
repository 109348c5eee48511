import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, loginNewMember, test } from "./fixtures";

/**
 * The main pages in five languages (ES, EN, AR, VI, TH): no i18n key shown instead of its text,
 * and every decimal number in the language's decimal separator (no "1.98" beside "1.234,50").
 */
const LANGS = ["es", "en", "ar", "vi", "th"] as const;
const PAGES = [
  "/",
  "/rng",
  "/house/HOUSE_DICE",
  "/member/depositv2",
  "/member/transactionHistory",
  "/lottery?gameCode=ELOTT_FAST5",
  "/verify",
];

const keys = Object.keys(JSON.parse(readFileSync(path.join(process.cwd(), "public/locales/en/common.json"), "utf8")) as Record<string, string>)
  // Keys that read as words ("balance") cannot be told from text; keys with an underscore can.
  .filter((k) => k.includes("_"));

/** A decimal written with the other separator: "1.98" where the language writes "1,98", or the reverse. */
function foreignDecimals(text: string, lang: string): string[] {
  const decimal = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === "decimal")!.value;
  const group = new Intl.NumberFormat(lang).formatToParts(12345678).find((p) => p.type === "group")?.value ?? "";
  const other = decimal === "," ? "." : ",";
  // A digit run, the other separator, one or two digits and no more: a decimal, not a thousands group.
  // Quoted numbers are data (a JSON example), not prose.
  const re = new RegExp(`(?<![\\d.,:/"-])\\d+\\${other}\\d{1,2}(?![\\d.,:/"-])`, "g");
  return [...text.matchAll(re)]
    .filter((m) => !(other === group && /^\d{1,3}\.\d{3}$/.test(m[0])))
    .map((m) => `…${text.slice(Math.max(0, m.index! - 25), m.index! + m[0].length + 10).replace(/\s+/g, " ")}…`);
}

for (const lang of LANGS) {
  test(`main pages in ${lang}: translated, one decimal separator`, async ({ page, operator, context, baseURL }) => {
    test.setTimeout(180_000);
    await loginNewMember(page, operator, { prefix: `lang${lang}`, net: `10.${90 + LANGS.indexOf(lang)}`, funds: "1234.56" });
    await context.addCookies([{ name: "lang", value: encodeURIComponent(Buffer.from(JSON.stringify(lang)).toString("base64")), url: baseURL! }]);
    const problems: string[] = [];
    for (const url of PAGES) {
      await page.goto(url);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const text = await page.locator("body").innerText();
      const shownKeys = keys.filter((k) => new RegExp(`(^|[^\\w])${k}([^\\w]|$)`).test(text));
      if (shownKeys.length) problems.push(`${url}: keys shown ${shownKeys.join(", ")}`);
      const foreign = foreignDecimals(text, lang);
      if (foreign.length) problems.push(`${url}: other decimal separator in ${[...new Set(foreign)].slice(0, 5).join(" ")}`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
}
