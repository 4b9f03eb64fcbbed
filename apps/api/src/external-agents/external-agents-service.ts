import { EXTERNAL_AGENT_ERRORS, type TExternalAgent, type TExternalAgentSecrets, type TAgentSelf, type ZCreateExternalAgentRequest, type ZUpdateExternalAgentRequest } from '@agentroom/shared';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { AgentRow } from '../db/rows';
import { badRequest, conflict, notFound, unauthenticated } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { isUniqueViolation } from '../db/pg-errors';
import { readPresence } from '../agents/agent-presence';
import { updateAgent } from '../agents/agents-repo';
import { HostNotFound, HostRefused, resolveAllowedHost } from '../ai/tools/mcp/host-rule';
import { assertTeamManager } from '../teams/team-access';
import { removeFromTeam } from '../teams/team-membership';
import { findActiveMembership } from '../teams/teams-repo';
import { publishAgentUpdated } from '../users/agent-updated';
import { presentAgent } from '../users/presenters';
import { presentExternalAgent } from './external-agent-presenters';
import {
  deleteExternalAgentSettings,
  findAgentSelf,
  findLiveTokensOf,
  findTeamExternalAgent,
  findTeamExternalAgents,
  findWebhookHealthOf,
  lockExternalAgent,
  revokeAgentTokens,
  updateExternalAgentSettings,
  type ExternalAgentWithSettings,
} from './external-agents-repo';
import { issueAgentToken, newWebhookSecret, sealWebhookSecret, seatExternalAgent } from './seat-external-agent';

type TCreateInput = z.output<typeof ZCreateExternalAgentRequest>;
type TUpdateInput = z.output<typeof ZUpdateExternalAgentRequest>;

/** What an external agent is called when its managers name no role. */
const DEFAULT_ROLE = 'External agent';

const WEBHOOK_MESSAGES = {
  credentialsInUrl: 'Leave credentials out of the address: deliveries are signed with the webhook secret',
  hostRefused: (address: string) =>
    `Webhooks may not go to loopback, private or link-local addresses (${address}). An operator can allow this host with MCP_ALLOWED_HOSTS.`,
} as const;

/**
 * A webhook address the host rule lets through (400 on `webhookUrl` otherwise): the API POSTs to it,
 * so an address inside the operator's network would let a manager reach services only the API can.
 * A host that does not resolve yet is let through, as for MCP servers: deliveries check again.
 */
async function assertWebhookUrl(ctx: AppContext, raw: string): Promise<void> {
  const url = new URL(raw);
  if (url.username || url.password) throw badRequest(WEBHOOK_MESSAGES.credentialsInUrl, { webhookUrl: WEBHOOK_MESSAGES.credentialsInUrl });
  try {
    await resolveAllowedHost(url, ctx.config.mcp.allowedHosts);
  } catch (error) {
    if (error instanceof HostRefused) {
      const message = WEBHOOK_MESSAGES.hostRefused(error.address);
      throw badRequest(message, { webhookUrl: message });
    }
    if (!(error instanceof HostNotFound)) throw error;
  }
}

const usernameTaken = () => conflict(EXTERNAL_AGENT_ERRORS.usernameTaken, { username: EXTERNAL_AGENT_ERRORS.usernameTaken });
const externalAgentNotFound = () => notFound(EXTERNAL_AGENT_ERRORS.notFound);

async function assertExternalAgentOfTeam(db: DbOrTx, teamId: string, agentId: string): Promise<ExternalAgentWithSettings> {
  const found = await findTeamExternalAgent(db, teamId, agentId);
  if (!found) throw externalAgentNotFound();
  return found;
}

const externalTarget = (agent: AgentRow) => ({ kind: 'external_agent' as const, id: agent.id, name: agent.username });

/** Revoked tokens stop at once on every node: the auth cache forgets them and their sockets close. */
function announceRevoked(ctx: AppContext, tokenIds: string[]): void {
  for (const sessionId of tokenIds) ctx.events.publish('session.revoked', { sessionId });
}

async function presentMany(ctx: AppContext, rows: ExternalAgentWithSettings[]): Promise<TExternalAgent[]> {
  const ids = rows.map((row) => row.agent.id);
  const [tokens, health, presence] = await Promise.all([
    findLiveTokensOf(ctx.db, ids),
    findWebhookHealthOf(ctx.db, ids),
    readPresence(
      ctx,
      rows.map((row) => row.agent),
    ),
  ]);
  return rows.map((row) => presentExternalAgent(row, tokens.get(row.agent.id), health.get(row.agent.id), presence.get(row.agent.id) ?? null));
}

const presentOne = async (ctx: AppContext, row: ExternalAgentWithSettings) => (await presentMany(ctx, [row]))[0]!;

/** GET /teams/:handle/external-agents (owners and admins). */
export async function listExternalAgents(ctx: AppContext, handle: string, callerId: string): Promise<TExternalAgent[]> {
  const { team } = await assertTeamManager(ctx.db, handle, callerId);
  return presentMany(ctx, await findTeamExternalAgents(ctx.db, team.id));
}

/** POST /teams/:handle/external-agents: the token (and webhook secret) are answered this once. */
export async function createExternalAgent(ctx: AppContext, handle: string, callerId: string, input: TCreateInput): Promise<TExternalAgentSecrets> {
  // Who may, before what: a stranger learns nothing about the webhook rule.
  await assertTeamManager(ctx.db, handle, callerId);
  if (input.webhookUrl) await assertWebhookUrl(ctx, input.webhookUrl);
  let seated: Awaited<ReturnType<typeof seatExternalAgent>>;
  try {
    seated = await seatExternalAgent(ctx, handle, callerId, input);
  } catch (error) {
    // agents_username_lower_key: usernames are unique whatever their case, people's and agents' alike.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  const row = await findTeamExternalAgent(ctx.db, seated.agent.ownerTeamId!, seated.agent.id);
  if (!row) throw externalAgentNotFound();
  return { externalAgent: await presentOne(ctx, row), ...seated.secrets };
}

/** The agent's row after a profile edit; a blank role falls back to the default, as on creation. */
function profileChanges(input: TUpdateInput): Partial<AgentRow> {
  const changes: Partial<AgentRow> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.role !== undefined) changes.role = input.role || DEFAULT_ROLE;
  if (input.description !== undefined) changes.personality = input.description;
  return changes;
}

/**
 * PATCH /teams/:handle/external-agents/:agent. Profile changes reach everyone who sees the agent at
 * once (`agent.updated`). A webhook URL where there was none gets a signing secret at once, so no
 * delivery ever goes unsigned; it is shown by rotating the token (this answer never holds a secret).
 * `webhookUrl: null` turns webhooks off and drops the secret.
 */
export async function updateExternalAgent(ctx: AppContext, handle: string, callerId: string, agentId: string, input: TUpdateInput): Promise<TExternalAgent> {
  const { team } = await assertTeamManager(ctx.db, handle, callerId);
  await assertExternalAgentOfTeam(ctx.db, team.id, agentId);
  if (input.webhookUrl) await assertWebhookUrl(ctx, input.webhookUrl);
  const updated = await inTransaction(ctx.db, async (tx) => {
    await assertTeamManager(tx, handle, callerId);
    await lockExternalAgent(tx, agentId);
    const current = await assertExternalAgentOfTeam(tx, team.id, agentId);
    let agent = current.agent;
    const profile = profileChanges(input);
    if (Object.keys(profile).length > 0) {
      agent = await updateAgent(tx, agentId, profile);
      publishAgentUpdated(ctx.events, agent);
    }
    const settings: Parameters<typeof updateExternalAgentSettings>[2] = {};
    if (input.listensTo !== undefined) settings.listensTo = input.listensTo;
    if (input.webhookUrl === null) Object.assign(settings, { webhookUrl: null, webhookSecretSealed: null });
    else if (input.webhookUrl !== undefined) {
      settings.webhookUrl = input.webhookUrl;
      if (!current.settings.webhookSecretSealed) settings.webhookSecretSealed = sealWebhookSecret(ctx, team.id, newWebhookSecret());
    }
    const stored = Object.keys(settings).length > 0 ? await updateExternalAgentSettings(tx, agentId, settings) : current.settings;
    // Which fields changed; the webhook's address is named, its secret never.
    const fields = [...Object.keys(profile), ...Object.keys(settings).filter((field) => field !== 'webhookSecretSealed')];
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'external_agent.updated', target: externalTarget(agent), details: { fields } });
    return { agent, settings: stored };
  });
  return presentOne(ctx, updated);
}

/**
 * DELETE /teams/:handle/external-agents/:agent: it leaves the team the way a removed member does
 * (its rooms and conversations are told), its tokens are revoked and its settings go. Its agent row
 * stays as it was (not marked deleted), so its past messages keep its name and face.
 */
export async function deleteExternalAgent(ctx: AppContext, handle: string, callerId: string, agentId: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const { team } = await assertTeamManager(tx, handle, callerId);
    await lockExternalAgent(tx, agentId);
    const { agent } = await assertExternalAgentOfTeam(tx, team.id, agentId);
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'external_agent.deleted', target: externalTarget(agent) });
    const membership = await findActiveMembership(tx, team.id, agentId);
    if (membership) await removeFromTeam(ctx, tx, team, membership);
    announceRevoked(ctx, await revokeAgentTokens(tx, agentId));
    await deleteExternalAgentSettings(tx, agentId);
  });
}

/**
 * POST /teams/:handle/external-agents/:agent/token: a new token, and a new webhook secret when it has
 * a webhook URL, shown this once; the old token is revoked in the same transaction.
 */
export async function rotateExternalAgentToken(ctx: AppContext, handle: string, callerId: string, agentId: string): Promise<TExternalAgentSecrets> {
  const { row, secrets } = await inTransaction(ctx.db, async (tx) => {
    const { team } = await assertTeamManager(tx, handle, callerId);
    await lockExternalAgent(tx, agentId);
    const current = await assertExternalAgentOfTeam(tx, team.id, agentId);
    const { token, revoked } = await issueAgentToken(tx, agentId, callerId);
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'external_agent.token_rotated', target: externalTarget(current.agent), details: { revokedTokens: revoked.length } });
    announceRevoked(ctx, revoked);
    let settings = current.settings;
    let webhookSecret: string | null = null;
    if (settings.webhookUrl) {
      webhookSecret = newWebhookSecret();
      settings = await updateExternalAgentSettings(tx, agentId, { webhookSecretSealed: sealWebhookSecret(ctx, team.id, webhookSecret) });
    }
    return { row: { agent: current.agent, settings }, secrets: { token, webhookSecret } };
  });
  return { externalAgent: await presentOne(ctx, row), ...secrets };
}

/** DELETE /teams/:handle/external-agents/:agent/token: `revoked: false` when it had no live token. */
export async function revokeExternalAgentToken(ctx: AppContext, handle: string, callerId: string, agentId: string): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const { team } = await assertTeamManager(tx, handle, callerId);
    await lockExternalAgent(tx, agentId);
    const { agent } = await assertExternalAgentOfTeam(tx, team.id, agentId);
    const revoked = await revokeAgentTokens(tx, agentId);
    // Revoking when no token was live changes nothing: no row.
    if (revoked.length) await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'external_agent.token_revoked', target: externalTarget(agent), details: { revokedTokens: revoked.length } });
    announceRevoked(ctx, revoked);
    return revoked.length > 0;
  });
}

/** GET /agent/me: who the token speaks for. */
export async function getAgentSelf(ctx: AppContext, agentId: string): Promise<TAgentSelf> {
  const self = await findAgentSelf(ctx.db, agentId);
  // Removed between the token check and this read: as if the token were already gone.
  if (!self) throw unauthenticated(EXTERNAL_AGENT_ERRORS.noToken);
  const presence = await readPresence(ctx, [self.agent]);
  return { agent: presentAgent(self.agent, presence.get(self.agent.id) ?? null), team: self.team, listensTo: self.settings.listensTo };
}
