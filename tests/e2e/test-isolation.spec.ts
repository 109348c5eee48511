import { cookieValue, expect, test } from "./fixtures";

// ADR 034: the tests of a worker share one page, reset between them. The second test here runs
// right after the first on the same page and finds nothing the first one left.
test.describe.configure({ mode: "serial" });

test("a test leaves a language cookie behind", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "lang", value: cookieValue("ar"), url: baseURL! }]);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
});

test("the next test gets the same tab without it", async ({ page, context }) => {
  // The same tab (its history is the one thing a reset keeps), so the reuse is what is tested here.
  expect(await page.evaluate(() => history.length), "the worker's page, reused (reuseContext in playwright.config.ts)").toBeGreaterThan(1);
  expect(await context.cookies()).toEqual([]);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});
