import { and, eq, isNull, sql } from 'drizzle-orm';
import { TEAM_MESSAGES } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { agents, teamMembers, teams } from '../db/schema';
import type { AgentRow } from '../db/rows';
import { conflict } from '../core/app-error';

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
  const [member] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    // A deleted team's AI agents are hidden with it.
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
    .where(and(eq(teamMembers.teamId, agent.ownerTeamId), eq(teamMembers.agentId, viewerId), isNull(teamMembers.leftAt)))
    .limit(1);
  return Boolean(member);
}

export async function insertAgent(db: DbOrTx, values: typeof agents.$inferInsert): Promise<AgentRow> {
  const [agent] = await db.insert(agents).values(values).returning();
  return agent!;
}

export async function updateAgent(db: DbOrTx, agentId: string, values: Partial<AgentRow>): Promise<AgentRow> {
  const [agent] = await db.update(agents).set(values).where(eq(agents.id, agentId)).returning();
  return agent!;
}

/** Whether `managerId` is an active owner or admin of the team that owns the (AI) agent. */
export async function managesTeamOf(db: DbOrTx, agentId: string, managerId: string): Promise<boolean> {
  const rows = await db.execute<{ manages: boolean }>(sql`
    select exists (
      select 1
      from agents
      join team_members managers on managers.team_id = agents.owner_team_id
      join teams on teams.id = agents.owner_team_id and teams.deleted_at is null
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
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

