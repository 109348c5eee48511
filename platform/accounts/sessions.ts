import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { DomainError } from "../http/envelope.js";
import type { Logger } from "../http/observability.js";
import { originOf, writeAudit } from "../audit/service.js";
import { sessions } from "./schema.js";
import { authenticateSession, type SessionVisitor } from "./service.js";

// The security centre's devices (ASVS 3.3.4, issue 14). Where each session was last used is kept
// by authenticateSession (service.ts), from the visitor headers of every authenticated call.

/** The member's live sessions, most recently used first, the asking one marked (security centre, ASVS 3.3.4). */
export async function listSessions(db: Database, token: string, visitor?: SessionVisitor) {
  const found = await authenticateSession(db, token, visitor);
  if (!found) throw new DomainError("NOT_LOGGED_IN", "You are not logged in, please login", 401);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.memberId, found.member.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      current: r.id === found.session.id,
      ip: r.lastIp ?? r.ip,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: (r.id === found.session.id ? new Date() : r.lastSeenAt).toISOString(),
      remember: r.remember,
    })),
  };
}

/** "Log out the other devices": every live session of the member but the asking one ends. */
export async function revokeOtherSessions(db: Database, token: string, log: Logger, ip: string | null) {
  const found = await authenticateSession(db, token);
  if (!found) throw new DomainError("NOT_LOGGED_IN", "You are not logged in, please login", 401);
  const { member, session } = found;
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.memberId, member.id), isNull(sessions.revokedAt), sql`${sessions.id} <> ${session.id}`))
      .returning({ id: sessions.id });
    await writeAudit(tx, { merchantCode: member.merchantCode, account: member.account, actor: { kind: "member", id: member.id }, action: "auth.logout_others", details: { revoked: revoked.length } }, originOf(log, ip));
    log.info({ event: "auth.logout_others", memberId: member.id, revoked: revoked.length }, "other sessions revoked");
    return { revoked: revoked.length };
  });
}
