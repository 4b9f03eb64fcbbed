import { randomBytes } from 'node:crypto';
import {
  isUuid,
  stripAt,
  TEAM_ERRORS,
  TEAM_MESSAGES,
  USERNAME_MAX_LENGTH,
  type TAgent,
  type ZCreateAiAgentRequest,
  type ZUpdateAiAgentRequest,
} from '@agentroom/shared';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { badRequest, forbidden, notFound } from '../core/app-error';
import { publishAgentUpdated } from '../users/agent-updated';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { changedFields } from '../audit/audit-details';
import { deleteAvatarFile, removeAvatar, replaceAvatar } from '../users/avatar-service';
import { usernameExists } from '../users/users-repo';
import { readPresence } from './agent-presence';
import { reachOf } from './agent-reach';
import type { AgentRow } from '../db/rows';
import { presentAgentCard } from './agent-presenters';
import { canSeeAgent, findAgentById, findAgentByUsername, insertAgent, managesTeamOf, updateAgent } from './agents-repo';

export type TCreateAiAgentInput = z.output<typeof ZCreateAiAgentRequest>;
export type TUpdateAiAgentInput = z.output<typeof ZUpdateAiAgentRequest>;

const USERNAME_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
const DEFAULT_ROLE = 'Agent';
const DEFAULT_PERSONALITY = 'A helpful AI assistant';

const EXTERNAL_AGENT_HAS_NO_MODEL = 'An external agent runs outside Agentroom and has no model';

const agentNotFound = () => notFound(TEAM_ERRORS.agentNotFound);

/**
 * GET /agents/:username (and POST /chat/open): '@' stripped; an agent out of the viewer's reach
 * (the reach rule, decision 0022) is as unknown as a missing one, and its presence shows only to
 * those who may see it.
 */
export async function findVisibleAgent(ctx: AppContext, rawUsername: string, viewerId: string): Promise<TAgent> {
  const username = stripAt(rawUsername);
  if (!USERNAME_SHAPE.test(username)) throw agentNotFound();
  const agent = await findAgentByUsername(ctx.db, username);
  const reach = agent ? await reachOf(ctx.db, viewerId, agent) : undefined;
  if (!agent || !reach?.visible) throw agentNotFound();
  const presence = reach.seesPresence ? await readPresence(ctx, [agent]) : new Map<string, boolean | null>();
  return presentAgentCard(agent, presence.get(agent.id) ?? null);
}

/** A username from the name, as a person's falls back to one (first_last, lower-cased), made unique. */
function usernameBase(firstName: string, lastName: string): string {
  const base = [firstName, lastName]
    .filter(Boolean)
    .join('_')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_-]+/g, '')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, USERNAME_MAX_LENGTH - 6);
  return base || 'agent';
}

async function freeUsername(db: DbOrTx, base: string, attempt: number): Promise<string> {
  if (attempt === 0 && !(await usernameExists(db, base))) return base;
  for (;;) {
    const candidate = `${base}-${randomBytes(3).toString('hex').slice(0, 5)}`;
    if (!(await usernameExists(db, candidate))) return candidate;
  }
}

/**
 * Stores a new AI agent owned by the team, inside the caller's transaction. Its username comes from
 * its name; `attempt` > 0 (a concurrent creation took the name) always adds a fresh suffix.
 */
export async function insertAiAgent(tx: DbOrTx, teamId: string, input: TCreateAiAgentInput, attempt: number): Promise<AgentRow> {
  return insertAgent(tx, {
    username: await freeUsername(tx, usernameBase(input.firstName, input.lastName ?? ''), attempt),
    firstName: input.firstName,
    middleName: input.middleName ?? '',
    lastName: input.lastName ?? '',
    role: input.role || DEFAULT_ROLE,
    isHuman: false,
    personality: input.personality || DEFAULT_PERSONALITY,
    biometric: input.avatarUrl ? { avatarUrl: input.avatarUrl } : {},
    model: input.model || null,
    ownerTeamId: teamId,
  });
}

/** The stored row after applying an edit; blank role, personality, model or avatar fall back to defaults. */
function applyEdit(agent: AgentRow, input: TUpdateAiAgentInput): Partial<AgentRow> {
  const changes: Partial<AgentRow> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.middleName !== undefined) changes.middleName = input.middleName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.role !== undefined) changes.role = input.role || DEFAULT_ROLE;
  if (input.personality !== undefined) changes.personality = input.personality || DEFAULT_PERSONALITY;
  if (input.model !== undefined) changes.model = input.model || null;
  if (input.avatarUrl !== undefined) {
    const { avatarUrl: _previous, ...rest } = agent.biometric;
    changes.biometric = input.avatarUrl ? { ...rest, avatarUrl: input.avatarUrl } : rest;
  }
  return changes;
}

/**
 * Who may edit an AI agent (its fields and its avatar): only AI agents, only an owner or admin of
 * the team that owns it. An agent the caller cannot see (not a member of its team) answers 404, as
 * if it did not exist; a person 403; a plain member 403.
 */
export async function assertMayEditAiAgent(ctx: AppContext, id: string, callerId: string): Promise<AgentRow> {
  if (!isUuid(id)) throw badRequest(TEAM_MESSAGES.invalidAgentId, { id: TEAM_MESSAGES.invalidAgentId });
  const agent = await findAgentById(ctx.db, id);
  if (!agent || !(await canSeeAgent(ctx.db, agent, callerId))) throw agentNotFound();
  if (agent.isHuman) throw forbidden(TEAM_MESSAGES.onlyAiEditable);
  if (!(await managesTeamOf(ctx.db, agent.id, callerId))) throw forbidden(TEAM_MESSAGES.managersOnly);
  return agent;
}

const presentWithPresence = async (ctx: AppContext, row: AgentRow): Promise<TAgent> => {
  const presence = await readPresence(ctx, [row]);
  return presentAgentCard(row, presence.get(row.id) ?? null);
};

/** PATCH /agents/:id (assertMayEditAiAgent decides who). */
export async function updateAiAgent(ctx: AppContext, id: string, callerId: string, input: TUpdateAiAgentInput): Promise<TAgent> {
  const agent = await assertMayEditAiAgent(ctx, id, callerId);
  // An external agent runs outside Agentroom (decision 0025): no model of ours ever speaks for it.
  if (agent.isExternal && input.model) throw badRequest(EXTERNAL_AGENT_HAS_NO_MODEL, { model: EXTERNAL_AGENT_HAS_NO_MODEL });
  const updated = await inTransaction(ctx.db, async (tx) => {
    const changes = applyEdit(agent, input);
    const updated = await updateAgent(tx, agent.id, changes);
    const fields = Object.keys(changedFields(agent, updated, Object.keys(changes) as (keyof AgentRow)[]));
    // Which fields changed, not the new persona itself; the model is short and worth its from/to.
    const details = { fields, ...(fields.includes('model') && { model: { from: agent.model, to: updated.model } }) };
    const kind = agent.isExternal ? 'external_agent' : 'agent';
    if (fields.length) await recordAudit(tx, { actor: callerId, teamId: agent.ownerTeamId, action: `${kind}.updated`, target: { kind, id: agent.id, name: updated.username }, details });
    return updated;
  });
  publishAgentUpdated(ctx.events, updated);
  // Cleared (or set to a generated one): an uploaded image is no one's any more.
  if (updated.biometric.avatarUrl !== agent.biometric.avatarUrl) await deleteAvatarFile(ctx, agent.biometric.avatarUrl);
  return presentWithPresence(ctx, updated);
}

/** PUT /agents/:id/avatar, for an agent `assertMayEditAiAgent` let the caller edit before the upload was read. */
export async function replaceAiAgentAvatar(ctx: AppContext, agentId: string, bytes: Buffer): Promise<TAgent> {
  return presentWithPresence(ctx, await replaceAvatar(ctx, agentId, bytes));
}

/** DELETE /agents/:id/avatar */
export async function removeAiAgentAvatar(ctx: AppContext, id: string, callerId: string): Promise<TAgent> {
  const agent = await assertMayEditAiAgent(ctx, id, callerId);
  return presentWithPresence(ctx, await removeAvatar(ctx, agent.id));
}
