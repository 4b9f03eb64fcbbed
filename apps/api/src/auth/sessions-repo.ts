import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { DbOrTx } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { accounts, sessions } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createSession(db: DbOrTx, accountId: string, config: AppConfig, userAgent?: string) {
  const [session] = await db
    .insert(sessions)
    .values({ accountId, expiresAt: new Date(Date.now() + config.sessionTtlDays * DAY_MS), userAgent, lastSeenAt: new Date() })
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

/** Sliding expiry: a refresh keeps an active session alive, and is what the sessions list shows as "last seen". */
export async function extendSession(db: DbOrTx, sessionId: string, config: AppConfig) {
  const now = Date.now();
  await db
    .update(sessions)
    .set({ expiresAt: new Date(now + config.sessionTtlDays * DAY_MS), lastSeenAt: new Date(now) })
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

const liveSessionsOf = (accountId: string) =>
  and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

/** The account's live sessions, the most recently seen first. */
export async function listLiveSessions(db: DbOrTx, accountId: string) {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(liveSessionsOf(accountId))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
}

/** Revokes one live session of the account; the id when it was one (a stranger's id revokes nothing). */
export async function revokeOwnSession(db: DbOrTx, accountId: string, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), liveSessionsOf(accountId)))
    .returning({ id: sessions.id });
  return row?.id;
}

/** Revokes every live session of the account but `keep`; the revoked ids. */
export async function revokeSessionsExcept(db: DbOrTx, accountId: string, keep: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(liveSessionsOf(accountId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** A live session of an enabled account with what it belongs to, in one prepared query: every request without a cached session runs it. */
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
        // Disabling revokes the sessions too; this holds even for a row that escaped that.
        isNull(accounts.disabledAt),
      ),
    )
    .limit(1),
);
