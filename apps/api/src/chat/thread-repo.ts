import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TThreadPlace } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import type { ConversationRow, MessageRow } from '../db/rows';
import { conversationParticipants, conversations, messageColumns, messages } from '../db/schema';
import { conversationTeamAccessSql } from './chat-access-sql';
import { uuidArray } from './chat-repo';

/** A thread's unique key: concurrent opens of one root make one conversation. */
const threadPairKey = (rootMessageId: string) => `thread:${rootMessageId}`;

export async function findThreadOfRoot(db: DbOrTx, rootMessageId: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.pairKey, threadPairKey(rootMessageId))).limit(1);
  return row;
}

/**
 * Makes the root's thread unless it exists (undefined then: another open made it first, committed
 * by the time this returns). A new thread takes its parent's participants in the same transaction
 * (the triggers of migration 0013 keep them in step afterwards); the root's author follows it.
 */
export async function insertThread(tx: DbOrTx, parent: ConversationRow, root: MessageRow): Promise<ConversationRow | undefined> {
  // Ordered with every join and leave of the parent (the triggers take a key-share lock of this row):
  // the copy below sees each of them either done or not begun.
  await tx.execute(sql`select 1 from conversations where id = ${parent.id} for update`);
  const [thread] = await tx
    .insert(conversations)
    .values({
      type: 'thread',
      teamId: parent.teamId,
      pairKey: threadPairKey(root.id),
      parentConversationId: parent.id,
      threadRootMessageId: root.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!thread) return undefined;
  await tx.execute(sql`
    insert into conversation_participants (id, conversation_id, agent_id, last_read_seq, joined_at, following)
    select gen_random_uuid(), ${thread.id}, p.agent_id, 0, p.joined_at, p.agent_id = ${root.senderAgentId}
    from conversation_participants p where p.conversation_id = ${parent.id}
    on conflict (conversation_id, agent_id) do update set following = excluded.following or conversation_participants.following`);
  return thread;
}

/** Makes the agents follow (or stop following) the thread; those not in it are left out. */
export async function setFollowing(tx: DbOrTx, threadId: string, agentIds: string[], following: boolean): Promise<void> {
  if (agentIds.length === 0) return;
  await tx
    .update(conversationParticipants)
    .set({ following })
    .where(and(eq(conversationParticipants.conversationId, threadId), inArray(conversationParticipants.agentId, agentIds)));
}

/** Who follows the thread (the only members a reply notifies). */
export async function findFollowerIds(db: DbOrTx, threadId: string): Promise<string[]> {
  const rows = await db
    .select({ agentId: conversationParticipants.agentId })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, threadId), eq(conversationParticipants.following, true)));
  return rows.map((r) => r.agentId);
}

/** Where each of these conversations lives, for those that are threads. */
export async function findThreadPlaces(db: DbOrTx, conversationIds: string[]): Promise<Map<string, TThreadPlace>> {
  const places = new Map<string, TThreadPlace>();
  if (conversationIds.length === 0) return places;
  const rows = await db
    .select({ id: conversations.id, parent: conversations.parentConversationId, root: conversations.threadRootMessageId })
    .from(conversations)
    .where(and(sql`${conversations.id} = any(${uuidArray(conversationIds)}::uuid[])`, eq(conversations.type, 'thread')));
  for (const row of rows) places.set(row.id, { threadConversationId: row.id, rootMessageId: row.root!, parentConversationId: row.parent! });
  return places;
}

/** Which of these threads belong to a room (a thread of a 1:1 is shown as that 1:1; one of a room as the room). */
export async function findRoomThreadIds(db: DbOrTx, threadIds: string[]): Promise<Set<string>> {
  if (threadIds.length === 0) return new Set();
  const parent = alias(conversations, 'parent');
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(parent, eq(parent.id, conversations.parentConversationId))
    .where(and(sql`${conversations.id} = any(${uuidArray(threadIds)}::uuid[])`, eq(parent.type, 'room')));
  return new Set(rows.map((r) => r.id));
}

export const threadPlaceOf = (thread: ConversationRow): TThreadPlace => ({
  threadConversationId: thread.id,
  rootMessageId: thread.threadRootMessageId!,
  parentConversationId: thread.parentConversationId!,
});

/** The threads of these conversations (their sockets' rooms, their cached members). */
export async function findThreadIdsOf(db: DbOrTx, parentIds: string[]): Promise<string[]> {
  if (parentIds.length === 0) return [];
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(sql`${conversations.parentConversationId} = any(${uuidArray(parentIds)}::uuid[])`);
  return rows.map((r) => r.id);
}

/** The agent's participations that are threads it follows and may still read (the access rule's team part). */
const followedReadableThreads = (agentId: string) =>
  and(
    eq(conversationParticipants.agentId, agentId),
    eq(conversationParticipants.following, true),
    eq(conversations.type, 'thread'),
    conversationTeamAccessSql(agentId),
  );

const latestAt = sql<Date>`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;

/** The threads the agent follows and may still read (chat-access's rule), newest latest reply first. */
export async function findFollowedThreads(db: DbOrTx, agentId: string, page: { before?: string; limit: number }) {
  return db
    .select({
      thread: conversations,
      lastReadSeq: conversationParticipants.lastReadSeq,
      unreadMentions: sql<number>`(select count(*) from message_mentions mm
        where mm.conversation_id = ${conversations.id} and mm.agent_id = ${agentId} and mm.seq > ${conversationParticipants.lastReadSeq})`.mapWith(Number),
      latestAt: sql<string>`${latestAt}`.mapWith((value: Date | string) => new Date(value)),
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(followedReadableThreads(agentId), page.before ? lt(latestAt, sql`${page.before}::timestamptz`) : undefined),
    )
    .orderBy(desc(latestAt), desc(conversations.id))
    .limit(page.limit + 1);
}

/** How many followed, readable threads have replies past the agent's read cursor. */
export async function countUnreadThreads(db: DbOrTx, agentId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(followedReadableThreads(agentId), sql`${conversations.lastSeq} > ${conversationParticipants.lastReadSeq}`),
    );
  return row?.count ?? 0;
}

export async function findMessagesByIds(db: DbOrTx, messageIds: string[]): Promise<MessageRow[]> {
  if (messageIds.length === 0) return [];
  return db.select(messageColumns).from(messages).where(sql`${messages.id} = any(${uuidArray(messageIds)}::uuid[])`);
}

/** Each conversation's newest message (a thread's latest reply). */
export async function findLastMessagesOf(db: DbOrTx, conversationIds: string[]): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectDistinctOn([messages.conversationId], messageColumns)
    .from(messages)
    .where(sql`${messages.conversationId} = any(${uuidArray(conversationIds)}::uuid[])`)
    .orderBy(messages.conversationId, desc(messages.seq));
}
