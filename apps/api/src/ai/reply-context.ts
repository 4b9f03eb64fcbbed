import type { TFileRead } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { AgentRow, ReplyJobRow } from '../db/rows';
import { findParticipants } from './chat-link';
import { filesForReply } from './files/files-for-reply';
import { buildContext, type RoomSetting } from './prompt';
import type { ModelMessage } from './provider';
import { findConversationSetting, findConversationTeamId, findFirstTeamIdOf, findMessageSeq, findRecentMessages } from './reply-context-repo';

const HISTORY_MESSAGES = 40;
/** The most of the context the history's files may take; the rest is for the persona and the turns. */
const FILES_SHARE = 0.5;

/** What a reply's model call is sent, and what it read: the files, and the seqs of the history messages in it. */
export interface ReplyContext {
  messages: ModelMessage[];
  filesRead: TFileRead[];
  readSeqs: { from: number; to: number } | null;
}

/**
 * The team whose budget a reply spends: the job's, else its conversation's, else the first team the
 * agent is still in (null when none).
 */
export async function teamOf(ctx: AppContext, job: ReplyJobRow): Promise<string | null> {
  return job.teamId ?? (await findConversationTeamId(ctx.db, job.conversationId)) ?? (await findFirstTeamIdOf(ctx.db, job.agentId));
}

/**
 * What the model is sent for `job`: the agent's persona (and room), then the conversation's recent
 * turns with their files (read within their share of the context, files-for-reply). In a room every
 * other speaker's turn carries their name and whether they are a person or an AI agent, and the
 * history runs up to now: agents answer one after another, each seeing the answers before it.
 * Elsewhere it runs up to the message the reply answers. Notices and approval cards are not part of
 * the conversation. `filesRead` and `readSeqs` cover the turns that fit in the context.
 */
export async function replyContext(ctx: AppContext, job: ReplyJobRow, agent: AgentRow): Promise<ReplyContext> {
  const room = await roomSetting(ctx, job);
  const upToNow = Boolean(room) && job.chainRootMessageId !== null;
  const maxSeq = upToNow ? undefined : await findMessageSeq(ctx.db, job.triggerMessageId);
  const newestFirst = await findRecentMessages(ctx.db, job.conversationId, maxSeq, HISTORY_MESSAGES);
  const { contextTokens } = ctx.config.ai;
  const files = await filesForReply(ctx, newestFirst.map((r) => r.id), Math.floor(contextTokens * FILES_SHARE));
  const rows = newestFirst.reverse().filter((r) => r.content || files.partsByMessage.has(r.id));
  const history = rows.map((r) => ({
    fromAgent: r.sender === agent.id,
    senderName: room && r.sender !== agent.id ? speakerName(r) : '',
    content: r.content,
    files: files.partsByMessage.get(r.id),
  }));
  const messages = buildContext(agent, history, contextTokens - files.tokens, room);
  // buildContext keeps the newest turns that fit: as many as it answers after the system prompt.
  const kept = rows.slice(rows.length - (messages.length - 1));
  return {
    messages,
    filesRead: kept.flatMap((r) => files.readByMessage.get(r.id) ?? []),
    readSeqs: kept.length ? { from: kept[0]!.seq, to: kept.at(-1)!.seq } : null,
  };
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
