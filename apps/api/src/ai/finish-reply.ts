import { aiReplyClientMessageId } from '@agentroom/shared';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import type { TMessageMeta } from '../db/schema';
import type { AgentRow, MessageRow, ReplyJobRow } from '../db/rows';
import { presentReactionAgent, publishRewritten, resolveSendTarget, rewriteMessage, writeMessage } from './chat-link';
import { finishReplyJob, isCancelRequested } from './reply-jobs-repo';
import { isRetryableNotice, replyNoticeText, type TReplyNoticeCode } from './reply-notices';
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
      await continueChain(ctx, tx, job, target, stored.row, stored.message.mentions ?? []);
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
