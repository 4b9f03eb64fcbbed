import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * SQL: whether `viewer` shares an active team with `target` (values or columns) — the reach rule
 * (decision 0022). Active: the team is not deleted and both memberships have not ended. An AI
 * agent is "in" the team that owns it (decision 0006) and no other, whatever membership rows say.
 */
export const sharesActiveTeamSql = (viewer: SQLWrapper | string, target: SQLWrapper | string) => sql`(
  exists (
    select 1
    from team_members reach_viewer
    join teams reach_team on reach_team.id = reach_viewer.team_id and reach_team.deleted_at is null
    join team_members reach_target on reach_target.team_id = reach_viewer.team_id
    join agents reach_person on reach_person.id = reach_target.agent_id and reach_person.is_human
    where reach_viewer.agent_id = ${viewer}
      and reach_target.agent_id = ${target}
      and reach_viewer.left_at is null
      and reach_target.left_at is null
  )
  or exists (
    select 1
    from agents reach_ai
    join teams reach_team on reach_team.id = reach_ai.owner_team_id and reach_team.deleted_at is null
    join team_members reach_viewer on reach_viewer.team_id = reach_ai.owner_team_id
    where reach_ai.id = ${target}
      and reach_ai.is_human = false
      and reach_viewer.agent_id = ${viewer}
      and reach_viewer.left_at is null
  )
)`;

/** SQL: whether `blocker` blocked `blocked` (values or columns). */
export const hasBlockedSql = (blocker: SQLWrapper | string, blocked: SQLWrapper | string) => sql`exists (
  select 1 from agent_blocks where agent_blocks.blocker_agent_id = ${blocker} and agent_blocks.blocked_agent_id = ${blocked}
)`;

/** SQL: whether the two take part in one 1:1 conversation (personal or team-scoped) together. */
export const shareOneToOneSql = (viewer: SQLWrapper | string, target: SQLWrapper | string) => sql`exists (
  select 1
  from conversations pair
  join conversation_participants pair_viewer on pair_viewer.conversation_id = pair.id and pair_viewer.agent_id = ${viewer}
  join conversation_participants pair_target on pair_target.conversation_id = pair.id and pair_target.agent_id = ${target}
  where pair.type <> 'room'
)`;
