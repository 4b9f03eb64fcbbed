import { v7 as uuidv7 } from 'uuid';
import {
  aiReplyClientMessageId,
  CHAT_ERRORS,
  EXTERNAL_AGENT_ERRORS,
  MESSAGE_MAX_LENGTH,
  type TChatMessage,
  type TStartAgentReplyRequest,
} from '@agentroom/shared';
import type { AppContext, AuthState } from '../context';
import { AppError, badRequest, conflict, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import type { ReplyJobRow } from '../db/rows';
import { assertMayWriteTo } from '../chat/chat-access';
import { presentReactionAgent } from '../chat/chat-presenters';
import { resolveSendTarget, writeMessage } from '../chat/message-service';
import { answerRequest, publishRequestStreamEnd, publishRequestTyping } from '../ai/finish-reply';
import { findLatestMessageId } from '../ai/reply-context-repo';
import { endRequest, enqueueReplyJob, extendRequestLease, findReplyJob, lockRequest } from '../ai/reply-jobs-repo';
import { askResponders } from '../ai/reply-service';
import { appendStreamText, findStream, insertStream, markStreamFinished } from './agent-streams-repo';

/*
 * An external agent's streamed replies (decision 0025), one service for HTTP and the socket twins.
 * A stream's id is its request's (reply job's) id, so people's clients see it as they see an AI
 * agent's reply: `message:stream` with that streamId, the stored message `ai-reply:<streamId>`, and
 * Stop works on it. A stream started without a request gets a request of its own (no chain), so
 * Stop and the lapse sweep treat every stream alike.
 */

/** Only an agent token speaks for an external agent (a person's socket is refused). */
function agentOf(caller: AuthState): string {
  if (!caller.external) throw new AppError(403, 'FORBIDDEN', EXTERNAL_AGENT_ERRORS.agentsOnly);
  return caller.agentId;
}

/** A stream started without a request: its request of its own. */
const isOwnStream = (job: Pick<ReplyJobRow, 'dedupeKey'>) => job.dedupeKey.startsWith('stream:');

/** Why a request no longer takes a reply (409). */
function endedError(job: Pick<ReplyJobRow, 'status'> | undefined) {
  if (job?.status === 'cancelled') return conflict(EXTERNAL_AGENT_ERRORS.streamStopped);
  if (job?.status === 'failed') return conflict(EXTERNAL_AGENT_ERRORS.requestLapsed);
  return conflict(EXTERNAL_AGENT_ERRORS.streamFinished);
}

const leaseFrom = (ctx: AppContext) => new Date(Date.now() + ctx.config.ai.externalAnswerTimeoutMs);

/**
 * Starts a streamed reply where the agent takes part (404 otherwise, as for any conversation it cannot
 * see). With `requestId`: its own open request in that conversation (404 unknown, 409 ended); the
 * same request started again answers the same stream. People see the agent typing; the request's
 * lapse moves to a full timeout from now.
 */
export async function startAgentReply(ctx: AppContext, caller: AuthState, input: TStartAgentReplyRequest) {
  const agentId = agentOf(caller);
  const target = await resolveSendTarget(ctx, agentId, input.conversationId);
  await assertMayWriteTo(ctx.db, target);
  const streamId = await inTransaction(ctx.db, async (tx) => {
    if (input.requestId) {
      const job = await lockRequest(tx, input.requestId);
      if (!job || job.agentId !== agentId || job.conversationId !== input.conversationId) throw notFound(EXTERNAL_AGENT_ERRORS.requestNotFound);
      if (job.status !== 'delegated') throw endedError(job);
      await insertStream(tx, { id: job.id, agentId, conversationId: job.conversationId, jobId: job.id });
      await extendRequestLease(tx, job.id, leaseFrom(ctx));
      return job.id;
    }
    const triggerMessageId = await findLatestMessageId(tx, input.conversationId);
    if (!triggerMessageId) throw badRequest(EXTERNAL_AGENT_ERRORS.nothingToAnswer);
    const id = uuidv7();
    await enqueueReplyJob(tx, {
      id,
      conversationId: input.conversationId,
      agentId,
      triggerMessageId,
      teamId: target.conversation.teamId,
      dedupeKey: `stream:${id}`,
      requestedByAgentId: agentId,
      status: 'delegated',
      leaseUntil: leaseFrom(ctx),
    });
    await insertStream(tx, { id, agentId, conversationId: input.conversationId, jobId: id });
    return id;
  });
  await publishRequestTyping(ctx, ctx.db, { agentId, conversationId: input.conversationId }, target.sender, true);
  return { streamId, conversationId: input.conversationId };
}

/** The agent's own stream, or 404 (another agent's stream is not found either). */
async function ownStream(ctx: AppContext, agentId: string, streamId: string) {
  const stream = await findStream(ctx.db, streamId);
  if (!stream || stream.agentId !== agentId) throw notFound(EXTERNAL_AGENT_ERRORS.streamNotFound);
  return stream;
}

/**
 * Adds text to the stream: people see it at its offset (the text's length before it) however many
 * nodes the deltas reach. 409 once finished, stopped or lapsed; 400 past MESSAGE_MAX_LENGTH.
 */
export async function appendAgentReply(ctx: AppContext, caller: AuthState, streamId: string, delta: string) {
  const agentId = agentOf(caller);
  const text = await appendStreamText(ctx.db, streamId, agentId, delta, MESSAGE_MAX_LENGTH);
  if (text === undefined) {
    const stream = await ownStream(ctx, agentId, streamId);
    if (stream.messageId) throw conflict(EXTERNAL_AGENT_ERRORS.streamFinished);
    const job = stream.jobId ? await findReplyJob(ctx.db, stream.jobId) : undefined;
    if (job?.status !== 'delegated') throw endedError(job);
    throw badRequest(EXTERNAL_AGENT_ERRORS.replyTooLong, { delta: EXTERNAL_AGENT_ERRORS.replyTooLong });
  }
  const offset = text.text.length - delta.length;
  await extendRequestLease(ctx.db, streamId, leaseFrom(ctx));
  ctx.events.publish('reply.stream', { conversationId: text.conversationId, streamId, agentId, delta, offset, attempt: 0, done: false });
  return { offset };
}

/**
 * Stores the reply (`content`, or the streamed text; 400 when empty) as the agent, in one
 * transaction with its request's end and the turns its @mentions start (a room's chain: turn
 * limit, loop brake, notices; a stream without a request starts a chain as the agent's own message
 * would). People see the stream end and the stored message, `ai-reply:<streamId>`.
 */
export async function finishAgentReply(ctx: AppContext, caller: AuthState, streamId: string, content: string | undefined): Promise<TChatMessage> {
  const agentId = agentOf(caller);
  const stream = await ownStream(ctx, agentId, streamId);
  if (stream.messageId) throw conflict(EXTERNAL_AGENT_ERRORS.streamFinished);
  const text = content?.trim() ? content : stream.text;
  if (!text.trim()) throw badRequest(CHAT_ERRORS.messageEmpty, { content: CHAT_ERRORS.messageEmpty });
  const target = await resolveSendTarget(ctx, agentId, stream.conversationId);
  const stored = await inTransaction(ctx.db, async (tx) => {
    const job = stream.jobId ? await lockRequest(tx, stream.jobId) : undefined;
    if (!job || job.status !== 'delegated') throw endedError(job);
    const askedBy = job.askedByAgentId ? target.recipients.find((r) => r.id === job.askedByAgentId) : undefined;
    const written = await writeMessage(
      ctx,
      tx,
      target,
      { content: text, clientMessageId: aiReplyClientMessageId(job.id) },
      {
        meta: { replyToMessageId: job.triggerMessageId },
        ...(askedBy ? { askedBy: presentReactionAgent(askedBy) } : {}),
        answers: async (reply) => {
          if (!isOwnStream(job)) return answerRequest(ctx, tx, job, target, reply);
          await endRequest(tx, job.id, { status: 'done', replyMessageId: reply.row.id, partialContent: text });
          return askResponders(ctx, tx, { ...target, message: reply.row }, reply.message);
        },
      },
    );
    if (!written || !(await markStreamFinished(tx, stream.id, written.row.id))) throw conflict(EXTERNAL_AGENT_ERRORS.streamFinished);
    publishRequestStreamEnd(ctx, { id: job.id, agentId, conversationId: stream.conversationId }, stream.text.length);
    return written;
  });
  await publishRequestTyping(ctx, ctx.db, { agentId, conversationId: stream.conversationId }, target.sender, false);
  return stored.message;
}
