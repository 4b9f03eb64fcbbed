import { and, asc, eq, inArray, isNotNull, not, sql, type AnyColumn } from 'drizzle-orm';
import { isUuid } from '@agentroom/shared';
import type { Db, DbOrTx } from '../db/client';
import { preparedQuery } from '../db/prepared';
import {
  agents,
  attachments,
  conversationParticipants,
  conversations,
  messageColumns,
  messageMentions,
  messages,
  messageReactions,
  replyJobs,
  teams,
} from '../db/schema';
import type { AgentRow, AttachmentRow, ConversationRow, MessageRow, TeamRow } from '../db/rows';
import { conversationTeamAccessSql } from './chat-access-sql';

/**
 * `column = any('{…}'::uuid[])`: a list of ids as one parameter, not one parameter each (a page of
 * 100 conversations made statements of hundreds of parameters for drizzle to build and Postgres to
 * parse). The ids come from rows already read; anything else is left out.
 */
const isAnyOf = (column: AnyColumn, ids: readonly string[]) => sql`${column} = any(${uuidArray(ids)}::uuid[])`;

/** Ids as one `uuid[]` value (`'{a,b}'`, which both drivers pass as is), anything not a uuid left out. */
export const uuidArray = (ids: readonly string[]) => `{${ids.filter((id) => isUuid(id)).join(',')}}`;

export async function findParticipants(db: DbOrTx, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({ participant: conversationParticipants, agent: agents })
    .from(conversationParticipants)
    .innerJoin(agents, eq(agents.id, conversationParticipants.agentId))
    .where(isAnyOf(conversationParticipants.conversationId, conversationIds))
    .orderBy(asc(conversationParticipants.joinedAt), asc(conversationParticipants.id));
}

const conversationWithParticipants = preparedQuery('conversation_with_participants', (db) =>
  db
    .select({
      conversation: conversations,
      participant: conversationParticipants,
      agent: agents,
      /** Whether this participant may still use the conversation (chat-access's team rule). */
      hasAccess: sql<boolean>`${conversationTeamAccessSql(conversationParticipants.agentId)}`,
    })
    .from(conversations)
    .innerJoin(conversationParticipants, eq(conversationParticipants.conversationId, conversations.id))
    .innerJoin(agents, eq(agents.id, conversationParticipants.agentId))
    .where(eq(conversations.id, sql.placeholder('conversationId')))
    .orderBy(asc(conversationParticipants.joinedAt), asc(conversationParticipants.id)),
);

/** A conversation and all its participants with their agents and access, in one prepared query (the send path's only read). */
export async function findConversationWithParticipants(db: Db, conversationId: string) {
  return conversationWithParticipants(db).execute({ conversationId });
}

export async function findAgent(db: DbOrTx, agentId: string): Promise<AgentRow | undefined> {
  const [agent] = await db.select().from(agents).where(eq(agents.id, agentId)).limit(1);
  return agent;
}

export async function findAgentsByIds(db: DbOrTx, agentIds: string[]): Promise<AgentRow[]> {
  return agentIds.length ? db.select().from(agents).where(inArray(agents.id, agentIds)) : [];
}

/** The messages' files, oldest first. */
export async function findAttachmentsOf(db: DbOrTx, messageIds: string[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db.select().from(attachments).where(inArray(attachments.messageId, messageIds)).orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** The messages' reactions with who reacted, oldest first. */
export async function findReactionsOf(db: DbOrTx, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: messageReactions.messageId,
      emoji: messageReactions.emoji,
      agent: { id: agents.id, firstName: agents.firstName, lastName: agents.lastName },
    })
    .from(messageReactions)
    .innerJoin(agents, eq(agents.id, messageReactions.agentId))
    .where(inArray(messageReactions.messageId, messageIds))
    .orderBy(asc(messageReactions.createdAt), asc(messageReactions.id));
}

export async function findTeamsByIds(db: DbOrTx, teamIds: string[]): Promise<TeamRow[]> {
  return teamIds.length ? db.select().from(teams).where(inArray(teams.id, teamIds)) : [];
}

/** The agent's read cursor (last read seq) in each of the given conversations it takes part in. */
export async function findLastReadSeqs(db: DbOrTx, conversationIds: string[], agentId: string): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: conversationParticipants.conversationId, lastReadSeq: conversationParticipants.lastReadSeq })
    .from(conversationParticipants)
    .where(and(isAnyOf(conversationParticipants.conversationId, conversationIds), eq(conversationParticipants.agentId, agentId)));
  return new Map(rows.map((r) => [r.conversationId, r.lastReadSeq]));
}

/** Conversations the agent takes part in but may no longer use (it left the team they belong to). */
export async function findConversationsWithoutAccess(db: DbOrTx, agentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, agentId)))
    .where(not(conversationTeamAccessSql(agentId)));
  return rows.map((r) => r.id);
}

/** Who each message @mentions (in a room, the mentioned AI agents answer): messageId → agent ids. */
export async function findMentionsOf(db: DbOrTx, messageIds: string[]): Promise<Map<string, string[]>> {
  const byMessage = new Map<string, string[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ messageId: messageMentions.messageId, agentId: messageMentions.agentId })
    .from(messageMentions)
    .where(inArray(messageMentions.messageId, messageIds));
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row.agentId]);
  return byMessage;
}

/** AI replies another AI agent asked for ("Nova asked Sage"): reply messageId → the asking agent. */
export async function findAskedByOf(db: DbOrTx, messageIds: string[]) {
  if (messageIds.length === 0) return new Map<string, { id: string; firstName: string; lastName: string }>();
  const rows = await db
    .select({ messageId: replyJobs.replyMessageId, agent: { id: agents.id, firstName: agents.firstName, lastName: agents.lastName } })
    .from(replyJobs)
    .innerJoin(agents, eq(agents.id, replyJobs.askedByAgentId))
    .where(and(inArray(replyJobs.replyMessageId, messageIds), isNotNull(replyJobs.askedByAgentId)));
  return new Map(rows.map((r) => [r.messageId!, r.agent]));
}

/** The caller's participant row and its conversation, if they take part and pass the team rule (chat-access.ts). */
export async function findUsableParticipation(db: DbOrTx, conversationId: string, agentId: string) {
  const [row] = await db
    .select({ conversation: conversations, participant: conversationParticipants })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, agentId)),
    )
    .where(and(eq(conversations.id, conversationId), conversationTeamAccessSql(agentId)))
    .limit(1);
  return row;
}

/** A conversation by id, with no access check: for an instance administrator's removal of a message. */
export async function findConversationRow(db: DbOrTx, conversationId: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  return row;
}

export async function findMessage(db: DbOrTx, messageId: string): Promise<MessageRow | undefined> {
  const [message] = await db.select(messageColumns).from(messages).where(eq(messages.id, messageId)).limit(1);
  return message;
}
