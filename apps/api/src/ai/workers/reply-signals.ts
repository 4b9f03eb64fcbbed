import type { AppContext } from '../../context';
import type { AgentRow, ReplyJobRow } from '../../db/rows';
import { findParticipants, markMessageSeen, presentSeenAgent } from '../chat-link';
import type { ReplyTurn } from './reply-turn';

/** The agent's typing indicator in the reply's conversation (nothing once it is no longer a participant). */
export async function publishTyping(ctx: AppContext, job: ReplyJobRow, agent: AgentRow, isTyping: boolean) {
  const participants = await findParticipants(ctx.db, [job.conversationId]);
  const self = participants.find((p) => p.agent.id === agent.id);
  if (!self) return;
  ctx.events.publish('reply.typing', {
    conversationId: job.conversationId,
    participantId: self.participant.id,
    agentId: agent.id,
    agent: presentSeenAgent(agent),
    isTyping,
  });
}

/**
 * A piece of the reply as the model writes it, at its offset in the reply's text; `done` ends the
 * stream (clients then wait for the stored message). The attempt lets a client drop a dead node's text.
 */
export function publishStream(ctx: AppContext, { job, live, steps }: Pick<ReplyTurn, 'job' | 'live'> & Partial<Pick<ReplyTurn, 'steps'>>, delta: string, done: boolean) {
  ctx.events.publish('reply.stream', {
    conversationId: job.conversationId,
    streamId: job.id,
    agentId: job.agentId,
    delta,
    offset: live.text.length,
    attempt: job.attempts,
    done,
    // The whole list of tool steps so far, once there is one (a client draws them from the latest event).
    ...(steps?.length ? { steps } : {}),
    ...(job.replyMessageId ? { replacesMessageId: job.replyMessageId } : {}),
  });
}

/** The agent has "seen" the message once its model answers: never while the model is down. */
export async function markSeen(ctx: AppContext, turn: ReplyTurn) {
  if (turn.seen) return;
  turn.seen = true;
  await markMessageSeen(ctx, turn.agent.id, turn.job.triggerMessageId).catch(() => undefined);
}
