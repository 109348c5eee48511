import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import { members } from "../accounts/schema.js";
import { AGENT_TYPES, TRIAL_TYPES } from "../accounts/service.js";
import { maskAccount } from "../accounts/mask.js";
import { merchants } from "../system/schema.js";
import { localize } from "../system/service.js";
import { ensureAccount, postTransfer, type Executor, type Tx } from "../ledger/service.js";
import { formatAmount } from "../ledger/money.js";
import { postMessage } from "../messages/service.js";
import { promotions, referralRewards } from "./schema.js";

type Promotion = typeof promotions.$inferSelect;

/**
 * Refer a friend (spec §2 referral, §6 "Invite-friends is shown only when the referral
 * promotion is enabled"). A member's referral code brings friends in as their downlines
 * (`/register?referralCode=`); a running promotion of rule `referral` pays the referrer when a
 * friend first deposits at least its minimum: `amount` plus `rate` % of that deposit, at most
 * `cap`. Agents are paid for their teams by contracts (ADR 012), so only players earn here.
 */

export const referralKey = (promotionId: number, friendId: number) => `referral:${promotionId}:${friendId}`;

/** The referral reward of a deposit: the fixed amount plus the rate, capped (0: no cap). */
export function referralRewardOf(p: Pick<Promotion, "amount" | "rateBp" | "cap">, deposit: bigint): bigint {
  const v = p.amount + (deposit * BigInt(p.rateBp)) / 10_000n;
  return p.cap > 0n && v > p.cap ? p.cap : v;
}

/** The referral promotion running now for a merchant, if any (the first by sort). */
export async function runningReferral(db: Executor, merchantCode: string, now = new Date()): Promise<Promotion | null> {
  const [p] = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantCode, merchantCode),
        eq(promotions.rule, "referral"),
        eq(promotions.enabled, true),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(asc(promotions.sort), desc(promotions.id))
    .limit(1);
  return p ?? null;
}

export interface ReferrerAccounts {
  memberId: number;
  bonus: number;
  wallet: number;
}

/**
 * The accounts a deposit's referral reward would move between, made before the deposit's
 * transaction (ledger accounts are never made inside one): only when a referral promotion runs
 * and the depositor's upline is a player.
 */
export async function referrerAccounts(db: Database, d: { merchantCode: string; memberId: number; currency: string }): Promise<ReferrerAccounts | null> {
  if (!(await runningReferral(db, d.merchantCode))) return null;
  const [row] = await db
    .select({ id: members.id, type: members.type, merchantCode: members.merchantCode })
    .from(members)
    .where(eq(members.id, sql`(select upline_id from members where id = ${d.memberId})`))
    .limit(1);
  if (!row || row.merchantCode !== d.merchantCode || AGENT_TYPES.includes(row.type) || TRIAL_TYPES.includes(row.type)) return null;
  const [bonus, wallet] = await Promise.all([
    ensureAccount(db, { merchantCode: d.merchantCode, currency: d.currency, kind: "bonus", memberId: row.id }),
    ensureAccount(db, { merchantCode: d.merchantCode, currency: d.currency, kind: "member", memberId: row.id }),
  ]);
  return { memberId: row.id, bonus, wallet };
}

/**
 * Inside the deposit's transaction: pays the referrer once per friend and promotion (the unique
 * row, then the ledger key), and tells the referrer in the message centre. Returns the reward
 * row, or null when this friend had already earned it.
 */
export async function payReferral(tx: Tx, p: Promotion, deposit: { id: number; memberId: number; merchantCode: string; currency: string; amount: bigint }, referrer: ReferrerAccounts) {
  const amount = referralRewardOf(p, deposit.amount);
  if (amount <= 0n) return null;
  const [row] = await tx
    .insert(referralRewards)
    .values({ promotionId: p.id, referrerId: referrer.memberId, friendId: deposit.memberId, merchantCode: deposit.merchantCode, depositId: deposit.id, amount, currency: deposit.currency })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  const posted = await postTransfer(tx, {
    merchantCode: deposit.merchantCode,
    currency: deposit.currency,
    debitAccountId: referrer.bonus,
    creditAccountId: referrer.wallet,
    amount,
    kind: "bonus",
    key: referralKey(p.id, deposit.memberId),
    reference: `REFERRAL-${p.code}`.slice(0, 60),
  });
  await tx.update(referralRewards).set({ transferId: posted.id }).where(eq(referralRewards.id, row.id));
  const [friend] = await tx.select({ account: members.account }).from(members).where(eq(members.id, deposit.memberId));
  await postMessage(tx, {
    memberId: referrer.memberId,
    kind: "referral_reward",
    params: { friend: maskAccount(friend?.account ?? ""), amount: formatAmount(amount, deposit.currency), currency: deposit.currency },
    dedupeKey: referralKey(p.id, deposit.memberId),
  });
  return row;
}

/** How many friends the referral page lists (newest first); the count covers them all. */
export const FRIENDS_SHOWN = 50;

/**
 * The referral page: the member's code, the running promotion's terms, friends who joined
 * (accounts masked) with what each earned the member, and the total. REFERRAL_OFF (404) when no
 * referral promotion runs.
 */
export async function referralSummary(db: Database, member: typeof members.$inferSelect, language: string) {
  const p = await runningReferral(db, member.merchantCode);
  if (!p) throw new DomainError("REFERRAL_OFF", "Invite friends is not available", 404);
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, member.merchantCode)).limit(1);
  const cur = merchant!.currency;
  const [friends, [total], earned] = await Promise.all([
    db
      .select({ id: members.id, account: members.account, createdAt: members.createdAt })
      .from(members)
      .where(eq(members.uplineId, member.id))
      .orderBy(desc(members.id))
      .limit(FRIENDS_SHOWN),
    db.select({ n: count() }).from(members).where(eq(members.uplineId, member.id)),
    db
      .select({ friendId: referralRewards.friendId, amount: sql<string>`sum(${referralRewards.amount})::text` })
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, member.id))
      .groupBy(referralRewards.friendId),
  ]);
  const byFriend = new Map(earned.map((e) => [e.friendId, BigInt(e.amount)]));
  let sum = 0n;
  for (const v of byFriend.values()) sum += v;
  return {
    referralCode: member.referralCode,
    eligible: !AGENT_TYPES.includes(member.type) && !TRIAL_TYPES.includes(member.type),
    currency: cur,
    promotion: {
      id: p.id,
      code: p.code,
      title: localize(p.title, language, merchant!.defaultLanguage),
      amount: formatAmount(p.amount, cur),
      rate: p.rateBp / 100,
      cap: formatAmount(p.cap, cur),
      minDeposit: formatAmount(p.minDeposit, cur),
      endsAt: p.endsAt?.toISOString() ?? null,
    },
    friendsCount: Number(total?.n ?? 0),
    friends: friends.map((f) => ({
      account: maskAccount(f.account),
      joinedAt: f.createdAt.toISOString(),
      earned: formatAmount(byFriend.get(f.id) ?? 0n, cur),
      rewarded: byFriend.has(f.id),
    })),
    totalEarned: formatAmount(sum, cur),
  };
}

/** The operator's view of the rewards a referral promotion paid. */
export async function operatorReferralRewards(db: Database, merchantCode: string, promotionCode: string) {
  const rows = await db
    .select({ r: referralRewards, referrer: members.account })
    .from(referralRewards)
    .innerJoin(promotions, eq(promotions.id, referralRewards.promotionId))
    .innerJoin(members, eq(members.id, referralRewards.referrerId))
    .where(and(eq(promotions.merchantCode, merchantCode), eq(promotions.code, promotionCode)))
    .orderBy(desc(referralRewards.id))
    .limit(500);
  const friendIds = [...new Set(rows.map((r) => r.r.friendId))];
  const friends = friendIds.length ? new Map((await db.select({ id: members.id, account: members.account }).from(members).where(inArray(members.id, friendIds))).map((f) => [f.id, f.account])) : new Map<number, string>();
  return rows.map(({ r, referrer }) => ({ id: r.id, referrer, friend: friends.get(r.friendId) ?? "", amount: formatAmount(r.amount, r.currency), depositId: r.depositId, createdAt: r.createdAt.toISOString() }));
}
