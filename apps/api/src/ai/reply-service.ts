import { isUuid, REPLY_ERRORS, type TActiveReply, type TChatMessage } from '@agentroom/shared';
import type { AppContext, ReplyJobQueue, ReplyRunner, StoredMessage } from '../context';
import { badRequest, notFound } from '../core/app-error';
import { assertConversationParticipant, assertMessageParticipant, findAgent, rulingConversation } from './chat-link';
import { findLatestMessageId } from './reply-context-repo';
import { inTransaction } from '../core/transaction';
import type { Tx } from '../db/client';
import { answerRequest, tellRequestsEnded } from './finish-reply';
import {
  cancelConversationReplies,
  cancelRequest,
  enqueueReplyJob,
  findActiveReplyJobs,
  findStreamingExternalReplies,
  findReplyJob,
  lockOldestOpenRequest,
  requestReplyCancel,
} from './reply-jobs-repo';
import { enqueueTurn, firstTurnJob, mayBeAnswered, whoAnswers } from './room-turns';
import { stopWaitingReplies } from './approvals/approval-service';
import { findJobToolCalls } from './approvals/tool-calls-repo';
import { presentSteps } from './approvals/tool-step-view';
import { toolBox } from './tools/tool-box';

/**
 * The chat's reply queue: runs inside the transaction that stores a message, so every agent that
 * answers (room-turns says who) gets a reply job, a committed message to an AI agent always has its
 * job and an aborted one never does. An external agent's message first answers its oldest open
 * request in the conversation (decision 0025); one answering none may still @mention agents of a room.
 */
export const replyJobQueue: ReplyJobQueue = {
  wants: (target, content) => target.sender.isExternal || mayBeAnswered(target, content),
  async enqueue(ctx, tx, stored, presented) {
    if (stored.sender.isExternal) {
      const open = await lockOldestOpenRequest(tx, stored.sender.id, stored.conversation.id);
      if (open && (await answerRequest(ctx, tx, open, stored, { row: stored.message, message: presented }))) return true;
    }
    return askResponders(ctx, tx, stored, presented);
  },
};

/** The turns a stored message starts (room-turns, rules 1, 2 and 5); answers whether any was queued. */
export async function askResponders(ctx: AppContext, tx: Tx, stored: StoredMessage, presented: TChatMessage): Promise<boolean> {
  const ruling = await rulingConversation(tx, stored.conversation);
  let queued = false;
  for (const agent of whoAnswers(stored, stored.message.content, ruling)) {
    const job = await enqueueTurn(ctx, tx, agent, firstTurnJob(stored, agent, ruling), { message: presented, conversation: stored.conversation });
    queued ||= Boolean(job);
  }
  return queued;
}

/**
 * A member stops a room's chain: every reply running or waiting in the conversation, and so every
 * turn they would have started. Any member may (404 for everyone else, through the one access check).
 */
export async function stopChain(ctx: AppContext, runner: ReplyRunner, agentId: string, conversationId: string) {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  // Replies waiting for approval end too, their cards saying nobody will decide them now.
  const waiting = await stopWaitingReplies(ctx, { conversationId });
  // External agents' requests end with the rest, and each agent is told in that transaction.
  const { cancelled, running } = await cancelConversationReplies(ctx.db, conversationId, (tx, ended) => tellRequestsEnded(ctx, tx, ended, 'stopped'));
  for (const jobId of running) runner.abortLocal(jobId);
  return { stopped: cancelled + waiting };
}

/** The user stops a reply being written: this node aborts at once, another at its next checkpoint. */
export async function stopReply(ctx: AppContext, runner: ReplyRunner, agentId: string, jobId: string) {
  if (!isUuid(jobId)) throw notFound(REPLY_ERRORS.replyNotFound);
  const job = await findReplyJob(ctx.db, jobId);
  if (!job) throw notFound(REPLY_ERRORS.replyNotFound);
  await assertConversationParticipant(ctx.db, job.conversationId, agentId).catch(() => {
    throw notFound(REPLY_ERRORS.replyNotFound);
  });
  if (job.status === 'waiting' && (await stopWaitingReplies(ctx, { jobId })) > 0) return { stopped: true };
  if (job.status === 'delegated') {
    // An external agent's request: it ends at once, and the agent is told (its later deltas answer 409).
    const stopped = await inTransaction(ctx.db, async (tx) => {
      const ended = await cancelRequest(tx, jobId);
      if (ended) await tellRequestsEnded(ctx, tx, [ended], 'stopped');
      return Boolean(ended);
    });
    return { stopped };
  }
  const updated = await requestReplyCancel(ctx.db, jobId);
  runner.abortLocal(jobId);
  return { stopped: Boolean(updated) };
}

/**
 * Writes an AI reply again, into its place (finish-reply, storeInPlace): the latest answer of an AI
 * agent gets a new version, kept beside the earlier ones ("2 / 2"); a notice, wherever it is in the
 * conversation, becomes the answer ("Try again", offered by clients when it may work next time). The job is queued with
 * the message as its reply; its dedupe key names the message as it is now (its clientMessageId
 * changes with every rewrite), so a double click queues one job and the next regeneration another.
 */
export async function regenerateReply(ctx: AppContext, runner: ReplyRunner, agentId: string, replyMessageId: string) {
  const { message } = await assertMessageParticipant(ctx.db, replyMessageId, agentId);
  const sender = await findAgent(ctx.db, message.senderAgentId);
  const triggerId = message.meta.replyToMessageId;
  // An external agent's reply is its own to write: nothing here can write it again.
  if (!sender || sender.isHuman || sender.isExternal || !triggerId || message.deletedAt) throw badRequest(REPLY_ERRORS.notAnAiReply);
  // A notice may be retried wherever it is (`retryable` only tells clients whether to offer it).
  const allowed = message.messageType === 'notice' || (await findLatestMessageId(ctx.db, message.conversationId)) === message.id;
  if (!allowed) throw badRequest(REPLY_ERRORS.notAnAiReply);
  const job = await enqueueReplyJob(ctx.db, {
    conversationId: message.conversationId,
    agentId: sender.id,
    triggerMessageId: triggerId,
    teamId: null,
    dedupeKey: `regenerate:${message.id}:${message.clientMessageId ?? ''}`,
    replyMessageId: message.id,
    requestedByAgentId: agentId,
  });
  runner.kick();
  if (!job) throw badRequest(REPLY_ERRORS.alreadyRegenerating);
  return { streamId: job.id };
}

/**
 * Replies being written now in a conversation, with their text so far (used after a reconnect): our
 * agents' jobs, and external agents' streams in progress (an external request not yet started shows nothing).
 */
export async function activeReplies(ctx: AppContext, runner: ReplyRunner, agentId: string, conversationId: string): Promise<TActiveReply[]> {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  const [jobs, external] = await Promise.all([findActiveReplyJobs(ctx.db, conversationId), findStreamingExternalReplies(ctx.db, conversationId)]);
  const ours = await Promise.all(
    jobs.map(async (job) => {
      const live = runner.liveText(job.id);
      const steps = presentSteps(toolBox, await findJobToolCalls(ctx.db, job.id));
      return {
        streamId: job.id,
        agentId: job.agentId,
        // findActiveReplyJobs reads only queued, running and waiting jobs.
        status: job.status as TActiveReply['status'],
        attempt: live?.attempt ?? job.attempts,
        content: live?.text ?? job.partialContent,
        ...(job.replyMessageId ? { replacesMessageId: job.replyMessageId } : {}),
        ...(steps.length ? { steps } : {}),
      };
    }),
  );
  const theirs = external.map((reply): TActiveReply => ({ streamId: reply.jobId, agentId: reply.agentId, status: 'running', attempt: 0, content: reply.text }));
  return [...ours, ...theirs];
}

