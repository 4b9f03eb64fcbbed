import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, agents, conversationParticipants, conversations, pushSubscriptions, teams } from '../db/schema';
import { hasBlockedSql } from '../agents/reach-sql';
import { conversationTeamAccessSql } from '../chat/chat-access-sql';

export type PushDeviceRow = typeof pushSubscriptions.$inferSelect;

/** The account's devices, newest first. */
export async function findPushDevices(db: DbOrTx, accountId: string): Promise<PushDeviceRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId)).orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/**
 * Stores a device's subscription under the account, by its endpoint: the same endpoint again (new
 * keys after the browser renewed it, or a shared device now signed in to another account) replaces
 * the row, which then belongs to the caller alone — the old account gets nothing there any more.
 */
export async function upsertPushDevice(
  tx: DbOrTx,
  device: { accountId: string; endpoint: string; p256dh: string; auth: string; label: string },
): Promise<PushDeviceRow> {
  const [row] = await tx
    .insert(pushSubscriptions)
    .values(device)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        accountId: device.accountId,
        p256dh: device.p256dh,
        auth: device.auth,
        label: device.label,
        // A device that changed hands starts over: when it was added and last pushed are the new owner's.
        createdAt: sql`case when ${pushSubscriptions.accountId} = ${device.accountId} then ${pushSubscriptions.createdAt} else now() end`,
        lastPushedAt: sql`case when ${pushSubscriptions.accountId} = ${device.accountId} then ${pushSubscriptions.lastPushedAt} else null end`,
      },
    })
    .returning();
  return row!;
}

/** Deletes the account's devices past its newest `keep` (by when they were added). */
export async function dropOldestPushDevices(tx: DbOrTx, accountId: string, keep: number): Promise<void> {
  const newest = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, accountId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.accountId, accountId), notInArray(pushSubscriptions.id, newest)));
}

/** Deletes one of the account's devices; answers whether it was theirs. */
export async function deletePushDevice(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.accountId, accountId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410): forget it, unless it was registered anew meanwhile. */
export async function forgetPushDevice(db: DbOrTx, device: Pick<PushDeviceRow, 'id' | 'endpoint' | 'p256dh'>): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, device.id), eq(pushSubscriptions.endpoint, device.endpoint), eq(pushSubscriptions.p256dh, device.p256dh)));
}

export async function markPushed(db: DbOrTx, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastPushedAt: new Date() }).where(eq(pushSubscriptions.id, id));
}

/**
 * The people among `agentIds` in the conversation who could get a push about a message from
 * `senderId`: a person with an account and at least one device, not deleted, still allowed in the
 * conversation under the team rule, who has not blocked the sender. With their notify settings, their
 * do-not-disturb columns and how their pushes read (language, previews).
 */
export async function findPushCandidates(db: DbOrTx, conversationId: string, agentIds: string[], senderId: string) {
  if (agentIds.length === 0) return [];
  return db
    .select({
      accountId: accounts.id,
      agentId: agents.id,
      locale: accounts.locale,
      pushPreviews: accounts.pushPreviews,
      dndUntil: agents.dndUntil,
      dndSchedule: agents.dndSchedule,
      notifyLevel: conversationParticipants.notifyLevel,
      muted: conversationParticipants.muted,
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(agents, eq(agents.id, conversationParticipants.agentId))
    .innerJoin(accounts, eq(accounts.agentId, agents.id))
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        inArray(conversationParticipants.agentId, agentIds),
        ne(conversationParticipants.agentId, senderId),
        sql`${agents.deletedAt} is null`,
        sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.accountId} = ${accounts.id})`,
        sql`not ${hasBlockedSql(conversationParticipants.agentId, senderId)}`,
        conversationTeamAccessSql(conversationParticipants.agentId),
      ),
    );
}

/** The accounts' devices, oldest first. */
export async function findDevicesOfAccounts(db: DbOrTx, accountIds: string[]): Promise<PushDeviceRow[]> {
  if (accountIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.accountId, accountIds)).orderBy(asc(pushSubscriptions.createdAt));
}

/** What a push's title and link need: the conversation's type, a room's name, its team's handle, and the sender as a 1:1's link names them. */
export async function findPushPlace(db: DbOrTx, conversationId: string, senderId: string) {
  const [place] = await db
    .select({ type: conversations.type, name: conversations.name, teamHandle: teams.handle })
    .from(conversations)
    .leftJoin(teams, eq(teams.id, conversations.teamId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  const [sender] = await db
    .select({ username: agents.username, firstName: agents.firstName, lastName: agents.lastName })
    .from(agents)
    .where(eq(agents.id, senderId))
    .limit(1);
  return place && sender ? { ...place, sender } : undefined;
}
