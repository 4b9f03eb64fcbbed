import { sql } from 'drizzle-orm';
import { rowsOf } from '../agents/agents-repo';
import type { DbOrTx } from '../db/client';

// What goes into an export's ZIP (decision 0028). Each query names its columns: never a password
// hash, a token, a webhook secret or an MCP header, so a new column cannot slip into a ZIP.

type Row = Record<string, unknown>;
const all = async <T = Row>(db: DbOrTx, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

/** A person's display name, or their username when they gave none. */
const displayNameSql = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.username)`);

/**
 * A conversation's name as `viewerId` sees it: "#room", the other people of a 1:1 (or their own name
 * when alone), "Thread in …" for a thread.
 */
const conversationNameSql = (viewerId: string) => sql`case
  when c.type = 'room' then '#' || c.name
  when c.type = 'thread' then 'Thread in ' || coalesce((select '#' || p.name from conversations p where p.id = c.parent_conversation_id and p.type = 'room'), 'a conversation')
  else coalesce(
    (select string_agg(${displayNameSql('o')}, ', ' order by o.username)
       from conversation_participants op join agents o on o.id = op.agent_id
       where op.conversation_id = c.id and op.agent_id <> ${viewerId}),
    (select ${displayNameSql('me')} from agents me where me.id = ${viewerId}))
end`;

export interface Recipient {
  email: string;
  name: string;
  locale: string | null;
}

export async function findRecipient(db: DbOrTx, agentId: string): Promise<Recipient | undefined> {
  const [row] = await all<Recipient>(
    db,
    sql`select acc.email, ${displayNameSql('a')} as name, acc.locale from agents a join accounts acc on acc.agent_id = a.id where a.id = ${agentId}`,
  );
  return row;
}

export const findProfile = async (db: DbOrTx, agentId: string) =>
  (
    await all(
      db,
      sql`select acc.email, a.username, a.first_name as "firstName", a.middle_name as "middleName", a.last_name as "lastName",
        a.role, acc.locale, acc.created_at as "createdAt"
      from agents a join accounts acc on acc.agent_id = a.id where a.id = ${agentId}`,
    )
  )[0];

export const findTeamMemberships = (db: DbOrTx, agentId: string) =>
  all(
    db,
    sql`select t.handle, t.name, m.role, m.joined_at as "joinedAt", m.left_at as "leftAt"
    from team_members m join teams t on t.id = m.team_id where m.agent_id = ${agentId} order by m.joined_at`,
  );

export const findRoomMemberships = (db: DbOrTx, agentId: string) =>
  all(
    db,
    sql`select t.handle as "teamHandle", c.name, c.is_private as "isPrivate", p.joined_at as "joinedAt"
    from conversation_participants p join conversations c on c.id = p.conversation_id join teams t on t.id = c.team_id
    where p.agent_id = ${agentId} and c.type = 'room' order by t.handle, c.name`,
  );

export const findConversationsOf = (db: DbOrTx, agentId: string) =>
  all(
    db,
    sql`select c.id, c.type, ${conversationNameSql(agentId)} as name, t.handle as "teamHandle", p.joined_at as "joinedAt", c.created_at as "createdAt"
    from conversation_participants p join conversations c on c.id = p.conversation_id left join teams t on t.id = c.team_id
    where p.agent_id = ${agentId} order by c.created_at`,
  );

/** Only the messages `agentId` sent, wherever they are, with their conversation's name as they see it. */
export const findMessagesSentBy = (db: DbOrTx, agentId: string) =>
  all(
    db,
    sql`select m.conversation_id as "conversationId", ${conversationNameSql(agentId)} as "conversationName", m.seq::float8 as seq,
      m.created_at as "createdAt", case when m.deleted_at is null then m.content end as content, m.edited_at as "editedAt",
      m.deleted_at is not null as deleted,
      coalesce((select json_agg(f.filename order by f.created_at) from attachments f where f.message_id = m.id), '[]'::json) as attachments
    from messages m join conversations c on c.id = m.conversation_id
    where m.sender_agent_id = ${agentId} order by m.created_at, m.seq`,
  );

export interface ExportFile {
  id: string;
  filename: string;
  storageKey: string;
  /** The room a team export files it under (null in a personal export). */
  roomId: string | null;
}

/** The files `agentId` uploaded to messages that are still there. */
export const findFilesUploadedBy = (db: DbOrTx, agentId: string) =>
  all<ExportFile>(
    db,
    sql`select f.id, f.filename, f.storage_key as "storageKey", null as "roomId"
    from attachments f join messages m on m.id = f.message_id
    where f.uploader_agent_id = ${agentId} and m.deleted_at is null order by f.created_at`,
  );

export const findTeam = async (db: DbOrTx, teamId: string) =>
  (
    await all(
      db,
      sql`select t.name, t.handle, t.description, t.is_private as "isPrivate", t.retention_days as "retentionDays",
        t.retention_keep_pinned as "retentionKeepPinned", t.created_at as "createdAt"
      from teams t where t.id = ${teamId}`,
    )
  )[0];

/** People of the team, past ones included (no emails: an export leaves the instance). */
export const findTeamPeople = (db: DbOrTx, teamId: string) =>
  all(
    db,
    sql`select a.username, ${displayNameSql('a')} as name, m.role, m.joined_at as "joinedAt", m.left_at as "leftAt"
    from team_members m join agents a on a.id = m.agent_id
    where m.team_id = ${teamId} and a.is_human order by m.joined_at`,
  );

/** The team's AI agents with their tools and policies (MCP servers by name only: their URLs and headers stay). */
export const findTeamAiAgents = (db: DbOrTx, teamId: string) =>
  all(
    db,
    sql`select a.username, ${displayNameSql('a')} as name, a.role, a.personality as persona, a.model, a.created_at as "createdAt",
      coalesce((select json_agg(json_build_object('server', s.name, 'tool', t.tool_name, 'policy', t.policy, 'approvers', t.approvers) order by s.name, t.tool_name)
        from agent_tools t left join mcp_servers s on s.id = t.server_id where t.agent_id = a.id), '[]'::json) as tools
    from agents a where a.owner_team_id = ${teamId} and not a.is_human and not a.is_external and a.deleted_at is null order by a.username`,
  );

/** External agents: their settings, never their tokens or webhook secret (the webhook by its host only). */
export const findTeamExternalAgents = (db: DbOrTx, teamId: string) =>
  all<{ username: string; name: string; listensTo: string; webhookUrl: string | null; createdAt: unknown }>(
    db,
    sql`select a.username, ${displayNameSql('a')} as name, x.listens_to as "listensTo", x.webhook_url as "webhookUrl", x.created_at as "createdAt"
    from external_agents x join agents a on a.id = x.agent_id where x.team_id = ${teamId} and a.deleted_at is null order by a.username`,
  );

/** Rooms `agentId` can read: the team's open rooms and the private ones they are in (no 1:1s). */
export const findReadableRooms = (db: DbOrTx, teamId: string, agentId: string) =>
  all<{ id: string; name: string; topic: string; isPrivate: boolean; isGeneral: boolean; createdAt: unknown }>(
    db,
    sql`select c.id, c.name, c.topic, c.is_private as "isPrivate", c.is_general as "isGeneral", c.created_at as "createdAt"
    from conversations c where c.team_id = ${teamId} and c.type = 'room'
      and (not c.is_private or exists (select 1 from conversation_participants p where p.conversation_id = c.id and p.agent_id = ${agentId}))
    order by c.name`,
  );

/** A room's messages and its threads' (`threadOf`: the message a thread answers). */
export const findRoomMessages = (db: DbOrTx, roomId: string) =>
  all(
    db,
    sql`select m.id, case when c.type = 'thread' then c.thread_root_message_id end as "threadOf", m.seq::float8 as seq,
      s.username as "senderUsername", ${displayNameSql('s')} as "senderName", m.created_at as "createdAt",
      case when m.deleted_at is null then m.content end as content, m.edited_at as "editedAt", m.deleted_at is not null as deleted,
      coalesce((select json_agg(f.filename order by f.created_at) from attachments f where f.message_id = m.id), '[]'::json) as attachments
    from messages m join conversations c on c.id = m.conversation_id join agents s on s.id = m.sender_agent_id
    where c.id = ${roomId} or c.parent_conversation_id = ${roomId}
    order by (c.type = 'thread'), c.created_at, m.seq`,
  );

export const findRoomFiles = (db: DbOrTx, roomId: string) =>
  all<ExportFile>(
    db,
    sql`select f.id, f.filename, f.storage_key as "storageKey", ${roomId}::uuid as "roomId"
    from attachments f join messages m on m.id = f.message_id join conversations c on c.id = m.conversation_id
    where (c.id = ${roomId} or c.parent_conversation_id = ${roomId}) and m.deleted_at is null order by f.created_at`,
  );
