import { randomBytes } from 'node:crypto';
import type { TCreateExternalAgentRequest } from '@agentroom/shared';
import { newAgentToken } from '../auth/agent-tokens';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import type { DbOrTx } from '../db/client';
import type { AgentRow } from '../db/rows';
import { insertAgent } from '../agents/agents-repo';
import { encryptHeaders } from '../ai/tools/mcp/header-crypto';
import { assertTeamManager } from '../teams/team-access';
import { joinTeam } from '../teams/team-membership';
import { assertRoomForOneMore } from '../teams/teams-service';
import { insertExternalAgentSettings, replaceAgentToken } from './external-agents-repo';

/** What is shown once: the token, and the webhook signing secret when the agent has a webhook URL. */
export interface ExternalAgentSecrets {
  token: string;
  webhookSecret: string | null;
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The webhook secret sealed for storage (AES-256-GCM, bound to the team, like MCP headers). */
export const sealWebhookSecret = (ctx: AppContext, teamId: string, secret: string) =>
  encryptHeaders({ secretKey: ctx.config.mcp.secretKey, jwtSecret: ctx.config.jwtSecret }, teamId, { secret });

/** A fresh token for the agent (the old one revoked in the same transaction); answers the token and the revoked ids. */
export async function issueAgentToken(tx: DbOrTx, agentId: string, createdBy: string | null) {
  const { id, token, tokenHash, hint } = newAgentToken();
  const revoked = await replaceAgentToken(tx, { id, agentId, tokenHash, hint, createdBy });
  return { token, revoked };
}

/**
 * A manager seats an external agent: its agent row (`is_external`, owned by the team), its team
 * membership, its settings and its first token, in one transaction. The webhook URL's host is the
 * caller's to check first (the host rule).
 */
export async function seatExternalAgent(
  ctx: AppContext,
  handle: string,
  callerId: string,
  input: TCreateExternalAgentRequest,
): Promise<{ agent: AgentRow; secrets: ExternalAgentSecrets }> {
  return inTransaction(ctx.db, async (tx) => {
    const { team } = await assertTeamManager(tx, handle, callerId);
    await assertRoomForOneMore(tx, team);
    const agent = await insertAgent(tx, {
      username: input.username.trim(),
      firstName: input.firstName.trim(),
      lastName: input.lastName?.trim() ?? '',
      role: input.role?.trim() || 'External agent',
      isHuman: false,
      isExternal: true,
      personality: input.description?.trim() ?? '',
      ownerTeamId: team.id,
    });
    await joinTeam(ctx, tx, { teamId: team.id, agent, role: 'member' });
    const webhookSecret = input.webhookUrl ? newWebhookSecret() : null;
    await insertExternalAgentSettings(tx, {
      agentId: agent.id,
      teamId: team.id,
      listensTo: input.listensTo ?? 'mentions',
      webhookUrl: input.webhookUrl ?? null,
      webhookSecretSealed: webhookSecret ? sealWebhookSecret(ctx, team.id, webhookSecret) : null,
      createdBy: callerId,
    });
    const { token } = await issueAgentToken(tx, agent.id, callerId);
    const target = { kind: 'external_agent' as const, id: agent.id, name: agent.username };
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'external_agent.created', target, details: { listensTo: input.listensTo ?? 'mentions', webhook: Boolean(input.webhookUrl) } });
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'external_agent.token_created', target });
    return { agent, secrets: { token, webhookSecret } };
  });
}
