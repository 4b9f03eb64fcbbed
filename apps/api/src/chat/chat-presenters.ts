import type {
  TChatAttachment,
  TChatMessage,
  TChatSender,
  TConversation,
  TConversationParticipant,
  TMessageReaction,
  TReactionAgent,
  TRoomSettings,
  TSeenAgent,
  TThreadPlace,
  TThreadSummary,
} from '@agentroom/shared';
import { isTeamManagerRole } from '@agentroom/shared';
import type { AgentRow, AttachmentRow, ConversationRow, MessageRow, ParticipantRow, TeamRow } from '../db/rows';
import { avatarUrlOf as avatarOf, presentAgent } from '../users/presenters';
import { signedAttachmentUrl } from './download-tokens';

export function presentSender(agent: AgentRow): TChatSender {
  return {
    id: agent.id,
    firstName: agent.firstName,
    lastName: agent.lastName,
    role: agent.isHuman ? 'user' : 'agent',
    avatarUrl: avatarOf(agent),
    isAgent: !agent.isHuman,
  };
}

/** The agent beside a seen marker or typing indicator (REST seenStatus and socket events alike). */
export function presentSeenAgent(agent: AgentRow): TSeenAgent {
  return { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, avatarUrl: avatarOf(agent) };
}

export function presentAttachment(row: Pick<AttachmentRow, 'id' | 'filename' | 'mime' | 'size'>, secret: string): TChatAttachment {
  return { id: row.id, filename: row.filename, mime: row.mime, size: row.size, url: signedAttachmentUrl(secret, row.id) };
}

export const presentReactionAgent = (agent: Pick<AgentRow, 'id' | 'firstName' | 'lastName'>): TReactionAgent => ({
  id: agent.id,
  firstName: agent.firstName,
  lastName: agent.lastName,
});

/** Reaction rows (oldest first) as chips: one per emoji in the order it was first used, its agents in order. */
export function presentReactions(rows: { emoji: string; agent: TReactionAgent }[]): TMessageReaction[] {
  const byEmoji = new Map<string, TMessageReaction>();
  for (const { emoji, agent } of rows) {
    const reaction = byEmoji.get(emoji) ?? { emoji, count: 0, agents: [] };
    reaction.count += 1;
    reaction.agents.push(agent);
    byEmoji.set(emoji, reaction);
  }
  return [...byEmoji.values()];
}

/** What a message shows beside its row: whom it @mentions, who asked for it, its thread (decision 0026). */
interface MessageExtrasShown {
  mentions?: string[];
  askedBy?: TReactionAgent;
  /** A root's thread, once it has a reply. */
  thread?: TThreadSummary;
  /** A reply inside a thread. */
  inThread?: TThreadPlace;
}

export function presentMessage(
  message: MessageRow,
  sender: AgentRow,
  files: Pick<AttachmentRow, 'id' | 'filename' | 'mime' | 'size'>[],
  secret: string,
  reactions: TMessageReaction[] = [],
  extras: MessageExtrasShown = {},
): TChatMessage {
  return {
    id: message.id,
    conversationId: message.conversationId,
    seq: message.seq,
    content: message.content,
    timestamp: message.createdAt.toISOString(),
    messageType: message.messageType === 'notice' || message.messageType === 'approval' ? message.messageType : 'text',
    isEdited: message.editedAt !== null,
    editedAt: message.editedAt?.toISOString() ?? null,
    clientMessageId: message.clientMessageId,
    sender: presentSender(sender),
    attachments: files.map((file) => presentAttachment(file, secret)),
    ...(message.meta.replyToMessageId ? { replyToMessageId: message.meta.replyToMessageId } : {}),
    ...(message.meta.stopped ? { stopped: true } : {}),
    ...(message.meta.notice ? { notice: { code: message.meta.notice.code, retryable: message.meta.notice.retryable } } : {}),
    ...(message.meta.earlierVersions?.length ? { earlierVersions: message.meta.earlierVersions } : {}),
    ...(reactions.length ? { reactions } : {}),
    ...(message.deletedAt ? { deleted: true as const } : {}),
    ...(extras.mentions?.length && !message.deletedAt ? { mentions: extras.mentions } : {}),
    ...(extras.askedBy ? { askedBy: extras.askedBy } : {}),
    // Agents that act (decision 0024): what an AI reply did and read, and an approval card, as stored in meta.
    ...(message.meta.toolSteps?.length ? { toolSteps: message.meta.toolSteps } : {}),
    ...(message.meta.filesRead?.length ? { filesRead: message.meta.filesRead } : {}),
    ...(message.meta.stepLimit ? { stepLimit: message.meta.stepLimit } : {}),
    ...(message.meta.approval ? { approval: message.meta.approval } : {}),
    ...(extras.thread ? { thread: extras.thread } : {}),
    ...(extras.inThread ? { inThread: extras.inThread } : {}),
    ...(message.meta.fromThread ? { fromThread: message.meta.fromThread } : {}),
  };
}

export interface ConversationParts {
  conversation: ConversationRow;
  team: Pick<TeamRow, 'id' | 'handle' | 'name'> | null;
  participants: { participant: ParticipantRow; agent: AgentRow }[];
  lastMessage: TChatMessage | null;
  unreadCount: number;
  /** Unread messages that @mention the viewer (0 until counted). */
  unreadMentions?: number;
  online: Map<string, boolean | null>;
  /** Rooms: the viewer's role in the room's team (a team owner or admin manages every room). */
  viewerTeamRole?: string | null;
}

/** A room's settings as its viewer sees them: its creator and the team's owners and admins manage it. */
export function presentRoomSettings(
  room: ConversationRow,
  viewerAgentId: string,
  viewerTeamRole: string | null | undefined,
): TRoomSettings {
  return {
    name: room.name ?? '',
    topic: room.topic,
    isPrivate: room.isPrivate,
    isGeneral: room.isGeneral,
    answersAllAgentId: room.answersAllAgentId,
    agentTurnLimit: room.agentTurnLimit,
    canManage: room.createdBy === viewerAgentId || isTeamManagerRole(viewerTeamRole),
  };
}

/** One conversation as the caller sees it: the other agent first-class, participants listed. */
export function presentConversation(parts: ConversationParts, viewerAgentId: string): TConversation {
  const { conversation, team, online } = parts;
  const participants: TConversationParticipant[] = parts.participants.map(({ participant, agent }) => ({
    id: participant.id,
    agentId: agent.id,
    agent: presentAgent(agent, online.get(agent.id) ?? null),
    lastReadMessageId: participant.lastReadMessageId,
    lastReadSeq: participant.lastReadSeq,
  }));
  const isRoom = conversation.type === 'room';
  const viewer = parts.participants.find((p) => p.agent.id === viewerAgentId)?.participant;
  const other = isRoom ? undefined : (participants.find((p) => p.agentId !== viewerAgentId) ?? participants[0]);
  return {
    id: conversation.id,
    conversationType: conversation.type,
    isTeamScoped: conversation.type === 'team-scoped',
    team: team ? { id: team.id, handle: team.handle, name: team.name } : null,
    participants,
    otherAgent: other?.agent ?? null,
    room: isRoom ? presentRoomSettings(conversation, viewerAgentId, parts.viewerTeamRole) : null,
    lastMessage: parts.lastMessage,
    unreadCount: parts.unreadCount,
    unreadMentions: parts.unreadMentions ?? 0,
    lastSeq: conversation.lastSeq,
    removedThroughSeq: conversation.removedThroughSeq,
    lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
    createdAt: conversation.createdAt.toISOString(),
    thread:
      conversation.type === 'thread'
        ? {
            threadConversationId: conversation.id,
            rootMessageId: conversation.threadRootMessageId!,
            parentConversationId: conversation.parentConversationId!,
            following: viewer?.following ?? false,
          }
        : null,
    notifyLevel: viewer?.notifyLevel ?? 'all',
    muted: viewer?.muted ?? false,
  };
}
