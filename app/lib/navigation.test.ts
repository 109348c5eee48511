import { vendorImages } from "#platform/games/images.js";
import { buildNavigation, groupMenus, type Menu } from "./navigation";

const v = (vassalage: string, gameType = "SPORTS") => ({ displayName: `${vassalage} name`, vassalage, gameType, maintenance: false, images: vendorImages({ code: vassalage, gameType }, []) });
const groups = { esports: ["ESPX"], cockfight: ["CKF"], football: ["FB"] };

describe("groupMenus (spec §4)", () => {
  it("splits SPORTS into FB first, sports, then e-sports and cockfight last", () => {
    const menus: Menu[] = [
      { gameCategory: "LIVE", label: "Live", vendors: [v("L1", "LIVE")] },
      { gameCategory: "SPORTS", label: "Sports", vendors: [v("BTI"), v("FB"), v("ESPX"), v("CKF")] },
      { gameCategory: "RNG", label: "Slots", vendors: [v("S1", "RNG")] },
    ];
    expect(groupMenus(menus, groups).map((m) => [m.gameCategory, m.vendors.map((x) => x.vassalage)])).toEqual([
      ["FB", ["FB"]],
      ["LIVE", ["L1"]],
      ["SPORTS", ["BTI"]],
      ["RNG", ["S1"]],
      ["ESPORTS", ["ESPX"]],
      ["COCKFIGHT", ["CKF"]],
    ]);
  });

  it("drops an empty SPORTS and categories without vendors", () => {
    const menus: Menu[] = [
      { gameCategory: "SPORTS", label: "", vendors: [v("ESPX")] },
      { gameCategory: "FISH", label: "", vendors: [] },
    ];
    expect(groupMenus(menus, groups).map((m) => m.gameCategory)).toEqual(["ESPORTS"]);
  });
});

describe("buildNavigation", () => {
  const menus: Menu[] = [
    { gameCategory: "LIVE", label: "", vendors: [v("L1", "LIVE")] },
    { gameCategory: "SPORTS", label: "", vendors: [v("FB"), v("BTI")] },
    { gameCategory: "LOTT", label: "", vendors: [v("LOTT", "LOTT")] },
    { gameCategory: "ELOTT", label: "", vendors: [v("TCG_SEA", "ELOTT")] },
    { gameCategory: "PVP", label: "", vendors: [] },
  ];
  const resources = [{ resourceType: "LOGOLINK", name: "Blog", labelNameEn: "Blog", url: "https://blog.example", openInNewTab: false }];

  it("has the fixed entries, categories, football, download and the logo link", () => {
    const nav = buildNavigation(menus, groups, resources);
    expect(nav.map((e) => `${e.type} ${e.href}`)).toEqual([
      "HOME /",
      "HOT /hot",
      "PROMO /promotions",
      "FB /fbSports",
      "LIVE /live",
      "SPORTS /sports",
      "LOTT /elott",
      "DOWNLOAD /down",
      "LINK https://blog.example",
    ]);
    const link = nav.at(-1);
    expect(link).toMatchObject({ kind: "link", newTab: false, label: "Blog" });
  });

  it("puts both lotteries under one /elott entry with both vendor lists", () => {
    const lott = buildNavigation(menus, groups, []).find((e) => e.href === "/elott");
    expect(lott?.kind === "category" && lott.vendors.map((x) => x.vassalage)).toEqual(["LOTT", "TCG_SEA"]);
  });

  it("shows drop-downs on categories but not on FB, and labels fall back to the first vendor", () => {
    const nav = buildNavigation(menus, groups, []);
    const fb = nav.find((e) => e.type === "FB");
    const live = nav.find((e) => e.type === "LIVE");
    expect(fb?.kind === "category" && fb.dropdown).toBe(false);
    expect(live?.kind === "category" && live.dropdown).toBe(true);
    expect(live?.kind === "category" && live.fallbackLabel).toBe("L1 name");
  });

  it("has no logo-link entry without a LOGOLINK resource", () => {
    expect(buildNavigation(menus, groups, []).some((e) => e.type === "LINK")).toBe(false);
  });
});
