import type { Tx } from "../ledger/service.js";
import { pointsGoods, pointsSettings } from "./schema.js";

/** The demo brand's points mall: 1 point per 1.00 bet or deposited, 100 points = 1.00; three goods. Rows that exist are kept. */
export async function seedDemoPoints(tx: Pick<Tx, "insert">, merchantCode: string) {
  await tx
    .insert(pointsSettings)
    .values({
      merchantCode,
      betRatios: { live: 1, lottery: 1, pvp: 1, slots: 1, sports: 1 },
      depositRatio: 1,
      convertRatio: 100,
      rules: {
        en: "Earn 1 point for every 1.00 of valid bets (live, lottery, PVP, slots, sports) and for every 1.00 deposited. Points never expire. 100 points convert to 1.00.",
        es: "Gana 1 punto por cada 1.00 de apuestas válidas (en vivo, lotería, PVP, tragamonedas, deportes) y por cada 1.00 depositado. Los puntos no caducan. 100 puntos se convierten en 1.00.",
      },
    })
    .onConflictDoNothing();
  await tx
    .insert(pointsGoods)
    .values([
      { merchantCode, code: "GIFT10", name: { en: "Gift card 10.00", es: "Tarjeta regalo 10.00" }, imageUrl: "/images/points/gift-card.svg", price: 500n, stock: 100, perMemberLimit: 5, sort: 0 },
      { merchantCode, code: "JERSEY", name: { en: "Team jersey", es: "Camiseta del equipo" }, imageUrl: "/images/points/jersey.svg", price: 2_000n, stock: 20, perMemberLimit: 1, physical: true, sort: 1 },
      { merchantCode, code: "MUG", name: { en: "Lucky mug", es: "Taza de la suerte" }, imageUrl: "/images/points/mug.svg", price: 30n, stock: 3, perMemberLimit: 0, physical: true, sort: 2 },
    ])
    .onConflictDoNothing();
}
