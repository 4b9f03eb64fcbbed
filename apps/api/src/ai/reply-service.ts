import { desc, eq } from 'drizzle-orm';
import { isUuid, REPLY_ERRORS } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { agents, messages } from '../db/schema';
import { assertConversationParticipant, assertMessageParticipant } from '../chat/chat-access';
import type { ReplyJobQueue } from '../context';
import type { AgentRow } from '../db/rows';
import { badRequest, notFound } from '../core/app-error';
import type { ReplyWorker } from './reply-worker';
import { enqueueReplyJob, findActiveReplyJobs, findReplyJob, requestReplyCancel } from './reply-jobs-repo';

/** A person's message to an AI agent; an AI agent does not answer another (no endless loops between personas). */
const needsReply = (sender: AgentRow, recipients: AgentRow[]) => sender.isHuman && recipients.some((r) => !r.isHuman);

/**
 * The chat's reply queue: runs inside the transaction that stores a message, so every AI agent among
 * the recipients gets a reply job, a committed message to an AI agent always has its job and an
 * aborted one never does.
 */
export const replyJobQueue: ReplyJobQueue = {
  wants: needsReply,
  async enqueue(tx: DbOrTx, { conversation, message, sender, recipients }) {
    if (!needsReply(sender, recipients)) return false;
    // Rooms: who answers (an @mentioned agent, the room's answers-everything agent) is the room
    // replies' rule, not "every AI agent among the recipients"; a plain room message queues nothing.
    if (conversation.type === 'room') return false;
    let queued = false;
    for (const recipient of recipients) {
      if (recipient.isHuman) continue;
      const job = await enqueueReplyJob(tx, {
        conversationId: conversation.id,
        agentId: recipient.id,
        triggerMessageId: message.id,
        teamId: conversation.teamId,
        dedupeKey: `reply:${message.id}`,
      });
      queued ||= Boolean(job);
    }
    return queued;
  },
};

/** The user stops a reply being written: this node aborts at once, another at its next checkpoint. */
export async function stopReply(ctx: AppContext, worker: ReplyWorker, agentId: string, jobId: string) {
  if (!isUuid(jobId)) throw notFound(REPLY_ERRORS.replyNotFound);
  const job = await findReplyJob(ctx.db, jobId);
  if (!job) throw notFound(REPLY_ERRORS.replyNotFound);
  await assertConversationParticipant(ctx.db, job.conversationId, agentId).catch(() => {
    throw notFound(REPLY_ERRORS.replyNotFound);
  });
  const updated = await requestReplyCancel(ctx.db, jobId);
  worker.abortLocal(jobId);
  return { stopped: Boolean(updated) };
}

/** Writes the latest AI reply again (a new message; the old one stays in the history). */
export async function regenerateReply(ctx: AppContext, worker: ReplyWorker, agentId: string, replyMessageId: string) {
  const { message } = await assertMessageParticipant(ctx.db, replyMessageId, agentId);
  const [sender] = await ctx.db.select().from(agents).where(eq(agents.id, message.senderAgentId));
  const triggerId = message.meta.replyToMessageId;
  if (!sender || sender.isHuman || !triggerId) throw badRequest(REPLY_ERRORS.notAnAiReply);
  const [latest] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, message.conversationId))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (latest?.id !== message.id) throw badRequest(REPLY_ERRORS.notAnAiReply);
  const job = await enqueueReplyJob(ctx.db, {
    conversationId: message.conversationId,
    agentId: sender.id,
    triggerMessageId: triggerId,
    teamId: null,
    dedupeKey: `regenerate:${message.id}`,
  });
  worker.kick();
  if (!job) throw badRequest(REPLY_ERRORS.alreadyRegenerating);
  return { streamId: job.id };
}

/** Replies being written now in a conversation, with their text so far (used after a reconnect). */
export async function activeReplies(ctx: AppContext, worker: ReplyWorker, agentId: string, conversationId: string) {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  const jobs = await findActiveReplyJobs(ctx.db, conversationId);
  return jobs.map((job) => {
    const live = worker.liveText(job.id);
    return {
      streamId: job.id,
      agentId: job.agentId,
      status: job.status,
      attempt: live?.attempt ?? job.attempts,
      content: live?.text ?? job.partialContent,
    };
  });
}

