import { funHref, gameCentreHref, launchHref, playHref } from "./launch";

const g = (vassalage: string, gameType: string, isGame = "GAME") => ({ vassalage, gameType, gameCode: "CODE1", isGame, nodeId: 7 });

describe("game launch routing (spec §2)", () => {
  it.each([
    [g("TCG_LOTTO_VN", "LOTT"), "/vnLottery?gameCode=CODE1"],
    [g("TCG_SEA", "ELOTT"), "/seaLottery?gameCode=CODE1"],
    [g("LOTT", "LOTT"), "/lottery?gameCode=CODE1"],
    [g("ELOTT", "ELOTT"), "/lottery?gameCode=CODE1"],
    [g("FB", "SPORTS"), "/fbSports"],
    [g("BTI", "SPORTS", "VASSALAGE"), "/sports?vassalage=BTI"],
    [g("AURL", "LIVE", "VASSALAGE"), "/live?vassalage=AURL"],
    [g("OCEAN", "FISH", "VASSALAGE"), "/fish?vassalage=OCEAN&popup=games"],
    [g("HSLOT", "RNG"), "/seamless?nodeId=7&vassalage=HSLOT&gameCode=CODE1#play"],
    [g("HOUSE", "LIVE"), "/live?vassalage=HOUSE"],
  ])("%j → %s", (game, href) => {
    expect(launchHref(game)).toBe(href);
  });
});

describe("launch page links", () => {
  it("point at /seamless with nodeId, vassalage and gameCode, fun mode for free play", () => {
    expect(playHref({ nodeId: 9, vassalage: "AURL", gameCode: "AURL_BACCARAT" })).toBe("/seamless?nodeId=9&vassalage=AURL&gameCode=AURL_BACCARAT#play");
    expect(funHref({ nodeId: 9, vassalage: "AMBR", gameCode: "A&B" })).toBe("/seamless?nodeId=9&vassalage=AMBR&gameCode=A%26B&mode=fun#play");
  });
});

describe("games inside a game centre", () => {
  it.each([
    [g("AURL", "LIVE"), "/seamless?nodeId=7&vassalage=AURL&gameCode=CODE1#play"],
    [g("BTI", "SPORTS", "VASSALAGE"), "/seamless?nodeId=7&vassalage=BTI&gameCode=CODE1#play"],
    [g("TCG_LOTTO_VN", "LOTT"), "/vnLottery?gameCode=CODE1"],
    [g("TCG_SEA", "ELOTT"), "/seaLottery?gameCode=CODE1"],
    [g("ELOTT", "ELOTT"), "/lottery?gameCode=CODE1"],
    [g("FB", "SPORTS"), "/fbSports"],
  ])("%j → %s", (game, href) => {
    expect(gameCentreHref(game)).toBe(href);
  });
});
