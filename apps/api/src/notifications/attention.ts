import { ATTENTION_MESSAGES, AUTH_ERRORS, type TAttention, type TDndRequest, type TStatusRequest } from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest, unauthenticated } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import type { AgentRow } from '../db/rows';
import { publishAgentUpdated } from '../users/agent-updated';
import { hasDoNotDisturb, presentStatus } from '../users/presenters';
import { findAttentionAgent, updateAttention } from './attention-repo';

/** The caller's own status and do-not-disturb settings (others see only `status` and a do-not-disturb badge). */
function presentAttention(agent: AgentRow, now = new Date()): TAttention {
  return {
    status: presentStatus(agent, now),
    dndUntil: agent.dndUntil && agent.dndUntil > now ? agent.dndUntil.toISOString() : null,
    dndSchedule: agent.dndSchedule ?? null,
    doNotDisturb: hasDoNotDisturb(agent, now),
  };
}

/** A time a client sent must still be ahead (a status or do not disturb that ended already is a mistake). */
function futureDate(iso: string | null, now: Date): Date | null {
  if (iso === null) return null;
  const date = new Date(iso);
  if (date <= now) throw badRequest(ATTENTION_MESSAGES.expiryInPast);
  return date;
}

/** GET /users/me/attention */
export async function getAttention(ctx: AppContext, agentId: string): Promise<TAttention> {
  const agent = await findAttentionAgent(ctx.db, agentId);
  if (!agent) throw unauthenticated(AUTH_ERRORS.authRequired);
  return presentAttention(agent);
}

/** Writes the change and tells everyone who sees the person (cards, chats) through `agent.updated`. */
async function change(ctx: AppContext, agentId: string, changes: Parameters<typeof updateAttention>[2]): Promise<TAttention> {
  const agent = await inTransaction(ctx.db, async (tx) => {
    const updated = await updateAttention(tx, agentId, changes);
    if (!updated) throw unauthenticated(AUTH_ERRORS.authRequired);
    publishAgentUpdated(ctx.events, updated);
    return updated;
  });
  return presentAttention(agent);
}

/** PUT /users/me/status: '' clears it (and its expiry). */
export function setStatus(ctx: AppContext, agentId: string, input: TStatusRequest): Promise<TAttention> {
  const text = input.text.trim();
  const expiresAt = text === '' ? null : futureDate(input.expiresAt, new Date());
  return change(ctx, agentId, { statusText: text, statusExpiresAt: expiresAt });
}

/** PUT /users/me/dnd: until a time and/or a daily schedule; null turns either off. */
export function setDoNotDisturb(ctx: AppContext, agentId: string, input: TDndRequest): Promise<TAttention> {
  return change(ctx, agentId, { dndUntil: futureDate(input.until, new Date()), dndSchedule: input.schedule });
}
