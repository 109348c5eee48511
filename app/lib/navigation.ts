import { navPathForCategory } from "./categories";

export interface MenuVendor {
  displayName: string;
  vassalage: string;
  gameType: string;
  maintenance: boolean;
}

export interface Menu {
  gameCategory: string;
  label: string;
  vendors: MenuVendor[];
}

export interface VendorGroups {
  esports: string[];
  cockfight: string[];
  football: string[];
}

/**
 * Spec §4 game-vendor grouping: SPORTS cards split into ESPORTS, COCKFIGHT and FB by the
 * configured vendor lists; FB goes first, e-sports and cockfight last; an empty SPORTS is
 * dropped; so is every category without a vendor.
 */
export function groupMenus(menus: Menu[], groups: VendorGroups): Menu[] {
  const out: Menu[] = [];
  let fb: Menu | null = null;
  const tail: Menu[] = [];
  for (const menu of menus) {
    if (menu.gameCategory !== "SPORTS") {
      if (menu.vendors.length) out.push(menu);
      continue;
    }
    const pick = (codes: string[]) => menu.vendors.filter((v) => codes.includes(v.vassalage));
    const football = pick(groups.football);
    const esports = pick(groups.esports);
    const cockfight = pick(groups.cockfight);
    const taken = new Set([...football, ...esports, ...cockfight].map((v) => v.vassalage));
    const rest = menu.vendors.filter((v) => !taken.has(v.vassalage));
    if (football.length) fb = { gameCategory: "FB", label: "", vendors: football };
    if (rest.length) out.push({ ...menu, vendors: rest });
    if (esports.length) tail.push({ gameCategory: "ESPORTS", label: "", vendors: esports });
    if (cockfight.length) tail.push({ gameCategory: "COCKFIGHT", label: "", vendors: cockfight });
  }
  return [...(fb ? [fb] : []), ...out, ...tail];
}

export type NavEntry =
  | { kind: "fixed"; type: "HOME" | "HOT" | "PROMO"; href: string; labelKey: string }
  | {
      kind: "category";
      type: string;
      href: string;
      /** The operator's label, or empty when the web's own name for the category applies. */
      label: string;
      fallbackLabel: string;
      vendors: MenuVendor[];
      /** Whether a vendor drop-down is shown (not for HOME, FB, PROMO, HOT, LINK). */
      dropdown: boolean;
    }
  | { kind: "download"; type: "DOWNLOAD"; href: string; labelKey: string }
  | { kind: "link"; type: "LINK"; href: string; label: string; newTab: boolean };

/** Vendors shown in a header drop-down before the "more" tile. */
export const DROPDOWN_VENDORS = 11;
const NO_DROPDOWN = new Set(["HOME", "FB", "PROMO", "HOT", "LINK"]);

export function buildNavigation(
  menus: Menu[],
  groups: VendorGroups,
  resources: Array<{ resourceType: string; name: string; labelNameEn: string; url: string; openInNewTab: boolean }>,
): NavEntry[] {
  const entries: NavEntry[] = [
    { kind: "fixed", type: "HOME", href: "/", labelKey: "nav_home" },
    { kind: "fixed", type: "HOT", href: "/hot", labelKey: "nav_hot" },
    { kind: "fixed", type: "PROMO", href: "/promotions", labelKey: "nav_promotions" },
  ];
  for (const menu of groupMenus(menus, groups)) {
    const href = navPathForCategory(menu.gameCategory);
    if (!href) continue;
    // LOTT and ELOTT share /elott: one entry carrying both vendor lists.
    if (href === "/elott") {
      const existing = entries.find((e) => e.kind === "category" && e.href === "/elott");
      if (existing && existing.kind === "category") {
        existing.vendors = [...existing.vendors, ...menu.vendors];
        continue;
      }
    }
    entries.push({
      kind: "category",
      type: menu.gameCategory,
      href,
      label: menu.label,
      fallbackLabel: menu.vendors[0]?.displayName ?? menu.gameCategory,
      vendors: menu.vendors,
      dropdown: !NO_DROPDOWN.has(menu.gameCategory),
    });
  }
  entries.push({ kind: "download", type: "DOWNLOAD", href: "/down", labelKey: "nav_download" });
  const logoLink = resources.find((r) => r.resourceType === "LOGOLINK");
  if (logoLink) {
    entries.push({ kind: "link", type: "LINK", href: logoLink.url, label: logoLink.labelNameEn || logoLink.name, newTab: logoLink.openInNewTab });
  }
  return entries;
}

/** Where a vendor tile leads: its category page with the vendor chosen. */
export function vendorHref(categoryHref: string, vassalage: string): string {
  return `${categoryHref}?vassalage=${encodeURIComponent(vassalage)}`;
}
