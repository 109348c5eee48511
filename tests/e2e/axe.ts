import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's rules that read colours: text contrast, and links told from the text around them by
 * colour alone. The themes differ only in colours: the theme cookie changes the root element's
 * class and `color-scheme`, never the markup inside it (app/root.tsx). So a page checked with every
 * rule in one theme needs only these in the other, which spares a walk of the whole DOM by the
 * other hundred rules (issue 15: the browser suite's time).
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page's serious and critical axe violations as `id: first targets` lines (an empty list is a
 * pass). `within` limits the check to a selector; `coloursOnly` runs only COLOUR_RULES.
 */
export async function seriousViolations(page: Page, { within, coloursOnly = false }: { within?: string; coloursOnly?: boolean } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (within) builder = builder.include(within);
  if (coloursOnly) builder = builder.withRules(COLOUR_RULES);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}
