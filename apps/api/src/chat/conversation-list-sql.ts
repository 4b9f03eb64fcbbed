/*
 * The inbox list's statements as plain SQL text, with nothing to import: the API runs them
 * (conversation-list-repo.ts) and the bench EXPLAINs the very same text (bench/src/scenarios/api-statements.ts).
 */

/** A timestamp column as epoch milliseconds (what `new Date(ms)` takes; microseconds are kept as a fraction, cut as before). */
export const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** An agent's columns as `<prefix><column>`, read back by conversation-list-repo.ts toAgent. */
const AGENT_COLUMNS = (alias: string, prefix: string) =>
  [
    ...['id', 'username', 'first_name', 'middle_name', 'last_name', 'role', 'is_human', 'is_external', 'personality', 'biometric', 'model', 'owner_team_id', 'status_text', 'dnd_schedule'].map(
      (column) => `${alias}.${column} as ${prefix}${column}`,
    ),
    ...['created_at', 'status_expires_at', 'dnd_until', 'deleted_at'].map((column) => `${epochMs(`${alias}.${column}`)} as ${prefix}${column}`),
  ].join(', ');

/** The page's participants with their agents. Parameter: the page's ids as an array. */
export const PARTICIPANTS_SQL = `select p.id, p.conversation_id, p.agent_id, p.last_read_message_id, p.last_read_seq, p.mailed_seq, p.notify_level, p.muted, p.closed_seq, p.following,
  ${epochMs('p.joined_at')} as joined_at, ${AGENT_COLUMNS('a', 'a_')}
from unnest($1::uuid[]) as page(id)
join conversation_participants p on p.conversation_id = page.id
join agents a on a.id = p.agent_id
order by p.joined_at, p.id`;

// Per conversation: its team, the viewer's role in it (rooms only) and unread mentions; its newest
// message (one probe of (conversation_id, seq)) with its sender (who may have left the conversation
// since), the agents it @mentions, its files and its reactions (oldest first).
export const DETAILS_SQL = `select c.id, t.id as team_id, t.handle as team_handle, t.name as team_name,
  case when c.type = 'room' then
    (select tm.role from team_members tm where tm.team_id = c.team_id and tm.agent_id = $2 and tm.left_at is null limit 1)
  end as viewer_team_role,
  (select count(*)::int from message_mentions mm
   where mm.agent_id = $2 and mm.conversation_id = c.id and mm.seq > vp.last_read_seq) as unread_mentions,
  m.id as m_id, m.seq as m_seq, m.sender_agent_id as m_sender_agent_id, m.content as m_content, m.message_type as m_message_type,
  m.meta as m_meta, m.client_message_id as m_client_message_id, ${epochMs('m.created_at')} as m_created_at,
  ${epochMs('m.edited_at')} as m_edited_at, ${epochMs('m.deleted_at')} as m_deleted_at, ${AGENT_COLUMNS('s', 's_')},
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
left join agents s on s.id = m.sender_agent_id`;
