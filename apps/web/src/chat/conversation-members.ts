import { findMentions, type TAgent, type TConversation } from '@agentroom/shared';

/**
 * The people and AI agents of a conversation with more than two of them (a team room),
 * as the shared chat components need them: who sent what, who is mentioned, who may be mentioned.
 * A 1:1 conversation has none of this: no AI marks, no @mentions, seen markers only under one's own messages.
 */
export interface ConversationMembers {
  /** The reader. */
  selfId: string;
  /** Everyone in the conversation, the reader included, in the server's order. */
  list: readonly TAgent[];
  byId: ReadonlyMap<string, TAgent>;
}

/** How a @mention is marked in a message: stronger when it names the reader. */
export type MentionMark = 'me' | 'member';
/** Lowercased username → its mark. */
export type MentionMarks = ReadonlyMap<string, MentionMark>;

/** A conversation is multi-party when it is a room, or has more than two participants. */
function isMultiParty(conversation: Pick<TConversation, 'room' | 'participants'>): boolean {
  return conversation.room !== null || conversation.participants.length > 2;
}

/** The members of a multi-party conversation; undefined for a 1:1 conversation (or none yet). */
export function conversationMembers(
  conversation: Pick<TConversation, 'room' | 'participants'> | undefined,
  selfId: string,
): ConversationMembers | undefined {
  if (!conversation || !isMultiParty(conversation)) return undefined;
  const list = conversation.participants.map((p) => p.agent);
  return { selfId, list, byId: new Map(list.map((agent) => [agent.id, agent])) };
}

/**
 * The @mentions of a message to mark: the server's `mentions` (ids of members; omitted when none),
 * or, with `mentionIds` null (a message still sending, a reply still streaming: the server has not
 * read it yet), the members the text names.
 */
export function mentionMarksOf(content: string, mentionIds: readonly string[] | null, members: ConversationMembers): MentionMarks {
  const mentioned =
    mentionIds === null
      ? findMentions(content, members.list)
      : mentionIds.flatMap((id) => {
          const agent = members.byId.get(id);
          return agent ? [agent] : [];
        });
  return new Map(mentioned.map((agent) => [agent.username.toLowerCase(), agent.id === members.selfId ? 'me' : 'member']));
}
