import { eq, sql } from 'drizzle-orm';
import { TEAM_MESSAGES } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { agents } from '../db/schema';
import type { AgentRow } from '../db/rows';
import { conflict } from '../core/app-error';
import { findActiveMembership } from '../teams/team-access';

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
 * Whether `viewerId` may see the agent (GET /agents/:username, editing, adding, starting a chat).
 * People are visible to every signed-in verified user. An AI agent only to the active members of the
 * team that owns it, public team or not: its card carries its personality (the system prompt) and a
 * chat with it spends that team's model budget (decision 0006). Everyone else gets a 404.
 */
export async function canSeeAgent(db: DbOrTx, agent: AgentRow, viewerId: string): Promise<boolean> {
  if (agent.isHuman || agent.id === viewerId) return true;
  if (!agent.ownerTeamId) return false;
  return Boolean(await findActiveMembership(db, agent.ownerTeamId, viewerId));
}

/** Whether `managerId` is an active owner or admin of the team that owns the (AI) agent. */
export async function managesTeamOf(db: DbOrTx, agentId: string, managerId: string): Promise<boolean> {
  const rows = await db.execute<{ manages: boolean }>(sql`
    select exists (
      select 1
      from agents
      join team_members managers on managers.team_id = agents.owner_team_id
      where agents.id = ${agentId}
        and managers.agent_id = ${managerId}
        and managers.left_at is null
        and lower(managers.role) in ('owner', 'admin')
    ) as manages`);
  return rowsOf<{ manages: boolean }>(rows)[0]?.manages === true;
}

/** An AI agent joins only the team that owns it (409); people join any team that adds them. */
export function assertMayJoinTeam(agent: AgentRow, teamId: string): void {
  if (!agent.isHuman && agent.ownerTeamId !== teamId)
    throw conflict(TEAM_MESSAGES.aiAgentBelongsToItsTeam, { username: TEAM_MESSAGES.aiAgentBelongsToItsTeam });
}

/** node-postgres answers `{ rows }`, PGlite an array-like result: read both. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

