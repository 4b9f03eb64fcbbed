import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * SQL for the membership rule where a query needs it inline (agent visibility, conversation access):
 * whether `agentId` (a value or a column) is an active member of `teamId` (a value or column; false for null).
 */
export const isActiveMemberSql = (teamId: SQLWrapper | string, agentId: SQLWrapper | string) => sql`exists (
  select 1 from team_members
  where team_members.team_id = ${teamId}
    and team_members.agent_id = ${agentId}
    and team_members.left_at is null
)`;
