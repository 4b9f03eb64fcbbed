import {
  CHAT_ERRORS,
  isUuid,
  type TConversation,
  type TConversationPage,
  type TConversationSettings,
  type TNotifyLevel,
  type TStartConversationInput,
} from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest, forbidden, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { assertTeamMember } from '../teams/team-access';
import { findActiveMembership } from '../teams/teams-repo';
import { assertMayMessage, reachOf } from '../agents/agent-reach';
import { assertConversationParticipant } from './chat-access';
import { findAgent } from './chat-repo';
import { presentConversationRows } from './chat-views';
import { findConversationPage } from './conversation-list-repo';
import { createPairConversation, findConversationByPairKey, updateParticipantSettings } from './conversation-repo';

/** Sorted agent ids (+ team): the same pair always meets on the same key. */
function pairKeyOf(agentA: string, agentB: string, teamId: string | null): string {
  const [first, second] = [agentA, agentB].sort();
  return teamId ? `team:${teamId}:${first}:${second}` : `personal:${first}:${second}`;
}

/**
 * Gets or creates the conversation between the caller and another agent. Two concurrent starts both
 * insert with `on conflict do nothing` on the pair key, then read the one row that won.
 */
export async function startConversation(
  ctx: AppContext,
  callerAgentId: string,
  targetAgentId: string,
  input: TStartConversationInput,
): Promise<TConversation> {
  if (!isUuid(targetAgentId)) throw notFound(CHAT_ERRORS.agentNotFound);
  if (targetAgentId === callerAgentId) throw badRequest(CHAT_ERRORS.selfConversation);
  const target = await findAgent(ctx.db, targetAgentId);
  // The reach rule (decision 0022): out of reach and never met is as unknown as a missing agent.
  const reach = target ? await reachOf(ctx.db, callerAgentId, target) : undefined;
  if (!target || !reach?.visible) throw notFound(CHAT_ERRORS.agentNotFound);

  let teamId: string | null = null;
  if (input.isTeamScoped && input.teamHandle) {
    const { team } = await assertTeamMember(ctx.db, input.teamHandle, callerAgentId);
    teamId = team.id;
  }
  // A 1:1 that exists stays readable when its other agent is out of reach (it is read-only then).
  const existing = await findConversationByPairKey(ctx.db, pairKeyOf(callerAgentId, targetAgentId, teamId));
  if (existing) return getConversation(ctx, callerAgentId, existing.id);
  if (teamId && !(await findActiveMembership(ctx.db, teamId, targetAgentId))) throw forbidden(CHAT_ERRORS.targetNotMember);
  assertMayMessage(reach);

  const pairKey = pairKeyOf(callerAgentId, targetAgentId, teamId);
  await inTransaction(ctx.db, (tx) =>
    createPairConversation(tx, { type: input.conversationType, teamId, pairKey, agentIds: [callerAgentId, targetAgentId] }),
  );
  const conversation = await findConversationByPairKey(ctx.db, pairKey);
  const [presented] = await presentConversationRows(ctx, [conversation!], callerAgentId);
  return presented!;
}

export async function getConversation(ctx: AppContext, agentId: string, conversationId: string): Promise<TConversation> {
  const { conversation } = await assertConversationParticipant(ctx.db, conversationId, agentId);
  const [presented] = await presentConversationRows(ctx, [conversation], agentId);
  return presented!;
}

/** The caller's conversations they may still use, newest activity first. */
export async function listConversations(
  ctx: AppContext,
  agentId: string,
  { page, limit }: { page: number; limit: number },
): Promise<TConversationPage> {
  const rows = await findConversationPage(ctx.database, agentId, limit + 1, (page - 1) * limit);
  const pageRows = rows.slice(0, limit);
  return {
    conversations: await presentConversationRows(ctx, pageRows, agentId),
    pagination: { page, limit, hasMore: rows.length > limit },
  };
}

/**
 * PATCH /chat/conversations/:id/settings: the caller's notify level and mute of a conversation they
 * take part in (anyone else's answers 404), or closing it from the sidebar.
 */
export async function updateConversationSettings(
  ctx: AppContext,
  agentId: string,
  conversationId: string,
  changes: { notifyLevel?: TNotifyLevel; muted?: boolean; closed?: true },
): Promise<TConversationSettings> {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  const row = await inTransaction(ctx.db, (tx) => updateParticipantSettings(tx, conversationId, agentId, changes));
  if (!row) throw notFound(CHAT_ERRORS.conversationNotFound);
  return row;
}
