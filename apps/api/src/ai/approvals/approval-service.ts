import { isUuid, TOOL_CALL_ERRORS, type TToolApproval } from '@agentroom/shared';
import type { AppContext, ReplyRunner } from '../../context';
import { conflict, forbidden, notFound } from '../../core/app-error';
import { inTransaction } from '../../core/transaction';
import { recordAudit } from '../../audit/audit-repo';
import type { MessageRow, ToolCallRow } from '../../db/rows';
import { assertConversationParticipant, findAgent, presentReactionAgent, publishRewritten } from '../chat-link';
import { cancelWaitingReplyJobs, lockReplyJob, requeueWaitingReplyJob } from '../reply-jobs-repo';
import { deniedResult, EXPIRED_RESULT, newApprovalCard, rewriteApprovalCard, STOPPED_RESULT } from './approval-card';
import { approversOf } from './approvers';
import { countPendingToolCalls, decideToolCall, expireJobsPendingCalls, expireToolCallRow, findDueToolCallIds, findToolCall } from './tool-calls-repo';

/**
 * A person approves or denies a tool call waiting on its card. 404 for someone who cannot read its
 * conversation, 403 for someone who can but may not decide (approvers.ts), 409 once it was decided
 * or has expired. Deciding is one conditional update, so two approvals at once run the tool once;
 * the card is rewritten for everyone, and the reply runs again once none of its calls waits.
 */
export async function decideToolCallAs(ctx: AppContext, runner: ReplyRunner, agentId: string, toolCallId: string, decision: 'approved' | 'denied'): Promise<{ approval: TToolApproval }> {
  if (!isUuid(toolCallId)) throw notFound(TOOL_CALL_ERRORS.notFound);
  const call = await findToolCall(ctx.db, toolCallId);
  if (!call) throw notFound(TOOL_CALL_ERRORS.notFound);
  await assertConversationParticipant(ctx.db, call.conversationId, agentId).catch(() => {
    throw notFound(TOOL_CALL_ERRORS.notFound);
  });
  if (call.status !== 'pending_approval' || !call.expiresAt || call.expiresAt <= new Date()) throw conflict(TOOL_CALL_ERRORS.alreadyDecided);
  const approvers = await approversOf(ctx, call.conversationId, call.approvers ?? 'requester_and_managers', call.requestedByAgentId);
  if (!approvers.ids.includes(agentId)) throw forbidden(TOOL_CALL_ERRORS.mayNotDecide);
  const [decider, agent] = await Promise.all([findAgent(ctx.db, agentId), findAgent(ctx.db, call.agentId)]);
  if (!decider || !agent) throw notFound(TOOL_CALL_ERRORS.notFound);
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await lockReplyJob(tx, call.jobId);
    const decided = await decideToolCall(tx, call.id, {
      status: decision,
      decidedBy: agentId,
      ...(decision === 'denied' ? { result: deniedResult(decider) } : {}),
    });
    if (!decided) return undefined;
    const details = { decision, tool: call.toolName, agent: { id: agent.id, username: agent.username } };
    await recordAudit(tx, { actor: agentId, teamId: call.teamId, action: 'approval.decided', target: { kind: 'tool_call', id: call.id, name: call.toolTitle || call.toolName }, details });
    const card = await rewriteApprovalCard(tx, decided, decision, presentReactionAgent(decider), agent);
    const requeued = (await countPendingToolCalls(tx, call.jobId)) === 0 && (await requeueWaitingReplyJob(tx, call.jobId));
    return { decided, card, requeued };
  });
  if (!outcome) throw conflict(TOOL_CALL_ERRORS.alreadyDecided);
  const presented = outcome.card && (await publishRewritten(ctx, outcome.card));
  if (outcome.requeued) runner.kick();
  // The card says it for everyone; a call whose card was deleted meanwhile is still decided, and says so here.
  const decidedAt = (outcome.decided.decidedAt ?? new Date()).toISOString();
  return {
    approval: presented?.approval ?? { ...newApprovalCard(outcome.decided, approvers), status: decision, decidedBy: presentReactionAgent(decider), decidedAt },
  };
}

/**
 * Expires the waiting calls past their time, each in a transaction of its own that locks its reply
 * first (as deciding does), and queues the replies none of whose calls waits any more. Safe on many
 * nodes: each call expires once (its conditional update), whoever gets there first. Answers how
 * many expired and whether a reply was queued.
 */
export async function expireDueApprovals(ctx: AppContext, now = new Date(), limit = 50): Promise<{ expired: number; requeued: boolean }> {
  let expired = 0;
  let requeued = false;
  for (const { id, jobId } of await findDueToolCallIds(ctx.db, now, limit)) {
    const outcome = await inTransaction(ctx.db, async (tx) => {
      await lockReplyJob(tx, jobId);
      const row = await expireToolCallRow(tx, id, now, EXPIRED_RESULT);
      if (!row) return undefined;
      const card = await cardAsExpired(ctx, tx, row);
      const queued = (await countPendingToolCalls(tx, jobId)) === 0 && (await requeueWaitingReplyJob(tx, jobId));
      return { card, queued };
    });
    if (!outcome) continue;
    expired += 1;
    requeued ||= outcome.queued;
    if (outcome.card) await publishRewritten(ctx, outcome.card);
  }
  return { expired, requeued };
}

/**
 * A member stops replies waiting for approval (one reply, or every one of a conversation): they end
 * cancelled and their waiting calls expire, their cards saying so. Answers the replies stopped.
 */
export async function stopWaitingReplies(ctx: AppContext, where: { jobId: string } | { conversationId: string }): Promise<number> {
  const cards = await inTransaction(ctx.db, async (tx) => {
    if ('jobId' in where) await lockReplyJob(tx, where.jobId);
    const stopped = await cancelWaitingReplyJobs(tx, where);
    const calls = await expireJobsPendingCalls(tx, stopped, STOPPED_RESULT);
    const rewritten: MessageRow[] = [];
    for (const call of calls) {
      const card = await cardAsExpired(ctx, tx, call);
      if (card) rewritten.push(card);
    }
    return { stopped: stopped.length, rewritten };
  });
  for (const card of cards.rewritten) await publishRewritten(ctx, card);
  return cards.stopped;
}

async function cardAsExpired(ctx: AppContext, tx: Parameters<typeof rewriteApprovalCard>[0], call: ToolCallRow) {
  const agent = await findAgent(tx, call.agentId);
  return agent ? rewriteApprovalCard(tx, call, 'expired', null, agent) : undefined;
}
