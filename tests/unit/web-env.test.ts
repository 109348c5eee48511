import { parseWebEnv } from "~/services/env.server";

describe("web env", () => {
  it("embeds the platform when no upstream is set", () => {
    const env = parseWebEnv({ NODE_ENV: "production" });
    expect(env.UPSTREAM_URL).toBeUndefined();
    expect(env.platform?.DATA_DIR).toBe("./data");
    expect(env.TRUST_PROXY).toBe(0);
  });

  it("does not parse platform settings when the platform runs elsewhere", () => {
    const env = parseWebEnv({ UPSTREAM_URL: "http://platform:4000", DATABASE_URL: "mysql://ignored" });
    expect(env.platform).toBeNull();
  });

  it("treats empty values as unset", () => {
    expect(parseWebEnv({ UPSTREAM_URL: "" }).UPSTREAM_URL).toBeUndefined();
  });

  it.each([
    [{ UPSTREAM_URL: "not a url" }, "UPSTREAM_URL"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ COUNTRY_HEADER: "bad header!" }, "COUNTRY_HEADER"],
    [{ DATABASE_URL: "nope" }, "DATABASE_URL"],
  ])("refuses %j in one line naming the setting", (source, name) => {
    expect(() => parseWebEnv(source)).toThrowError(new RegExp(`^Invalid environment: .*${name}[^\\n]*$`));
  });
});

describe("safe redirects", async () => {
  const { safeRedirect } = await import("~/lib/safe-redirect");
  it.each([
    ["/promotions?x=1#a", "/promotions?x=1#a"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/a\nb", "/"],
    ["https://evil.example", "/"],
    ["relative", "/"],
    [null, "/"],
  ])("%j → %j", (input, out) => {
    expect(safeRedirect(input)).toBe(out);
  });
});
