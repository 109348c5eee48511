import type { Tx } from "../ledger/service.js";
import { promotions } from "./schema.js";

const tr = (en: string, es: string) => ({ en, es });

/** The demo brand's promotions (USD cents); rows that exist are kept. */
export async function seedDemoPromotions(tx: Pick<Tx, "insert">, merchantCode: string) {
  await tx
    .insert(promotions)
    .values([
      {
        merchantCode,
        code: "NEWBIE100",
        title: tr("Newbie 100%: we double your first deposit", "Novato 100%: duplicamos tu primer depósito"),
        body: tr("<p>Your first deposit is matched 100%, up to 100.00. Wager the bonus 3 times.</p>", "<p>Tu primer depósito se duplica al 100%, hasta 100.00. Apuesta el bono 3 veces.</p>"),
        type: "newbie",
        tags: ["newbie", "limited"],
        category: "newbie",
        rule: "first_deposit_match" as const,
        rateBp: 10_000,
        cap: 10_000n,
        wageringMultiplier: 3,
        sort: 0,
      },
      {
        merchantCode,
        code: "WELCOME5",
        title: tr("Welcome gift: 5.00 when you sign up", "Regalo de bienvenida: 5.00 al registrarte"),
        body: tr("<p>Join, then claim 5.00 in the rewards centre.</p>", "<p>Únete y reclama 5.00 en el centro de recompensas.</p>"),
        type: "newbie",
        tags: ["newbie"],
        category: "newbie",
        rule: "signup_bonus" as const,
        amount: 500n,
        wageringMultiplier: 1,
        sort: 1,
      },
      {
        merchantCode,
        code: "REBATE1",
        title: tr("1% back on every bet", "1% de reembolso en cada apuesta"),
        body: tr("<p>Join and claim 1% of your valid bets, up to 50.00.</p>", "<p>Únete y reclama el 1% de tus apuestas válidas, hasta 50.00.</p>"),
        type: "rebate",
        tags: ["high_rebate", "daily"],
        category: "rebate",
        rule: "rebate" as const,
        rateBp: 100,
        cap: 5_000n,
        sort: 2,
      },
      {
        merchantCode,
        code: "RAFFLE",
        title: tr("Lucky raffle: win up to 10.00", "Rifa de la suerte: gana hasta 10.00"),
        body: tr("<p>One ticket per player.</p>", "<p>Un boleto por jugador.</p>"),
        type: "other",
        tags: ["special_offer"],
        category: "other",
        rule: "raffle" as const,
        amount: 100n,
        cap: 1_000n,
        sort: 3,
      },
      {
        merchantCode,
        code: "STORY",
        title: tr("Tell us your best win: 20.00", "Cuéntanos tu mejor premio: 20.00"),
        body: tr("<p>Apply with a short comment; we review every one.</p>", "<p>Postula con un comentario corto; revisamos cada uno.</p>"),
        type: "other",
        tags: ["vip"],
        category: "other",
        rule: "apply" as const,
        amount: 2_000n,
        wageringMultiplier: 1,
        sort: 4,
      },
      {
        merchantCode,
        code: "REFERRAL",
        title: tr("Invite friends: 5.00 for each friend's first deposit", "Invita a tus amigos: 5.00 por el primer depósito de cada amigo"),
        body: tr(
          "<p>Share your referral link from the member centre. When a friend who joined with it first deposits 20.00 or more, you get 5.00.</p>",
          "<p>Comparte tu enlace de invitación desde el centro de miembros. Cuando un amigo que se registró con él deposite 20.00 o más por primera vez, recibes 5.00.</p>",
        ),
        type: "other",
        tags: ["special_offer"],
        category: "other",
        rule: "referral" as const,
        amount: 500n,
        minDeposit: 2_000n,
        sort: 5,
      },
    ])
    .onConflictDoNothing();
}
