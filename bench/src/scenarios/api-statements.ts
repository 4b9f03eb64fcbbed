/**
 * The statements the API runs for the inbox and search pages, as drizzle writes them (parameters
 * numbered the same), for the `EXPLAIN ANALYZE` in the result JSON. Keep them in step with
 * apps/api/src/chat/conversation-service.ts, chat-repo.ts and search-service.ts.
 */

import { DETAILS_SQL, epochMs, PARTICIPANTS_SQL } from '../../../apps/api/src/chat/conversation-list-sql';
import { SEARCH_HITS_SQL, searchHitsParams } from '../../../apps/api/src/chat/search-sql';

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

/**
 * The step after the page, its two statements run at once: the page's participants, and per
 * conversation its team, role, mention badge and last message with what that shows. The API's own
 * text (not a copy). Parameters: the page's ids as an array (and the viewer for the second).
 */
export const inboxStepSql = { participants: PARTICIPANTS_SQL, details: DETAILS_SQL };

/** Unread counts take no statement: last_seq - last_read_seq of rows the page reads anyway (chat-views.ts). */
export const inboxUnreadSql: string | undefined = undefined;

/** The conversations the searcher may read (searchMessages' first statement). Parameter: agent id. */
export const searchReadableSql = `select "conversations"."id" from "conversations"
inner join "conversation_participants" on ("conversation_participants"."conversation_id" = "conversations"."id" and "conversation_participants"."agent_id" = $1)
where ${teamAccess(1, 1)}`;

/**
 * A page of search hits (searchMessages' second statement): the API's own text (not a copy), each of
 * the searcher's conversations read on its own. Parameters from `searchPageParams`.
 */
export const searchPageSql = SEARCH_HITS_SQL;

/** The page statement's parameters as the API passes them: readable ids, q, page and its size. */
export const searchPageParams = (ids: string[], q: string, page: number, limit: number) =>
  searchHitsParams({ readableIds: `{${ids.join(',')}}`, q, conversations: ids.length, page, limit });
