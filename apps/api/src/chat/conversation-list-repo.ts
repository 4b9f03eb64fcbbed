import { and, asc, desc, eq, gt, isNotNull, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import {
  agents,
  attachments,
  conversationParticipants,
  conversations,
  messageColumns,
  messageMentions,
  messageReactions,
  messages,
  replyJobs,
  teamMembers,
  teams,
} from '../db/schema';
import type { AgentRow, AttachmentRow, ConversationRow, MessageRow, ParticipantRow, TeamRow } from '../db/rows';
import { conversationTeamAccessSql } from './chat-access';
import { uuidArray } from './chat-repo';

/*
 * The statements behind a list of conversations (the inbox, one conversation, a room), prepared:
 * drizzle builds each once per database handle instead of on every call (building them was a third
 * of a page's CPU), and each pooled Postgres connection plans it once. A list of ids is one `uuid[]`
 * parameter. Everything a page shows besides presence is read in one parallel step after the page.
 */

/** `column = any($ids::uuid[])` with the list as the placeholder `name`. */
const anyOf = (column: AnyColumn, name = 'ids') => sql`${column} = any(${sql.placeholder(name)}::uuid[])`;

/** The conversation's newest message: the one at its last seq (one probe of (conversation_id, seq) each). */
const lastMessageJoin = and(eq(messages.conversationId, conversations.id), eq(messages.seq, conversations.lastSeq));

const activity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;

const conversationPage = preparedQuery('conversation_list_page', (db) =>
  db
    .select({ conversation: conversations })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, sql.placeholder('agentId'))),
    )
    // Conversations lost with a team are not listed either.
    .where(conversationTeamAccessSql(sql.placeholder('agentId')))
    .orderBy(desc(activity), desc(conversations.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/** A page of the agent's conversations, latest activity first (`limit` rows from `offset`). */
export async function findConversationPage(db: Db, agentId: string, limit: number, offset: number): Promise<ConversationRow[]> {
  const rows = await conversationPage(db).execute({ agentId, limit, offset });
  return rows.map((r) => r.conversation);
}

const participantsOf = preparedQuery('conversation_list_participants', (db) =>
  db
    .select({ participant: conversationParticipants, agent: agents })
    .from(conversationParticipants)
    .innerJoin(agents, eq(agents.id, conversationParticipants.agentId))
    .where(anyOf(conversationParticipants.conversationId))
    .orderBy(asc(conversationParticipants.joinedAt), asc(conversationParticipants.id)),
);

/** The conversations' participants with their agents, in the order they joined. */
export async function findListParticipants(db: Db, conversationIds: string[]): Promise<{ participant: ParticipantRow; agent: AgentRow }[]> {
  return participantsOf(db).execute({ ids: uuidArray(conversationIds) });
}

const lastMessagesOf = preparedQuery('conversation_list_last_messages', (db) =>
  db
    .select({
      message: messageColumns,
      // Its sender may have left the conversation since: read beside the message, not among the participants.
      sender: agents,
      mentions: sql<string[]>`(select coalesce(json_agg(mm.agent_id), '[]') from message_mentions mm where mm.message_id = ${messages.id})`,
    })
    .from(conversations)
    .innerJoin(messages, lastMessageJoin)
    .innerJoin(agents, eq(agents.id, messages.senderAgentId))
    .where(anyOf(conversations.id)),
);

const lastMessageFiles = preparedQuery('conversation_list_last_files', (db) =>
  db
    .select({ file: attachments })
    .from(conversations)
    .innerJoin(messages, lastMessageJoin)
    .innerJoin(attachments, eq(attachments.messageId, messages.id))
    .where(anyOf(conversations.id))
    .orderBy(asc(attachments.createdAt), asc(attachments.id)),
);

const lastMessageReactions = preparedQuery('conversation_list_last_reactions', (db) =>
  db
    .select({
      messageId: messageReactions.messageId,
      emoji: messageReactions.emoji,
      agent: { id: agents.id, firstName: agents.firstName, lastName: agents.lastName },
    })
    .from(conversations)
    .innerJoin(messages, lastMessageJoin)
    .innerJoin(messageReactions, eq(messageReactions.messageId, messages.id))
    .innerJoin(agents, eq(agents.id, messageReactions.agentId))
    .where(anyOf(conversations.id))
    .orderBy(asc(messageReactions.createdAt), asc(messageReactions.id)),
);

const lastMessageAskedBy = preparedQuery('conversation_list_last_asked_by', (db) =>
  db
    .select({ messageId: replyJobs.replyMessageId, agent: { id: agents.id, firstName: agents.firstName, lastName: agents.lastName } })
    .from(conversations)
    .innerJoin(messages, lastMessageJoin)
    .innerJoin(replyJobs, and(eq(replyJobs.replyMessageId, messages.id), isNotNull(replyJobs.askedByAgentId)))
    .innerJoin(agents, eq(agents.id, replyJobs.askedByAgentId))
    .where(anyOf(conversations.id)),
);

/**
 * Each conversation's newest message with its sender, the agents it @mentions, its files and
 * reactions (oldest first) and, for an AI reply another agent asked for, that agent.
 */
export async function findListLastMessages(db: Db, conversationIds: string[]) {
  const ids = uuidArray(conversationIds);
  const [rows, files, reactions, askedByRows] = await Promise.all([
    lastMessagesOf(db).execute({ ids }),
    lastMessageFiles(db).execute({ ids }),
    lastMessageReactions(db).execute({ ids }),
    lastMessageAskedBy(db).execute({ ids }),
  ]);
  const messageRows: MessageRow[] = rows.map((r) => r.message);
  return {
    messages: messageRows,
    senders: rows.map((r) => r.sender),
    files: files.map((r): AttachmentRow => r.file),
    reactions,
    mentions: new Map(rows.map((r) => [r.message.id, r.mentions])),
    askedBy: new Map(askedByRows.map((r) => [r.messageId!, r.agent])),
  };
}

const unreadMentionCounts = preparedQuery('conversation_list_unread_mentions', (db) =>
  db
    .select({ conversationId: messageMentions.conversationId, count: sql<number>`count(*)::int` })
    .from(messageMentions)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, messageMentions.conversationId), eq(conversationParticipants.agentId, sql.placeholder('agentId'))),
    )
    .where(
      and(
        eq(messageMentions.agentId, sql.placeholder('agentId')),
        anyOf(messageMentions.conversationId),
        gt(messageMentions.seq, conversationParticipants.lastReadSeq),
      ),
    )
    .groupBy(messageMentions.conversationId),
);

/** Messages that @mention the viewer past the viewer's read cursor, per conversation (the mention badge). */
export async function countListUnreadMentions(db: Db, conversationIds: string[], viewerAgentId: string): Promise<Map<string, number>> {
  const rows = await unreadMentionCounts(db).execute({ ids: uuidArray(conversationIds), agentId: viewerAgentId });
  return new Map(rows.map((r) => [r.conversationId, Number(r.count)]));
}

const teamsOf = preparedQuery('conversation_list_teams', (db) => db.select().from(teams).where(anyOf(teams.id)));

export async function findListTeams(db: Db, teamIds: string[]): Promise<TeamRow[]> {
  return teamIds.length ? teamsOf(db).execute({ ids: uuidArray(teamIds) }) : [];
}

const teamRolesOf = preparedQuery('conversation_list_team_roles', (db) =>
  db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(anyOf(teamMembers.teamId), eq(teamMembers.agentId, sql.placeholder('agentId')), isNull(teamMembers.leftAt))),
);

/** The viewer's role in each of the given teams it is an active member of (rooms: who manages them). */
export async function findListTeamRoles(db: Db, teamIds: string[], agentId: string): Promise<Map<string, string>> {
  if (teamIds.length === 0) return new Map();
  const rows = await teamRolesOf(db).execute({ ids: uuidArray(teamIds), agentId });
  return new Map(rows.map((r) => [r.teamId, r.role]));
}
