import type { TChatMessage, TReactionAgent, TSeenStatus } from '@agentroom/shared';
import { readPresence } from '../agents/agent-presence';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { AttachmentRow, ConversationRow, MessageRow } from '../db/rows';
import { presentConversation, presentMessage, presentReactions, presentSeenAgent } from './chat-presenters';
import {
  countUnread,
  countUnreadMentions,
  findAgentsByIds,
  findAskedByOf,
  findAttachmentsOf,
  findLastMessages,
  findMentionsOf,
  findParticipants,
  findReactionsOf,
  findTeamRolesOf,
  findTeamsByIds,
} from './chat-repo';

// Reads what a chat response shows (senders, files, cursors, unread counts) and presents it.

/** Presents message rows with their senders, attachments and reactions, in the order given. */
export async function presentMessageRows(ctx: AppContext, rows: MessageRow[]): Promise<TChatMessage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((m) => m.id);
  const [senders, files, reactions, mentions, askedBy] = await Promise.all([
    findAgentsByIds(ctx.db, [...new Set(rows.map((m) => m.senderAgentId))]),
    findAttachmentsOf(ctx.db, ids),
    findReactionsOf(ctx.db, ids),
    findMentionsOf(ctx.db, ids),
    findAskedByOf(ctx.db, ids),
  ]);
  const senderById = new Map(senders.map((a) => [a.id, a]));
  const filesByMessage = new Map<string, AttachmentRow[]>();
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
      { mentions: mentions.get(m.id), askedBy: askedBy.get(m.id) },
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

/** Conversations as the viewer sees them, with participants, team, last message, unread count and presence. */
export async function presentConversationRows(ctx: AppContext, rows: ConversationRow[], viewerAgentId: string) {
  if (rows.length === 0) return [];
  const ids = rows.map((c) => c.id);
  const teamIds = [...new Set(rows.map((c) => c.teamId).filter((id): id is string => id !== null))];
  const roomTeamIds = [...new Set(rows.flatMap((c) => (c.type === 'room' && c.teamId ? [c.teamId] : [])))];
  const [participants, teamRows, lastMessageRows, unreadByConversation, mentionsByConversation, roleByTeam] = await Promise.all([
    findParticipants(ctx.db, ids),
    findTeamsByIds(ctx.db, teamIds),
    findLastMessages(ctx.db, ids),
    countUnread(ctx.db, ids, viewerAgentId),
    countUnreadMentions(ctx.db, ids, viewerAgentId),
    // Rooms: a team owner or admin manages every room of the team.
    findTeamRolesOf(ctx.db, roomTeamIds, viewerAgentId),
  ]);
  const lastMessages = await presentMessageRows(ctx, lastMessageRows);
  // The same reading as the team cards: humans by socket, AI agents by whether their model answers.
  const online = await readPresence(
    ctx,
    participants.map((p) => p.agent),
  );
  const teamById = new Map(teamRows.map((t) => [t.id, t]));
  const lastByConversation = new Map(lastMessages.map((m) => [m.conversationId, m]));
  return rows.map((conversation) =>
    presentConversation(
      {
        conversation,
        team: conversation.teamId ? (teamById.get(conversation.teamId) ?? null) : null,
        participants: participants.filter((p) => p.participant.conversationId === conversation.id),
        lastMessage: lastByConversation.get(conversation.id) ?? null,
        unreadCount: unreadByConversation.get(conversation.id) ?? 0,
        unreadMentions: mentionsByConversation.get(conversation.id) ?? 0,
        online,
        viewerTeamRole: conversation.teamId ? (roleByTeam.get(conversation.teamId) ?? null) : null,
      },
      viewerAgentId,
    ),
  );
}

