import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { TChatMessage, TSeenStatus } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { agents, attachments, conversationParticipants, conversations, messages, teams } from '../db/schema';
import { readPresence } from '../agents/agent-presence';
import { conversationTeamAccessSql } from './chat-access';
import {
  presentConversation,
  presentMessage,
  presentSeenAgent,
  type AgentRow,
  type AttachmentRow,
  type ConversationRow,
  type MessageRow,
} from './chat-presenters';

/** Presents message rows with their senders and attachments, in the order given. */
export async function presentMessageRows(ctx: AppContext, rows: MessageRow[]): Promise<TChatMessage[]> {
  if (rows.length === 0) return [];
  const senderIds = [...new Set(rows.map((m) => m.senderAgentId))];
  const [senders, files] = await Promise.all([
    ctx.db.select().from(agents).where(inArray(agents.id, senderIds)),
    ctx.db
      .select()
      .from(attachments)
      .where(
        inArray(
          attachments.messageId,
          rows.map((m) => m.id),
        ),
      )
      .orderBy(asc(attachments.createdAt), asc(attachments.id)),
  ]);
  const senderById = new Map(senders.map((a) => [a.id, a]));
  const filesByMessage = new Map<string, AttachmentRow[]>();
  for (const file of files) if (file.messageId) filesByMessage.set(file.messageId, [...(filesByMessage.get(file.messageId) ?? []), file]);
  return rows.map((m) => presentMessage(m, senderById.get(m.senderAgentId)!, filesByMessage.get(m.id) ?? [], ctx.config.jwtSecret));
}

export async function findParticipants(db: DbOrTx, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({ participant: conversationParticipants, agent: agents })
    .from(conversationParticipants)
    .innerJoin(agents, eq(agents.id, conversationParticipants.agentId))
    .where(inArray(conversationParticipants.conversationId, conversationIds))
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

/** Read cursors of everyone but the viewer: messageId → agents (each agent sits on one message). */
export async function seenStatusOf(db: DbOrTx, conversationId: string, viewerAgentId: string): Promise<TSeenStatus> {
  const rows = await findParticipants(db, [conversationId]);
  const status: TSeenStatus = {};
  for (const { participant, agent } of rows) {
    if (agent.id === viewerAgentId || !participant.lastReadMessageId) continue;
    (status[participant.lastReadMessageId] ??= []).push(presentSeenAgent(agent));
  }
  return status;
}

/** Conversations as the viewer sees them, with participants, team, last message, unread count and presence. */
export async function presentConversationRows(ctx: AppContext, rows: ConversationRow[], viewerAgentId: string) {
  if (rows.length === 0) return [];
  const ids = rows.map((c) => c.id);
  const teamIds = [...new Set(rows.map((c) => c.teamId).filter((id): id is string => id !== null))];
  const [participants, teamRows, lastMessageRows, unreadRows] = await Promise.all([
    findParticipants(ctx.db, ids),
    teamIds.length ? ctx.db.select().from(teams).where(inArray(teams.id, teamIds)) : Promise.resolve([]),
    ctx.db
      .select({ message: messages })
      .from(messages)
      .innerJoin(conversations, and(eq(conversations.id, messages.conversationId), eq(messages.seq, conversations.lastSeq)))
      .where(inArray(messages.conversationId, ids)),
    ctx.db
      .select({ conversationId: messages.conversationId, count: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(
        conversationParticipants,
        and(eq(conversationParticipants.conversationId, messages.conversationId), eq(conversationParticipants.agentId, viewerAgentId)),
      )
      .where(
        and(
          inArray(messages.conversationId, ids),
          gt(messages.seq, conversationParticipants.lastReadSeq),
          ne(messages.senderAgentId, viewerAgentId),
        ),
      )
      .groupBy(messages.conversationId),
  ]);
  const lastMessages = await presentMessageRows(
    ctx,
    lastMessageRows.map((r) => r.message),
  );
  // The same reading as the team cards: humans by socket, AI agents by whether their model answers.
  const online = await readPresence(
    ctx,
    participants.map((p) => p.agent),
  );
  const teamById = new Map(teamRows.map((t) => [t.id, t]));
  const lastByConversation = new Map(lastMessages.map((m) => [m.conversationId, m]));
  const unreadByConversation = new Map(unreadRows.map((r) => [r.conversationId, Number(r.count)]));
  return rows.map((conversation) =>
    presentConversation(
      {
        conversation,
        team: conversation.teamId ? (teamById.get(conversation.teamId) ?? null) : null,
        participants: participants.filter((p) => p.participant.conversationId === conversation.id),
        lastMessage: lastByConversation.get(conversation.id) ?? null,
        unreadCount: unreadByConversation.get(conversation.id) ?? 0,
        online,
      },
      viewerAgentId,
    ),
  );
}

export async function findAgent(db: DbOrTx, agentId: string): Promise<AgentRow | undefined> {
  const [agent] = await db.select().from(agents).where(eq(agents.id, agentId)).limit(1);
  return agent;
}
