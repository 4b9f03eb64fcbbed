import type { AppContext } from '../context';
import type { AgentRow, ReplyJobRow } from '../db/rows';
import { findParticipants } from './chat-link';
import { buildContext, type HistoryMessage, type RoomSetting } from './prompt';
import type { ModelMessage } from './provider';
import { findConversationSetting, findConversationTeamId, findFirstTeamIdOf, findMessageSeq, findRecentMessages } from './reply-context-repo';

const HISTORY_MESSAGES = 40;

/**
 * The team whose budget a reply spends: the job's, else its conversation's, else the first team the
 * agent is still in (null when none).
 */
export async function teamOf(ctx: AppContext, job: ReplyJobRow): Promise<string | null> {
  return job.teamId ?? (await findConversationTeamId(ctx.db, job.conversationId)) ?? (await findFirstTeamIdOf(ctx.db, job.agentId));
}

/** What the model is sent for `job`: the agent's persona (and room), then the conversation's recent turns. */
export async function replyContext(ctx: AppContext, job: ReplyJobRow, agent: AgentRow): Promise<ModelMessage[]> {
  const room = await roomSetting(ctx, job);
  return buildContext(agent, await history(ctx, job, agent, Boolean(room)), ctx.config.ai.contextTokens, room);
}

/**
 * The conversation's recent turns, oldest first. In a room every other speaker's turn carries
 * their name and whether they are a person or an AI agent, and the history runs up to now: agents
 * answer one after another, each seeing the answers before it. Elsewhere it runs up to the message
 * the reply answers. Notices are not part of the conversation.
 */
async function history(ctx: AppContext, job: ReplyJobRow, agent: AgentRow, isRoom: boolean): Promise<HistoryMessage[]> {
  const upToNow = isRoom && job.chainRootMessageId !== null;
  const maxSeq = upToNow ? undefined : await findMessageSeq(ctx.db, job.triggerMessageId);
  const rows = await findRecentMessages(ctx.db, job.conversationId, maxSeq, HISTORY_MESSAGES);
  return rows
    .reverse()
    .filter((r) => r.type !== 'notice' && r.content)
    .map((r) => ({
      fromAgent: r.sender === agent.id,
      senderName: isRoom && r.sender !== agent.id ? speakerName(r) : '',
      content: r.content,
    }));
}

/** Rooms: where the agent is and with whom, for its persona prompt. */
async function roomSetting(ctx: AppContext, job: ReplyJobRow): Promise<RoomSetting | undefined> {
  const room = await findConversationSetting(ctx.db, job.conversationId);
  if (room?.type !== 'room') return undefined;
  const members = await findParticipants(ctx.db, [job.conversationId]);
  return {
    name: room.name ?? '',
    topic: room.topic,
    teamName: room.teamName ?? '',
    members: members.filter((m) => m.agent.id !== job.agentId).map((m) => ({ name: speakerName(m.agent), username: m.agent.username })),
  };
}

/** "Maya Lee (person)" / "Sage (AI agent)": how a room's context names a speaker. */
function speakerName(agent: { firstName: string; lastName: string; username: string; isHuman: boolean }): string {
  const name = [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username;
  return `${name} (${agent.isHuman ? 'person' : 'AI agent'})`;
}
