import { DEV_OPERATOR_API_KEY, parsePlatformEnv } from "./env.js";

describe("platform env", () => {
  it("defaults to embedded PGlite under ./data", () => {
    const env = parsePlatformEnv({ NODE_ENV: "development" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
    expect(env.OPERATOR_API_KEY).toBe(DEV_OPERATOR_API_KEY);
  });

  it("switches the operator API off in production without a key", () => {
    expect(parsePlatformEnv({ NODE_ENV: "production" }).OPERATOR_API_KEY).toBeNull();
    expect(parsePlatformEnv({ NODE_ENV: "production", OPERATOR_API_KEY: "k".repeat(32) }).OPERATOR_API_KEY).toBe("k".repeat(32));
  });

  it.each([
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ OPERATOR_API_KEY: "short" }, "OPERATOR_API_KEY"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("refuses %j with one line naming the setting", (source, name) => {
    expect(() => parsePlatformEnv(source)).toThrowError(new RegExp(`^Invalid environment: .*${name}[^\\n]*$`));
  });
});
