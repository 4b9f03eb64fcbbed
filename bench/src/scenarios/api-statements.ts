/**
 * The statements the API runs for the inbox and search pages, as drizzle writes them (parameters
 * numbered the same), for the `EXPLAIN ANALYZE` in the result JSON. Keep them in step with
 * apps/api/src/chat/conversation-service.ts, chat-repo.ts and search-service.ts.
 */

/** conversationTeamAccessSql(agentId) with the agent as parameter `$n`. */
const teamAccess = (n: number, m: number) => `(
  ("conversations"."team_id" is null or exists (
  select 1 from team_members
  where team_members.team_id = "conversations"."team_id"
    and team_members.agent_id = $${n}
    and team_members.left_at is null
))
  and not exists (
    select 1
    from conversation_participants ai_participant
    join agents ai on ai.id = ai_participant.agent_id
    where ai_participant.conversation_id = "conversations"."id"
      and ai.is_human = false
      and not exists (
  select 1 from team_members
  where team_members.team_id = ai.owner_team_id
    and team_members.agent_id = $${m}
    and team_members.left_at is null
)
  )
)`;

/** A timestamp column as epoch milliseconds (conversation-list-repo.ts epochMs). */
const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/**
 * A page of the caller's conversations (conversation-list-repo.ts findConversationPage; there the
 * agent is $1, $2 and $3). Parameters: agent id, limit + 1, offset.
 */
export const inboxPageSql = `select conversations.id, conversations.type, conversations.team_id, conversations.pair_key,
  conversations.last_seq, ${epochMs('conversations.last_message_at')} as last_message_at_ms,
  ${epochMs('conversations.created_at')} as created_at_ms, conversations.name, conversations.topic, conversations.is_private,
  conversations.is_general, conversations.created_by, conversations.answers_all_agent_id, conversations.agent_turn_limit
from conversations
join conversation_participants viewer on viewer.conversation_id = conversations.id and viewer.agent_id = $1
where ${teamAccess(1, 1)}
order by coalesce(conversations.last_message_at, conversations.created_at) desc, conversations.id desc
limit $2 offset $3`;

/** An agent's columns as `<prefix><column>` (conversation-list-repo.ts AGENT_COLUMNS). */
const agentColumns = (alias: string, prefix: string) =>
  [
    ...['id', 'username', 'first_name', 'middle_name', 'last_name', 'role', 'is_human', 'personality', 'biometric', 'model', 'owner_team_id'].map(
      (column) => `${alias}.${column} as ${prefix}${column}`,
    ),
    `${epochMs(`${alias}.created_at`)} as ${prefix}created_at`,
  ].join(', ');

/**
 * The step after the page (conversation-list-repo.ts), its two statements run at once: the page's
 * participants, and per conversation its team, role, mention badge and last message with what that
 * shows. Parameters: the page's ids as an array (and the viewer for the second).
 */
export const inboxStepSql = {
  participants: `select p.id, p.conversation_id, p.agent_id, p.last_read_message_id, p.last_read_seq, p.mailed_seq,
  ${epochMs('p.joined_at')} as joined_at, ${agentColumns('a', 'a_')}
from unnest($1::uuid[]) as page(id)
join conversation_participants p on p.conversation_id = page.id
join agents a on a.id = p.agent_id
order by p.joined_at, p.id`,
  details: `select c.id, t.id as team_id, t.handle as team_handle, t.name as team_name,
  case when c.type = 'room' then
    (select tm.role from team_members tm where tm.team_id = c.team_id and tm.agent_id = $2 and tm.left_at is null limit 1)
  end as viewer_team_role,
  (select count(*)::int from message_mentions mm
   where mm.agent_id = $2 and mm.conversation_id = c.id and mm.seq > vp.last_read_seq) as unread_mentions,
  m.id as m_id, m.seq as m_seq, m.sender_agent_id as m_sender_agent_id, m.content as m_content, m.message_type as m_message_type,
  m.meta as m_meta, m.client_message_id as m_client_message_id, ${epochMs('m.created_at')} as m_created_at,
  ${epochMs('m.edited_at')} as m_edited_at, ${epochMs('m.deleted_at')} as m_deleted_at, ${agentColumns('s', 's_')},
  (select coalesce(json_agg(mm.agent_id), '[]'::json) from message_mentions mm where mm.message_id = m.id) as m_mentions,
  (select coalesce(json_agg(json_build_object('id', f.id, 'messageId', f.message_id, 'filename', f.filename, 'mime', f.mime, 'size', f.size)
     order by f.created_at, f.id), '[]'::json) from attachments f where f.message_id = m.id) as m_files,
  (select coalesce(json_agg(json_build_object('messageId', r.message_id, 'emoji', r.emoji,
     'agent', json_build_object('id', ra.id, 'firstName', ra.first_name, 'lastName', ra.last_name)) order by r.created_at, r.id), '[]'::json)
   from message_reactions r join agents ra on ra.id = r.agent_id where r.message_id = m.id) as m_reactions
from unnest($1::uuid[]) as page(id)
join conversations c on c.id = page.id
left join teams t on t.id = c.team_id
left join conversation_participants vp on vp.conversation_id = c.id and vp.agent_id = $2
left join messages m on m.conversation_id = c.id and m.seq = c.last_seq
left join agents s on s.id = m.sender_agent_id`,
};

/** Unread counts take no statement: last_seq - last_read_seq of rows the page reads anyway (chat-views.ts). */
export const inboxUnreadSql: string | undefined = undefined;

/** The conversations the searcher may read (searchMessages' first statement). Parameter: agent id. */
export const searchReadableSql = `select "conversations"."id" from "conversations"
inner join "conversation_participants" on ("conversation_participants"."conversation_id" = "conversations"."id" and "conversation_participants"."agent_id" = $1)
where ${teamAccess(1, 1)}`;

/**
 * A page of search hits (searchMessages' second statement) for a searcher whose conversations hold
 * more than 20,000 messages (the bench's holds 100,000): the id list is a filter, not an index
 * condition. Parameters: readable ids as an array literal, q, limit + 1, offset.
 */
export const searchPageSql = `select "messages"."id", "messages"."conversation_id", "messages"."seq", "messages"."sender_agent_id", "messages"."created_at"
from "messages"
where (("messages"."conversation_id" = any($1::uuid[])) is not false and "messages"."search_vector" @@ websearch_to_tsquery('english', $2) and "messages"."deleted_at" is null and "messages"."message_type" = 'text')
order by "messages"."created_at" desc, "messages"."id" desc limit $3 offset $4`;
