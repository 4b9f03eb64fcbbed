import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * SQL for the membership rule where a query needs it inline (agent visibility, conversation access):
 * whether `agentId` (a value or a column) is an active member of `teamId` (a value or column; false for null)
 * and the team is active (not deleted: a deleted team keeps its memberships for a restore, and they
 * count for nothing meanwhile).
 */
export const isActiveMemberSql = (teamId: SQLWrapper | string, agentId: SQLWrapper | string) => sql`exists (
  select 1 from team_members
  join teams active_team on active_team.id = team_members.team_id and active_team.deleted_at is null
  where team_members.team_id = ${teamId}
    and team_members.agent_id = ${agentId}
    and team_members.left_at is null
)`;

/**
 * Whether the team still holds something a person would lose with it: a message in any of its rooms
 * or conversations (an empty #general or a "New conversation" never written in is nothing), or an AI agent.
 */
export const teamHoldsThingsSql = (teamId: string) => sql`(
  exists (
    select 1 from conversations c
    where c.team_id = ${teamId}
      and exists (select 1 from messages m where m.conversation_id = c.id and m.deleted_at is null)
  )
  or exists (
    select 1 from team_members m join agents a on a.id = m.agent_id
    where m.team_id = ${teamId} and m.left_at is null and a.is_human = false
  )
)`;
