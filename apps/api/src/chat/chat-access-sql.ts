import { sql, type SQLWrapper } from 'drizzle-orm';
import { conversations } from '../db/schema';
import { isActiveMemberSql } from '../teams/teams-sql';

/**
 * SQL: the team part of the conversation rule, for a participant `agentId` (a value or a column) of
 * the conversation row in scope. A team-scoped conversation needs an active membership of its team,
 * and a conversation with an AI agent an active membership of the team that owns that agent (its
 * personality and model budget are the team's). Leaving the team ends both (decision 0006).
 */
export const conversationTeamAccessSql = (agentId: SQLWrapper | string) => sql`(
  (${conversations.teamId} is null or ${isActiveMemberSql(conversations.teamId, agentId)})
  and not exists (
    select 1
    from conversation_participants ai_participant
    join agents ai on ai.id = ai_participant.agent_id
    where ai_participant.conversation_id = ${conversations.id}
      and ai.is_human = false
      and not ${isActiveMemberSql(sql`ai.owner_team_id`, agentId)}
  )
)`;
