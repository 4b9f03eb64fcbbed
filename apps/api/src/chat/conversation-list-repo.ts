import { and, eq, fillPlaceholders, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TReactionAgent } from '@agentroom/shared';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { agents, conversations, messages, replyJobs, type TMessageMeta } from '../db/schema';
import type { AgentRow, AttachmentRow, ConversationRow, MessageRow, ParticipantRow, TeamRow } from '../db/rows';
import { conversationTeamAccessSql } from './chat-access-sql';
import { uuidArray } from './chat-repo';
import { DETAILS_SQL, epochMs, PARTICIPANTS_SQL } from './conversation-list-sql';

/*
 * The statements behind a list of conversations (the inbox, one conversation, a room): a page, then
 * one step of two statements (the participants; per conversation its team, role and mention badge
 * and its last message with sender, mentions, files and reactions) plus the rare asked-by, with
 * presence as soon as the participants are known. All run as prepared statements: nothing is built
 * per call (drizzle building them was a fifth of a page's CPU) and each pooled connection plans them
 * once. A list of ids is one `uuid[]` parameter.
 */

/** `column = any($ids::uuid[])` with the list as the placeholder `name`. */
const anyOf = (column: AnyColumn, name = 'ids') => sql`${column} = any(${sql.placeholder(name)}::uuid[])`;

/** The conversation's newest message: the one at its last seq (one probe of (conversation_id, seq) each). */
const lastMessageJoin = and(eq(messages.conversationId, conversations.id), eq(messages.seq, conversations.lastSeq));

const lastMessageAskedBy = preparedQuery('conversation_list_last_asked_by', (db) =>
  db
    .select({ messageId: replyJobs.replyMessageId, agent: { id: agents.id, firstName: agents.firstName, lastName: agents.lastName } })
    .from(conversations)
    .innerJoin(messages, lastMessageJoin)
    .innerJoin(replyJobs, and(eq(replyJobs.replyMessageId, messages.id), isNotNull(replyJobs.askedByAgentId)))
    .innerJoin(agents, eq(agents.id, replyJobs.askedByAgentId))
    .where(anyOf(conversations.id)),
);

/*
 * The step after the page is two statements of SQL text run through `Database.queryRows` and read
 * by hand: drizzle's row mapping cost more than anything else the page did (a field at a time, 8,000
 * fields a page), and files, reactions, mentions, team and badge counts come as columns of the rows
 * they belong to instead of a statement each. The page's ids are joined from `unnest` (index probes;
 * `= any(…)` over a sequential scan compares every row with every id). Timestamps travel as epoch
 * milliseconds (a number: parsing Postgres's text form cost more than the rest of a row); an int8
 * arrives as a string on Postgres and as a number on PGlite: both are read here.
 */

type Raw = Record<string, unknown>;
const toDate = (value: unknown) => new Date(Number(value));
const toDateOrNull = (value: unknown) => (value === null || value === undefined ? null : toDate(value));
const toJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function toAgent(row: Raw, prefix: string): AgentRow {
  return {
    id: row[`${prefix}id`] as string,
    username: row[`${prefix}username`] as string,
    firstName: row[`${prefix}first_name`] as string,
    middleName: row[`${prefix}middle_name`] as string,
    lastName: row[`${prefix}last_name`] as string,
    role: row[`${prefix}role`] as string,
    isHuman: row[`${prefix}is_human`] as boolean,
    isExternal: row[`${prefix}is_external`] as boolean,
    personality: row[`${prefix}personality`] as string,
    biometric: toJson<AgentRow['biometric']>(row[`${prefix}biometric`]),
    model: row[`${prefix}model`] as string | null,
    ownerTeamId: row[`${prefix}owner_team_id`] as string | null,
    statusText: row[`${prefix}status_text`] as string,
    statusExpiresAt: toDateOrNull(row[`${prefix}status_expires_at`]),
    dndUntil: toDateOrNull(row[`${prefix}dnd_until`]),
    dndSchedule: toJson<AgentRow['dndSchedule']>(row[`${prefix}dnd_schedule`]),
    deletedAt: toDateOrNull(row[`${prefix}deleted_at`]),
    createdAt: toDate(row[`${prefix}created_at`]),
  };
}

/** The conversations' participants with their agents, in the order they joined (an agent in many is one object). */
export async function findListParticipants(database: Database, conversationIds: string[]): Promise<{ participant: ParticipantRow; agent: AgentRow }[]> {
  const rows = await database.queryRows('conversation_list_participants', PARTICIPANTS_SQL, [uuidArray(conversationIds)]);
  const agentById = new Map<string, AgentRow>();
  return rows.map((row) => {
    const agentId = row.agent_id as string;
    let agent = agentById.get(agentId);
    if (!agent) agentById.set(agentId, (agent = toAgent(row, 'a_')));
    return {
      participant: {
        id: row.id as string,
        conversationId: row.conversation_id as string,
        agentId,
        lastReadMessageId: row.last_read_message_id as string | null,
        lastReadSeq: Number(row.last_read_seq),
        mailedSeq: Number(row.mailed_seq),
        notifyLevel: row.notify_level as ParticipantRow['notifyLevel'],
        muted: row.muted as boolean,
        closedSeq: row.closed_seq === null || row.closed_seq === undefined ? null : Number(row.closed_seq),
        joinedAt: toDate(row.joined_at),
        following: row.following as boolean,
      },
      agent,
    };
  });
}

/** A last message's file as the message shows it. */
export type ListFile = Pick<AttachmentRow, 'id' | 'messageId' | 'filename' | 'mime' | 'size'>;

export interface ConversationExtras {
  team: Pick<TeamRow, 'id' | 'handle' | 'name'> | null;
  /** Rooms: the viewer's role in the room's team (a team owner or admin manages every room of it). */
  viewerTeamRole: string | null;
  /** Messages that @mention the viewer past the viewer's read cursor. */
  unreadMentions: number;
}

/**
 * Per conversation its team, the viewer's role (rooms) and unread mentions; and each newest message
 * with its sender, the agents it @mentions, its files and reactions (oldest first) and, for an AI
 * reply another agent asked for, that agent.
 */
export async function findListDetails(database: Database, conversationIds: string[], viewerAgentId: string) {
  const ids = uuidArray(conversationIds);
  const [rows, askedByRows] = await Promise.all([
    database.queryRows('conversation_list_details', DETAILS_SQL, [ids, viewerAgentId]),
    lastMessageAskedBy(database.db).execute({ ids }),
  ]);
  const extras = new Map<string, ConversationExtras>();
  const messageRows: MessageRow[] = [];
  const senders: AgentRow[] = [];
  const files: ListFile[] = [];
  const reactions: { messageId: string; emoji: string; agent: TReactionAgent }[] = [];
  const mentions = new Map<string, string[]>();
  for (const row of rows) {
    const conversationId = row.id as string;
    extras.set(conversationId, {
      team: row.team_id ? { id: row.team_id as string, handle: row.team_handle as string, name: row.team_name as string } : null,
      viewerTeamRole: (row.viewer_team_role as string | null) ?? null,
      unreadMentions: Number(row.unread_mentions ?? 0),
    });
    if (!row.m_id) continue;
    const id = row.m_id as string;
    messageRows.push({
      id,
      conversationId,
      seq: Number(row.m_seq),
      senderAgentId: row.m_sender_agent_id as string,
      content: row.m_content as string,
      messageType: row.m_message_type as string,
      meta: toJson<TMessageMeta>(row.m_meta),
      clientMessageId: row.m_client_message_id as string | null,
      createdAt: toDate(row.m_created_at),
      editedAt: toDateOrNull(row.m_edited_at),
      deletedAt: toDateOrNull(row.m_deleted_at),
    });
    senders.push(toAgent(row, 's_'));
    files.push(...toJson<ListFile[]>(row.m_files));
    reactions.push(...toJson<typeof reactions>(row.m_reactions));
    const mentioned = toJson<string[]>(row.m_mentions);
    if (mentioned.length) mentions.set(id, mentioned);
  }
  const askedBy = new Map(askedByRows.map((r) => [r.messageId!, r.agent]));
  return { extras, last: { messages: messageRows, senders, files, reactions, mentions, askedBy } };
}

// The page: the agent's conversations they may still use (conversations lost with a team are not
// listed either), latest activity first; 1:1s without a message, or closed by the viewer, are left out. Built once, with the access rule's own SQL.
const PAGE_QUERY = new PgDialect().sqlToQuery(sql`select conversations.id, conversations.type, conversations.team_id, conversations.pair_key,
  conversations.last_seq, conversations.removed_through_seq, ${sql.raw(epochMs('conversations.last_message_at'))} as last_message_at_ms,
  ${sql.raw(epochMs('conversations.created_at'))} as created_at_ms, conversations.name, conversations.topic, conversations.is_private,
  conversations.is_general, conversations.created_by, conversations.answers_all_agent_id, conversations.agent_turn_limit,
  conversations.parent_conversation_id, conversations.thread_root_message_id
from conversations
join conversation_participants viewer on viewer.conversation_id = conversations.id and viewer.agent_id = ${sql.placeholder('agentId')}
where ${conversationTeamAccessSql(sql.placeholder('agentId'))}
  -- A 1:1 shows once it has a message, and not while the viewer has closed it (until a newer message).
  -- Threads are listed in the Threads view, never here (decision 0026).
  and conversations.type <> 'thread'
  and (conversations.type = 'room' or (conversations.last_seq > 0 and (viewer.closed_seq is null or conversations.last_seq > viewer.closed_seq)))
order by coalesce(conversations.last_message_at, conversations.created_at) desc, conversations.id desc
limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`);

/** A page of the agent's conversations, latest activity first (`limit` rows from `offset`). */
export async function findConversationPage(database: Database, agentId: string, limit: number, offset: number): Promise<ConversationRow[]> {
  const rows = await database.queryRows('conversation_list_page', PAGE_QUERY.sql, fillPlaceholders(PAGE_QUERY.params, { agentId, limit, offset }));
  return rows.map(
    (row): ConversationRow => ({
      id: row.id as string,
      type: row.type as ConversationRow['type'],
      teamId: row.team_id as string | null,
      pairKey: row.pair_key as string,
      lastSeq: Number(row.last_seq),
      removedThroughSeq: Number(row.removed_through_seq),
      lastMessageAt: toDateOrNull(row.last_message_at_ms),
      createdAt: toDate(row.created_at_ms),
      name: row.name as string | null,
      topic: row.topic as string,
      isPrivate: row.is_private as boolean,
      isGeneral: row.is_general as boolean,
      createdBy: row.created_by as string | null,
      answersAllAgentId: row.answers_all_agent_id as string | null,
      agentTurnLimit: Number(row.agent_turn_limit),
      parentConversationId: row.parent_conversation_id as string | null,
      threadRootMessageId: row.thread_root_message_id as string | null,
    }),
  );
}
