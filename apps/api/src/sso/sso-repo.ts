import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, ssoIdentities, ssoTickets } from '../db/schema';
import { generateEmailToken, sha256 } from '../auth/tokens';

type TicketPurpose = (typeof ssoTickets.$inferSelect)['purpose'];
export type SsoTicketRow = typeof ssoTickets.$inferSelect;
interface Identity {
  provider: string;
  subject: string;
  email: string;
}

export async function findIdentity(db: DbOrTx, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row;
}

export async function insertIdentity(db: DbOrTx, accountId: string, identity: Identity, signedInNow: boolean) {
  await db.insert(ssoIdentities).values({ accountId, ...identity, lastSignInAt: signedInNow ? new Date() : null });
}

/** A sign-in through a known identity: the provider's email of today, and when. */
export async function touchIdentity(db: DbOrTx, id: string, email: string) {
  await db.update(ssoIdentities).set({ email, lastSignInAt: new Date() }).where(eq(ssoIdentities.id, id));
}

export async function listIdentities(db: DbOrTx, accountId: string) {
  return db.select().from(ssoIdentities).where(eq(ssoIdentities.accountId, accountId)).orderBy(asc(ssoIdentities.createdAt));
}

/** A fresh ticket; only its sha256 is stored, the raw token goes to the browser once. */
export async function issueTicket(db: DbOrTx, purpose: TicketPurpose, accountId: string, identity: Identity, ttlMs: number): Promise<string> {
  const { raw, hash } = generateEmailToken();
  await db.insert(ssoTickets).values({ tokenHash: hash, purpose, accountId, ...identity, expiresAt: new Date(Date.now() + ttlMs) });
  return raw;
}

const liveTicket = (raw: string, purpose: TicketPurpose) =>
  and(eq(ssoTickets.tokenHash, sha256(raw)), eq(ssoTickets.purpose, purpose), isNull(ssoTickets.usedAt), gt(ssoTickets.expiresAt, new Date()));

/** Spends a live ticket in one statement, so two uses racing cannot both succeed. */
export async function useTicket(db: DbOrTx, raw: string, purpose: TicketPurpose): Promise<SsoTicketRow | undefined> {
  const [row] = await db.update(ssoTickets).set({ usedAt: new Date() }).where(liveTicket(raw, purpose)).returning();
  return row;
}

export async function findLiveTicket(db: DbOrTx, raw: string, purpose: TicketPurpose): Promise<SsoTicketRow | undefined> {
  const [row] = await db.select().from(ssoTickets).where(liveTicket(raw, purpose)).limit(1);
  return row;
}

/** When the caller's session began: a link needs one that began after the provider sign-in. */
export async function sessionStartedAt(db: DbOrTx, sessionId: string): Promise<Date | undefined> {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.createdAt;
}
