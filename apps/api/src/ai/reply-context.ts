import type { TFileRead } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { AgentRow, ConversationRow, ReplyJobRow } from '../db/rows';
import { findParticipants, isThread } from './chat-link';
import { filesForReply } from './files/files-for-reply';
import { buildContext, type RoomSetting } from './prompt';
import type { ModelMessage } from './provider';
import { findConversationTeamId, findFirstTeamIdOf, findHistoryMessage, findMessageSeq, findRecentMessages, findTeamName } from './reply-context-repo';
import { conversationWithRuling } from './ruling';

const HISTORY_MESSAGES = 40;
/** A thread's root in what a reply read: before the thread's first reply (seq 1). */
export const ROOT_SEQ = 0;
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
 *
 * In a thread (decision 0026) the rules are its parent's (a room's name, topic and members; a 1:1's
 * way of answering), the prompt says it is a thread, and the history is the thread's root (kept first
 * whatever the budget) followed by the thread's replies: never the parent's other messages. The root
 * counts as seq 0 of its thread in `readSeqs` (thread replies start at 1), so what a reply read names it.
 */
export async function replyContext(ctx: AppContext, job: ReplyJobRow, agent: AgentRow): Promise<ReplyContext> {
  const place = await conversationWithRuling(ctx.db, job.conversationId);
  const room = place?.ruling.type === 'room' ? await roomSetting(ctx, place.ruling, job) : undefined;
  const rootId = place && isThread(place.conversation) ? place.conversation.threadRootMessageId : null;
  const upToNow = Boolean(room) && job.chainRootMessageId !== null;
  const maxSeq = upToNow ? undefined : await findMessageSeq(ctx.db, job.triggerMessageId);
  const root = rootId ? await findHistoryMessage(ctx.db, rootId) : undefined;
  const newestFirst = [...(await findRecentMessages(ctx.db, job.conversationId, maxSeq, HISTORY_MESSAGES)), ...(root ? [{ ...root, seq: ROOT_SEQ }] : [])];
  const { contextTokens } = ctx.config.ai;
  const files = await filesForReply(ctx, newestFirst.map((r) => r.id), Math.floor(contextTokens * FILES_SHARE));
  const rows = newestFirst.reverse().filter((r) => r.content || files.partsByMessage.has(r.id));
  const history = rows.map((r) => ({
    fromAgent: r.sender === agent.id,
    senderName: room && r.sender !== agent.id ? speakerName(r) : '',
    content: r.content,
    files: files.partsByMessage.get(r.id),
  }));
  const lead = root && rows[0]?.id === root.id ? history.shift() : undefined;
  const messages = buildContext(agent, history, contextTokens - files.tokens, { room, inThread: Boolean(rootId) }, lead);
  // buildContext keeps the lead and the newest turns that fit: as many as it answers after the system prompt.
  const kept = lead ? [rows[0]!, ...rows.slice(rows.length - (messages.length - 2))] : rows.slice(rows.length - (messages.length - 1));
  return {
    messages,
    filesRead: kept.flatMap((r) => files.readByMessage.get(r.id) ?? []),
    readSeqs: kept.length ? { from: kept[0]!.seq, to: kept.at(-1)!.seq } : null,
  };
}

/** Rooms (and their threads): where the agent is and with whom, for its persona prompt. */
async function roomSetting(ctx: AppContext, room: ConversationRow, job: ReplyJobRow): Promise<RoomSetting> {
  const [members, teamName] = await Promise.all([findParticipants(ctx.db, [room.id]), room.teamId ? findTeamName(ctx.db, room.teamId) : undefined]);
  return {
    name: room.name ?? '',
    topic: room.topic,
    teamName: teamName ?? '',
    members: members.filter((m) => m.agent.id !== job.agentId).map((m) => ({ name: speakerName(m.agent), username: m.agent.username })),
  };
}

/** "Maya Lee (person)" / "Sage (AI agent)": how a room's context names a speaker. */
function speakerName(agent: { firstName: string; lastName: string; username: string; isHuman: boolean }): string {
  const name = [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username;
  return `${name} (${agent.isHuman ? 'person' : 'AI agent'})`;
}
