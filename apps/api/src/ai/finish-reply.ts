import { aiReplyClientMessageId } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { inTransaction } from '../core/transaction';
import type { TMessageMeta } from '../db/schema';
import type { AgentRow, MessageRow, ReplyJobRow } from '../db/rows';
import {
  findParticipants,
  presentReactionAgent,
  presentSeenAgent,
  publishRewritten,
  resolveSendTarget,
  rewriteMessage,
  writeMessage,
  type SendTarget,
  type WrittenMessage,
} from './chat-link';
import { endRequest, expireRequest, findLapsedRequests, finishReplyJob, isCancelRequested, type EndedRequest } from './reply-jobs-repo';
import { isRetryableNotice, noAnswerNoticeText, replyNoticeText, type TReplyNoticeCode } from './reply-notices';
import { continueChain } from './room-turns';

/** How a reply that writes a message ends: written in full, failed (a notice), or stopped by a member. */
type StoredOutcome = 'done' | 'failed' | 'cancelled';

class LostJob extends Error {}

/**
 * The one transaction that ends a reply with a message: it stores the reply (or notice) as the
 * agent, ends the job, and, for a room reply written in full, continues the room's chain (the turns
 * its @mentions start; room-turns). Nothing is stored when another node owns the job now, or when an
 * earlier attempt already stored it. Every event goes out after the commit.
 */
export async function storeReply(ctx: AppContext, job: ReplyJobRow, content: string, outcome: StoredOutcome, meta: TMessageMeta, error?: string) {
  // A regeneration or a notice's retry writes into its message's place (storeInPlace), unless that is gone.
  if (job.replyMessageId && (await storeInPlace(ctx, job, job.replyMessageId, content, outcome, meta, error)) !== 'append') return;
  const target = await resolveSendTarget(ctx, job.agentId, job.conversationId);
  const askedBy = job.askedByAgentId ? target.recipients.find((r) => r.id === job.askedByAgentId) : undefined;
  const options = {
    meta: { ...meta, replyToMessageId: job.triggerMessageId },
    messageType: meta?.notice ? 'notice' : 'text',
    ...(askedBy ? { askedBy: presentReactionAgent(askedBy) } : {}),
  };
  return inTransaction(ctx.db, async (tx) => {
    const stored = await writeMessage(ctx, tx, target, { content, clientMessageId: aiReplyClientMessageId(job.id) }, options);
    if (!stored) return undefined; // already written by an earlier attempt
    const finished = await finishReplyJob(tx, job, { status: outcome, replyMessageId: stored.row.id, errorKind: meta?.notice?.code, error, partialContent: content });
    if (!finished) throw new LostJob();
    // A member who stopped the chain meanwhile stops the turns this reply would start.
    if (outcome === 'done' && job.chainRootMessageId && !(await isCancelRequested(tx, job.id)))
      await continueChain(ctx, tx, job, target, stored.row, stored.message, stored.message.mentions ?? []);
    return stored;
  }).catch((e: unknown) => {
    if (e instanceof LostJob) return undefined;
    throw e;
  });
}

/**
 * A job queued with its message (reply-service: a regeneration, or the retry of a notice) writes
 * into that message's place: an answer becomes its newest version, the texts before it kept in
 * `meta.earlierVersions` ("2 / 2"); a notice becomes the answer. A failure never replaces an
 * answer (its notice is a message of its own: 'append'), nor is anything written into a message
 * deleted meanwhile ('append' too). `message.updated` goes out after the commit.
 */
async function storeInPlace(
  ctx: AppContext,
  job: ReplyJobRow,
  messageId: string,
  content: string,
  outcome: StoredOutcome,
  meta: TMessageMeta,
  error?: string,
): Promise<MessageRow | 'append' | undefined> {
  const row = await inTransaction(ctx.db, async (tx) => {
    const rewritten = await rewriteMessage(tx, messageId, (current) => {
      const wasAnswer = current.messageType !== 'notice';
      if (meta.notice && wasAnswer) return undefined;
      const earlierVersions = wasAnswer ? [...(current.meta.earlierVersions ?? []), current.content] : [];
      return {
        content,
        messageType: meta.notice ? 'notice' : 'text',
        meta: { ...meta, replyToMessageId: job.triggerMessageId, ...(earlierVersions.length ? { earlierVersions } : {}) },
        clientMessageId: aiReplyClientMessageId(job.id),
      };
    });
    if (!rewritten) return 'append' as const;
    const finished = await finishReplyJob(tx, job, { status: outcome, replyMessageId: messageId, errorKind: meta.notice?.code, error, partialContent: content });
    if (!finished) throw new LostJob();
    return rewritten;
  }).catch((e: unknown) => {
    if (e instanceof LostJob) return undefined;
    throw e;
  });
  if (row && row !== 'append') await publishRewritten(ctx, row);
  return row;
}

/**
 * The reply could not be written: a notice says why, in the chat, as the agent. Retryable unless
 * trying again cannot help today (reply-notices: no budget left, no model configured).
 */
export function storeNotice(ctx: AppContext, job: ReplyJobRow, agent: AgentRow, code: TReplyNoticeCode, error?: string) {
  const notice = { code, retryable: isRetryableNotice(code), jobId: job.id };
  return storeReply(ctx, job, replyNoticeText(code, agent), 'failed', { notice }, error);
}

// ---- external agents' requests (decision 0025): answered through the API, not by the runner ----

/**
 * An external agent's message answers its request `job` (delegated, locked by the caller), in the
 * message's transaction: the request ends done with it, and a room's chain continues with the turns
 * its @mentions start (turn limit, loop brake, notices), as for an AI agent's reply. False when the
 * request had already ended (stopped or lapsed).
 */
export async function answerRequest(ctx: AppContext, tx: Tx, job: ReplyJobRow, target: SendTarget, reply: WrittenMessage): Promise<boolean> {
  const ended = await endRequest(tx, job.id, { status: 'done', replyMessageId: reply.row.id, partialContent: reply.row.content });
  if (ended && job.chainRootMessageId) await continueChain(ctx, tx, job, target, reply.row, reply.message, reply.message.mentions ?? []);
  return ended;
}

/** The agent's typing indicator for an external agent's reply (nothing once it is no longer a participant). */
export async function publishRequestTyping(ctx: AppContext, db: DbOrTx, request: { agentId: string; conversationId: string }, agent: AgentRow | undefined, isTyping: boolean) {
  const participants = await findParticipants(db, [request.conversationId]);
  const self = participants.find((p) => p.agent.id === request.agentId);
  if (!self) return;
  ctx.events.publish('reply.typing', {
    conversationId: request.conversationId,
    participantId: self.participant.id,
    agentId: request.agentId,
    agent: presentSeenAgent(agent ?? self.agent),
    isTyping,
  });
}

/** The end of an external agent's draft as people see it: the stream done at its length. */
export function publishRequestStreamEnd(ctx: AppContext, request: { id: string; agentId: string; conversationId: string }, offset: number) {
  ctx.events.publish('reply.stream', { conversationId: request.conversationId, streamId: request.id, agentId: request.agentId, delta: '', offset, attempt: 0, done: true });
}

/**
 * Requests ended without their agent's answer (stopped, or lapsed), inside the transaction that
 * ended them: the agent is told, and people see its draft end (stream done, typing off).
 */
export async function tellRequestsEnded(ctx: AppContext, tx: Tx, ended: EndedRequest[], reason: 'stopped' | 'expired') {
  if (ended.length === 0) return;
  await ctx.agentInbox.ended(tx, ended.map((r) => ({ jobId: r.id, agentId: r.agentId, conversationId: r.conversationId, reason })));
  for (const request of ended) {
    if (request.streamed === null) continue;
    publishRequestStreamEnd(ctx, request, Number(request.streamed));
    await publishRequestTyping(ctx, tx, request, undefined, false);
  }
}

/**
 * Ends requests past their lease (EXTERNAL_AGENT_ANSWER_TIMEOUT_MS without a start, or that long
 * since a stream's last delta), one transaction each: 'failed', a notice for everyone as the agent
 * ("Atlas didn't answer"), the agent told, its draft ended. The room's next turn may then run.
 * Safe on many nodes: the end is conditional, and only the node that ends it writes the notice.
 */
export async function expireLapsedRequests(ctx: AppContext, limit = 50): Promise<number> {
  const due = await findLapsedRequests(ctx.db, limit);
  for (const job of due) {
    // Read before the transaction (the send path's member cache); it left the conversation: no notice.
    const target = await resolveSendTarget(ctx, job.agentId, job.conversationId).catch(() => undefined);
    await inTransaction(ctx.db, async (tx) => {
      const ended = await expireRequest(tx, job.id);
      if (!ended) return;
      if (target)
        await writeMessage(
          ctx,
          tx,
          target,
          { content: noAnswerNoticeText(target.sender), clientMessageId: aiReplyClientMessageId(job.id) },
          { messageType: 'notice', meta: { notice: { code: 'no_answer', retryable: false }, replyToMessageId: job.triggerMessageId } },
        );
      await tellRequestsEnded(ctx, tx, [ended], 'expired');
    });
  }
  return due.length;
}
