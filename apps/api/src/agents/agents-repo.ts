import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agents } from '../db/schema';
import type { AgentRow } from '../db/rows';

export async function findAgentByUsername(db: DbOrTx, username: string): Promise<AgentRow | undefined> {
  const [agent] = await db
    .select()
    .from(agents)
    .where(sql`lower(${agents.username}) = lower(${username})`)
    .limit(1);
  return agent;
}

export async function findAgentById(db: DbOrTx, id: string): Promise<AgentRow | undefined> {
  const [agent] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
  return agent;
}

/**
 * Whether `viewerId` may see the agent. Humans are visible to every signed-in verified user. An AI
 * agent is visible when it shares an active team with the viewer, or when it is active in at least
 * one public team; an AI agent of private teams only is invisible to outsiders (they get a 404).
 */
export async function canSeeAgent(db: DbOrTx, agent: AgentRow, viewerId: string): Promise<boolean> {
  if (agent.isHuman || agent.id === viewerId) return true;
  const rows = await db.execute<{ visible: boolean }>(sql`
    select exists (
      select 1
      from team_members agent_teams
      join teams on teams.id = agent_teams.team_id
      where agent_teams.agent_id = ${agent.id}
        and agent_teams.left_at is null
        and (
          teams.is_private = false
          or exists (
            select 1 from team_members viewer_teams
            where viewer_teams.team_id = agent_teams.team_id
              and viewer_teams.agent_id = ${viewerId}
              and viewer_teams.left_at is null
          )
        )
    ) as visible`);
  return rowsOf<{ visible: boolean }>(rows)[0]?.visible === true;
}

/** Whether `managerId` is an owner or admin of an active team the agent belongs to. */
export async function managesTeamOf(db: DbOrTx, agentId: string, managerId: string): Promise<boolean> {
  const rows = await db.execute<{ manages: boolean }>(sql`
    select exists (
      select 1
      from team_members agent_teams
      join team_members manager_teams on manager_teams.team_id = agent_teams.team_id
      where agent_teams.agent_id = ${agentId}
        and agent_teams.left_at is null
        and manager_teams.agent_id = ${managerId}
        and manager_teams.left_at is null
        and lower(manager_teams.role) in ('owner', 'admin')
    ) as manages`);
  return rowsOf<{ manages: boolean }>(rows)[0]?.manages === true;
}

/** node-postgres answers `{ rows }`, PGlite an array-like result: read both. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Whether each agent is a person (true) or an AI agent (false); unknown ids are left out. */
export async function humanFlagsOf(db: DbOrTx, agentIds: string[]): Promise<Map<string, boolean>> {
  const rows = await db.select({ id: agents.id, isHuman: agents.isHuman }).from(agents).where(inArray(agents.id, agentIds));
  return new Map(rows.map((r) => [r.id, r.isHuman]));
}
