import { safeHref } from "./links";
import { displayGameType, displayVendorCode } from "./vendors";

describe("vendor code rules (spec §9)", () => {
  it.each([
    ["TCG_LOTTO_VN", true, ""],
    ["TCG_SEA", true, ""],
    ["BTI", true, "123BET"],
    ["SABA", true, "SABA"],
    ["TCG_SEA", false, "TCG_SEA"],
    ["BTI", false, "BTI"],
  ])("%s with Thai %s shows %j", (code, thai, shown) => {
    expect(displayVendorCode(code, thai)).toBe(shown);
  });

  it("treats LOTT as ELOTT only where Thai is offered", () => {
    expect(displayGameType("LOTT", true)).toBe("ELOTT");
    expect(displayGameType("LOTT", false)).toBe("LOTT");
  });
});

describe("safeHref", () => {
  it.each([
    ["https://t.me/x", "https://t.me/x"],
    ["mailto:help@example.com", "mailto:help@example.com"],
    ["/promotions", "/promotions"],
    ["javascript:alert(1)", null],
    [" JavaScript:alert(1)", null],
    ["//evil.example", null],
    ["/.//evil.example", null],
    ["data:text/html,x", null],
    ["", null],
  ])("%j → %j", (input, out) => {
    expect(safeHref(input)).toBe(out);
  });
});

