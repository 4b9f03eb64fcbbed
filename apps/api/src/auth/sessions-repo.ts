import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { DbOrTx } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { accounts, sessions } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createSession(db: DbOrTx, accountId: string, config: AppConfig, userAgent?: string) {
  const [session] = await db
    .insert(sessions)
    .values({ accountId, expiresAt: new Date(Date.now() + config.sessionTtlDays * DAY_MS), userAgent })
    .returning({ id: sessions.id });
  return session!;
}

/** A session is live while neither revoked nor past its expiry. */
export async function findLiveSession(db: DbOrTx, sessionId: string, accountId: string) {
  const [session] = await db
    .select({ id: sessions.id, accountId: sessions.accountId })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return session;
}

/** Sliding expiry: a refresh keeps an active session alive. */
export async function extendSession(db: DbOrTx, sessionId: string, config: AppConfig) {
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + config.sessionTtlDays * DAY_MS) })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, accountId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}

/** A live session with what it belongs to, in one prepared query: every request without a cached session runs it. */
export const findLiveSessionAuth = preparedQuery('auth_live_session', (db) =>
  db
    .select({
      sessionId: sessions.id,
      accountId: accounts.id,
      agentId: accounts.agentId,
      verifiedAt: accounts.emailVerifiedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.accountId, sql.placeholder('accountId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1),
);
