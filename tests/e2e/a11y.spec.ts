import { seriousViolations } from "./axe";
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
      // Every rule in the light theme; the dark one changes only colours (axe.ts).
      expect(await seriousViolations(page, { coloursOnly: theme === "dark" })).toEqual([]);
    });
  }
}

test("the dark theme's colour-only check finds text the theme's background hides", async ({ page, context, baseURL }) => {
  // The guard of the check above: run with only the colour rules, axe still reports contrast.
  await context.addCookies([{ name: "theme", value: cookieValue("dark"), url: baseURL! }]);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await seriousViolations(page, { coloursOnly: true })).toEqual([]);
  await page.addStyleTag({ content: "main, main * { color: #1c2333 !important; }" });
  const found = await seriousViolations(page, { coloursOnly: true });
  expect(found.some((line) => line.startsWith("color-contrast:")), found.join("\n")).toBe(true);
});
