import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { localize } from "../system/service.js";
import { gameCategories, merchantVendors, vendors } from "./schema.js";

type Merchant = { code: string; defaultLanguage: string; settings: { esportsVendors?: string[]; cockfightVendors?: string[]; footballVendors?: string[] } };

/** The white-label menu: the merchant's categories in order, with labels in the asked language. */
export async function getWhitelabelMenu(db: Database, merchant: Merchant, language: string) {
  const rows = await db
    .select()
    .from(gameCategories)
    .where(and(eq(gameCategories.merchantCode, merchant.code), eq(gameCategories.enabled, true)))
    .orderBy(asc(gameCategories.sort));
  return {
    merchantCode: merchant.code,
    menus: rows.map((r) => ({
      gameCategory: r.gameCategory,
      label: localize(r.label, language, merchant.defaultLanguage),
      sort: r.sort,
    })),
    vendorGroups: {
      esports: merchant.settings.esportsVendors ?? [],
      cockfight: merchant.settings.cockfightVendors ?? [],
      football: merchant.settings.footballVendors ?? [],
    },
  };
}

/** Game menus: each enabled category with the merchant's vendors of that game type. */
export async function getGameMenus(db: Database, merchant: Merchant, language: string) {
  const [menu, vendorRows] = await Promise.all([
    getWhitelabelMenu(db, merchant, language),
    db
      .select({ vendor: vendors, sort: merchantVendors.sort })
      .from(merchantVendors)
      .innerJoin(vendors, eq(vendors.code, merchantVendors.vendorCode))
      .where(and(eq(merchantVendors.merchantCode, merchant.code), eq(merchantVendors.enabled, true)))
      .orderBy(asc(merchantVendors.sort)),
  ]);
  return menu.menus.map((m) => ({
    gameCategory: m.gameCategory,
    label: m.label,
    vendors: vendorRows
      .filter((v) => v.vendor.gameType === m.gameCategory)
      .map((v) => ({
        displayName: v.vendor.displayName,
        vassalage: v.vendor.code,
        gameType: v.vendor.gameType,
        maintenance: v.vendor.maintenance,
      })),
  }));
}
