import { desc, eq } from 'drizzle-orm';
import { isUuid, REPLY_ERRORS, type TActiveReply } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { agents, messages } from '../db/schema';
import { assertConversationParticipant, assertMessageParticipant } from '../chat/chat-access';
import type { ReplyJobQueue } from '../context';
import type { StoredMessage } from '../context';
import type { AgentRow } from '../db/rows';
import { badRequest, notFound } from '../core/app-error';
import type { ReplyWorker } from './reply-worker';
import { cancelConversationReplies, enqueueReplyJob, findActiveReplyJobs, findReplyJob, requestReplyCancel } from './reply-jobs-repo';
import { roomResponders } from './room-turns';

/**
 * Outside rooms: a person's message to an AI agent; an AI agent does not answer another there. In a
 * room: a person's message answered by the AI agents it @mentions and the room's agent that answers
 * everything (room-turns); agents asking each other are the reply worker's part (chains).
 */
function responders({ conversation, sender, recipients }: Pick<StoredMessage, 'conversation' | 'sender' | 'recipients'>, content: string): AgentRow[] {
  if (!sender.isHuman) return [];
  if (conversation.type === 'room') return roomResponders(conversation, content, recipients);
  return recipients.filter((r) => !r.isHuman);
}

/**
 * The chat's reply queue: runs inside the transaction that stores a message, so every AI agent that
 * answers gets a reply job, a committed message to an AI agent always has its job and an aborted one
 * never does.
 */
export const replyJobQueue: ReplyJobQueue = {
  wants: (target, content) => responders(target, content).length > 0,
  async enqueue(tx: DbOrTx, stored) {
    const { conversation, message, sender } = stored;
    const isRoom = conversation.type === 'room';
    let queued = false;
    for (const recipient of responders(stored, message.content)) {
      const job = await enqueueReplyJob(tx, {
        conversationId: conversation.id,
        agentId: recipient.id,
        triggerMessageId: message.id,
        teamId: conversation.teamId,
        // Several agents may answer one message in a room: one job each.
        dedupeKey: isRoom ? `reply:${message.id}:${recipient.id}` : `reply:${message.id}`,
        requestedByAgentId: sender.id,
        ...(isRoom ? { chainRootMessageId: message.id, chainTurn: 1 } : {}),
      });
      queued ||= Boolean(job);
    }
    return queued;
  },
};

/**
 * A member stops a room's chain: every reply running or waiting in the conversation, and so every
 * turn they would have started. Any member may (404 for everyone else, through the one access check).
 */
export async function stopChain(ctx: AppContext, worker: ReplyWorker, agentId: string, conversationId: string) {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  const { cancelled, running } = await cancelConversationReplies(ctx.db, conversationId);
  for (const jobId of running) worker.abortLocal(jobId);
  return { stopped: cancelled };
}

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
    requestedByAgentId: agentId,
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
      // findActiveReplyJobs reads only queued and running jobs.
      status: job.status as TActiveReply['status'],
      attempt: live?.attempt ?? job.attempts,
      content: live?.text ?? job.partialContent,
    };
  });
}

