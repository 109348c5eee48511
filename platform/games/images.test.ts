import { imageUrl, vendorImagePaths, vendorImages, VENDOR_IMAGE_FILES } from "./images.js";

describe("vendorImagePaths (spec §3: from vendor code and game type)", () => {
  it("names the six kinds under the game type and vendor code", () => {
    expect(vendorImagePaths("AMBR", "RNG")).toEqual({
      small: "vendors/RNG/AMBR/small.svg",
      smallActive: "vendors/RNG/AMBR/small-active.svg",
      listWhite: "vendors/RNG/AMBR/list-white.svg",
      listColour: "vendors/RNG/AMBR/list-colour.svg",
      listPurple: "vendors/RNG/AMBR/list-purple.svg",
      submenu: "vendors/RNG/AMBR/submenu.svg",
    });
  });

  it("tells the same vendor apart by game type", () => {
    expect(vendorImagePaths("TCG_SEA", "ELOTT").small).toBe("vendors/ELOTT/TCG_SEA/small.svg");
    expect(vendorImagePaths("TCG_SEA", "LOTT").small).toBe("vendors/LOTT/TCG_SEA/small.svg");
  });

  it.each([
    ["../../etc", "RNG", "vendors/RNG/%2E%2E%2F%2E%2E%2Fetc/small.svg"],
    ["A B?#", "RNG", "vendors/RNG/A%20B%3F%23/small.svg"],
    ["", "", "vendors/_/_/small.svg"],
    ["..", ".", "vendors/_/_/small.svg"],
    ["...", "RNG", "vendors/RNG/%2E%2E%2E/small.svg"],
    ["X", "../..", "vendors/%2E%2E%2F%2E%2E/X/small.svg"],
  ])("keeps %j of %j inside one path segment", (code, type, small) => {
    const paths = vendorImagePaths(code, type);
    expect(paths.small).toBe(small);
    // As a browser resolves it: still four segments under vendors/.
    for (const p of Object.values(paths)) expect(new URL(p, "https://img.example/cdn/").pathname.split("/").slice(2)).toHaveLength(4);
  });
});

describe("vendorImages", () => {
  const vendor = { code: "AMBR", gameType: "RNG" };

  it("puts each path on one of the operator's image hosts, the same way as game icons", () => {
    const hosts = ["https://img-a.example/cdn/", "https://img-b.example"];
    const images = vendorImages(vendor, hosts);
    const paths = vendorImagePaths(vendor.code, vendor.gameType);
    for (const kind of Object.keys(VENDOR_IMAGE_FILES) as Array<keyof typeof VENDOR_IMAGE_FILES>) {
      expect(images[kind]).toBe(imageUrl(paths[kind], hosts));
      expect(images[kind]).toMatch(new RegExp(`^https://img-(a\\.example/cdn|b\\.example)/${paths[kind]}$`));
    }
    // One host per image, stable across calls (cached once), spread over the list.
    expect(vendorImages(vendor, hosts)).toEqual(images);
    const used = new Set(
      ["AMBR", "NEONP", "OCEAN", "HOUSE", "HSLOT", "AURL", "ESPX", "CKF"].flatMap((code) =>
        Object.values(vendorImages({ code, gameType: "RNG" }, hosts)).map((u) => new URL(u).host),
      ),
    );
    expect(used).toEqual(new Set(["img-a.example", "img-b.example"]));
  });

  it("falls back to this site's /images without configured hosts", () => {
    expect(vendorImages(vendor, []).listColour).toBe("/images/vendors/RNG/AMBR/list-colour.svg");
    expect(vendorImages(vendor, undefined).submenu).toBe("/images/vendors/RNG/AMBR/submenu.svg");
  });
});
