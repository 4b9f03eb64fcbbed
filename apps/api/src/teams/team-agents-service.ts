import type { TTeamAgent } from '@agentroom/shared';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { isUniqueViolation } from '../db/pg-errors';
import { presentTeamAgent } from '../agents/agent-presenters';
import { readPresence } from '../agents/agent-presence';
import { insertAiAgent, type TCreateAiAgentInput } from '../agents/agents-service';
import { assertTeamManager } from './team-access';
import { joinTeam } from './team-membership';
import { assertRoomForOneMore } from './teams-service';

/** POST /teams/:handle/agents: a manager creates an AI agent, owned by the team and joining it, in one transaction. */
export async function createAiAgent(ctx: AppContext, handle: string, callerId: string, input: TCreateAiAgentInput): Promise<TTeamAgent> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const created = await inTransaction(ctx.db, async (tx) => {
        const { team } = await assertTeamManager(tx, handle, callerId);
        await assertRoomForOneMore(tx, team);
        const agent = await insertAiAgent(tx, team.id, input, attempt);
        const membership = await joinTeam(ctx, tx, { teamId: team.id, agent, role: 'member' });
        await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'agent.created', target: { kind: 'agent', id: agent.id, name: agent.username } });
        return { agent, membership };
      });
      const presence = await readPresence(ctx, [created.agent]);
      return presentTeamAgent(created.agent, created.membership, presence.get(created.agent.id) ?? null);
    } catch (error) {
      // A concurrent creation took the same generated name: try again with a fresh suffix.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}
