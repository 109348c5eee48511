import { safeRedirect } from "./safe-redirect";

describe("safeRedirect (issue 14)", () => {
  it.each([
    "/.//evil.example/phish",
    "/..//evil.example",
    "/x/..//evil.example",
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%2fevil.example",
    "/.%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/x%00y",
    "/%E0%A4%A",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "",
  ])("refuses %s", (v) => {
    expect(safeRedirect(v, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/", "/"],
    ["/member/withdraw?x=1#top", "/member/withdraw?x=1#top"],
    ["/a/../b", "/b"],
    ["/lobby?q=slots%20fun", "/lobby?q=slots%20fun"],
  ])("keeps %s", (v, expected) => {
    expect(safeRedirect(v)).toBe(expected);
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
  });
});
