import AxeBuilder from "@axe-core/playwright";
import { cookieValue, expect, test } from "./fixtures";

for (const theme of ["light", "dark"] as const) {
  for (const path of ["/", "/login", "/hot", "/promotions", "/rng", "/pvp"]) {
    test(`${path} has no serious accessibility violation in the ${theme} theme`, async ({ page, context, baseURL }) => {
      // axe walks the whole DOM (the phone drawer repeats the navigation): on 2 shared cores the
      // home page alone takes 20-40 s, two workers at once.
      test.setTimeout(180_000);
      await context.addCookies([{ name: "theme", value: cookieValue(theme), url: baseURL! }]);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
    });
  }
}
