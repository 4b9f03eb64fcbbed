import type { TChatMessage, TReactionAgent, TSeenStatus, TThreadPlace, TThreadSummary } from '@agentroom/shared';
import { readPresenceAndReach } from '../agents/agent-presence';
import { withReadOnly } from './chat-access';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { AgentRow, ConversationRow, MessageRow } from '../db/rows';
import { presentConversation, presentMessage, presentReactions, presentSeenAgent } from './chat-presenters';
import { findAgentsByIds, findAskedByOf, findAttachmentsOf, findMentionsOf, findParticipants, findReactionsOf } from './chat-repo';
import { findRoomThreadIds, findThreadPlaces } from './thread-repo';
import { findThreadSummaries } from './thread-summaries';
import { findListDetails, findListParticipants, type ListFile } from './conversation-list-repo';

// Reads what a chat response shows (senders, files, cursors, unread counts) and presents it.

/** Presents message rows with their senders, attachments and reactions, in the order given. */
export async function presentMessageRows(ctx: AppContext, rows: MessageRow[]): Promise<TChatMessage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((m) => m.id);
  const [senders, files, reactions, mentions, askedBy, threads, places] = await Promise.all([
    findAgentsByIds(ctx.db, [...new Set(rows.map((m) => m.senderAgentId))]),
    findAttachmentsOf(ctx.db, ids),
    findReactionsOf(ctx.db, ids),
    findMentionsOf(ctx.db, ids),
    findAskedByOf(ctx.db, ids),
    // Threads (decision 0026): the roots' summaries and the replies' places, one statement each per page.
    findThreadSummaries(ctx.db, ids),
    findThreadPlaces(ctx.db, [...new Set(rows.map((m) => m.conversationId))]),
  ]);
  return presentMessagesWith(ctx, rows, new Map(senders.map((a) => [a.id, a])), { files, reactions, mentions, askedBy, threads, places });
}

interface MessageExtras {
  files: ListFile[];
  reactions: { messageId: string; emoji: string; agent: TReactionAgent }[];
  /** messageId → the agents it @mentions. */
  mentions: Map<string, string[]>;
  /** AI replies another agent asked for: messageId → that agent. */
  askedBy: Map<string, TReactionAgent>;
  /** Roots' thread summaries: messageId → summary. */
  threads?: Map<string, TThreadSummary>;
  /** Threads among the messages' conversations: conversationId → place. */
  places?: Map<string, TThreadPlace>;
}

/** Message rows presented with what was read for them (every sender among `senderById`). */
function presentMessagesWith(ctx: AppContext, rows: MessageRow[], senderById: Map<string, AgentRow>, { files, reactions, mentions, askedBy, threads, places }: MessageExtras) {
  const filesByMessage = new Map<string, ListFile[]>();
  for (const file of files) if (file.messageId) filesByMessage.set(file.messageId, [...(filesByMessage.get(file.messageId) ?? []), file]);
  const reactionsByMessage = new Map<string, { emoji: string; agent: TReactionAgent }[]>();
  for (const reaction of reactions) reactionsByMessage.set(reaction.messageId, [...(reactionsByMessage.get(reaction.messageId) ?? []), reaction]);
  return rows.map((m) =>
    presentMessage(
      m,
      senderById.get(m.senderAgentId)!,
      filesByMessage.get(m.id) ?? [],
      ctx.config.jwtSecret,
      presentReactions(reactionsByMessage.get(m.id) ?? []),
      { mentions: mentions.get(m.id), askedBy: askedBy.get(m.id), thread: threads?.get(m.id), inThread: places?.get(m.conversationId) },
    ),
  );
}

/** Read cursors of everyone but the viewer: messageId → agents (each agent sits on one message). */
export async function seenStatusOf(db: DbOrTx, conversationId: string, viewerAgentId: string): Promise<TSeenStatus> {
  const rows = await findParticipants(db, [conversationId]);
  const status: TSeenStatus = {};
  for (const { participant, agent } of rows) {
    if (agent.id === viewerAgentId || !participant.lastReadMessageId) continue;
    (status[participant.lastReadMessageId] ??= []).push(presentSeenAgent(agent));
  }
  return status;
}

/**
 * How many messages from others wait after a read cursor: every message past it, since a send moves
 * its sender's own cursor onto it (insert-message.ts, group-commit.ts), so one's own messages are
 * never past one's cursor. Seq is gap-free and a deleted message keeps its seq, so it still counts,
 * as it did when it arrived (the web app's live count never takes one back). O(1) for any number of
 * messages or participants.
 */
export const unreadAfter = (lastSeq: number, lastReadSeq: number) => Math.max(0, lastSeq - lastReadSeq);

/** Conversations as the viewer sees them, with participants, team, last message, unread count and presence. */
export async function presentConversationRows(ctx: AppContext, rows: ConversationRow[], viewerAgentId: string) {
  if (rows.length === 0) return [];
  const ids = rows.map((c) => c.id);
  // One step after the page's rows: every statement at once, and presence as soon as the
  // participants are known.
  const participantsRead = findListParticipants(ctx.database, ids);
  const [participants, { presence: online, reach }, { extras: extrasById, last }, roomThreads] = await Promise.all([
    participantsRead,
    // The same reading as the team cards: humans by socket, AI agents by whether their model answers;
    // only of agents in the viewer's reach, which also says whether a 1:1 is read-only (decision 0022).
    participantsRead.then((members) => readPresenceAndReach(ctx, viewerAgentId, [...new Map(members.map((p) => [p.agent.id, p.agent])).values()])),
    findListDetails(ctx.database, ids, viewerAgentId),
    // A room's thread has no "other agent" and is never read-only, however few members it has.
    findRoomThreadIds(ctx.db, rows.filter((c) => c.type === 'thread').map((c) => c.id)),
  ]);
  const senderById = new Map(last.senders.map((a) => [a.id, a]));
  const lastMessages = presentMessagesWith(ctx, last.messages, senderById, last);
  const lastByConversation = new Map(lastMessages.map((m) => [m.conversationId, m]));
  const participantsByConversation = new Map<string, typeof participants>();
  for (const p of participants) {
    const list = participantsByConversation.get(p.participant.conversationId);
    if (list) list.push(p);
    else participantsByConversation.set(p.participant.conversationId, [p]);
  }
  return rows.map((conversation) => {
    const members = participantsByConversation.get(conversation.id) ?? [];
    const viewer = members.find((p) => p.agent.id === viewerAgentId);
    const extras = extrasById.get(conversation.id);
    const presented = presentConversation(
      {
        conversation,
        team: conversation.teamId ? (extras?.team ?? null) : null,
        participants: members,
        lastMessage: lastByConversation.get(conversation.id) ?? null,
        unreadCount: viewer ? unreadAfter(conversation.lastSeq, viewer.participant.lastReadSeq) : 0,
        unreadMentions: extras?.unreadMentions ?? 0,
        online,
        viewerTeamRole: extras?.viewerTeamRole ?? null,
      },
      viewerAgentId,
    );
    return roomThreads.has(conversation.id) ? { ...presented, otherAgent: null, readOnly: null } : withReadOnly(presented, reach);
  });
}

