export {};

vi.hoisted(() => {
  process.env.UPSTREAM_URL = "http://upstream.test";
});

const { perSession } = await import("./games.server");
const { commitSession } = await import("./session.server");

const visitor = (host = "site.example") => new Request(`http://${host}/`);
const member = async (token: string) => {
  const cookie = (await commitSession(token, false)).split(";")[0]!;
  return new Request("http://site.example/", { headers: { cookie } });
};

describe("hot games and winners kept per session and language (spec §4)", () => {
  it("answers again from the kept value until an explicit refresh", async () => {
    let n = 0;
    const load = async () => ++n;
    const req = await member("token-a");
    expect(await perSession(req, "es", "HOT_GAMES", false, load)).toBe(1);
    expect(await perSession(req, "es", "HOT_GAMES", false, load)).toBe(1);
    expect(await perSession(req, "es", "HOT_GAMES", true, load)).toBe(2);
    expect(await perSession(req, "es", "HOT_GAMES", false, load)).toBe(2);
  });

  it("keeps one value per session, language, list and site", async () => {
    let n = 0;
    const load = async () => ++n;
    const a = await member("token-b");
    const b = await member("token-c");
    const first = await perSession(a, "es", "WINNERS", false, load);
    expect(await perSession(b, "es", "WINNERS", false, load)).not.toBe(first);
    expect(await perSession(a, "en", "WINNERS", false, load)).not.toBe(first);
    expect(await perSession(a, "es", "HOT_GAMES_PAGE", false, load)).not.toBe(first);
    expect(await perSession(visitor("other.example"), "es", "WINNERS", false, load)).not.toBe(await perSession(visitor(), "es", "WINNERS", false, load));
    expect(await perSession(a, "es", "WINNERS", false, load)).toBe(first);
  });

  it("does not keep a failed fetch", async () => {
    const req = await member("token-d");
    await expect(perSession(req, "es", "HOT_GAMES", false, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await new Promise((r) => setTimeout(r, 0));
    expect(await perSession(req, "es", "HOT_GAMES", false, async () => "ok")).toBe("ok");
  });
});
