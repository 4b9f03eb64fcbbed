import type { TAgent, TChatMessage, TConversation } from '@agentroom/shared';
import { makeUser } from './fixtures';
import { makeChatMessage, senderOf } from './inbox-fixtures';

/** A room's people and AI agents, shaped like the API's answers. */
export const ROOM_ID = '0193a0c4-0000-7000-8000-0000000000e1';
export const me = makeUser();

export function makeAgent(id: string, username: string, firstName: string, isHuman = true): TAgent {
  return {
    id,
    username,
    firstName,
    middleName: '',
    lastName: '',
    fullName: firstName,
    role: isHuman ? 'Member' : 'AI agent',
    isHuman,
    personality: 'A helpful AI assistant',
    avatarUrl: `/api/v1/avatars/${username}.svg`,
    model: isHuman ? null : 'fake',
    ownerTeamId: isHuman ? null : '0193a0c4-0000-7000-8000-0000000000f1',
    isOnline: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

export const maya = makeAgent('0193a0c4-0000-7000-8000-0000000000b2', 'maya', 'Maya');
export const kai = makeAgent('0193a0c4-0000-7000-8000-0000000000b3', 'kai', 'Kai');
export const nova = makeAgent('0193a0c4-0000-7000-8000-0000000000b4', 'nova', 'Nova', false);
export const sage = makeAgent('0193a0c4-0000-7000-8000-0000000000b5', 'sage', 'Sage', false);

/** #launch of the Demo team: me, Maya, Kai, and the AI agents Nova and Sage. */
export function makeRoomConversation(members: readonly TAgent[] = [me.agent, maya, kai, nova, sage]): TConversation {
  return {
    id: ROOM_ID,
    conversationType: 'room',
    isTeamScoped: true,
    team: { id: '0193a0c4-0000-7000-8000-0000000000f1', handle: 'demo', name: 'Demo Team' },
    participants: members.map((agent, index) => ({ id: `p${index}`, agentId: agent.id, agent, lastReadMessageId: null, lastReadSeq: 0 })),
    otherAgent: null,
    room: {
      name: 'launch',
      topic: 'Shipping the beta',
      isPrivate: false,
      isGeneral: false,
      answersAllAgentId: null,
      agentTurnLimit: 4,
      canManage: true,
    },
    lastMessage: null,
    unreadCount: 0,
    unreadMentions: 0,
    lastSeq: 0,
    lastMessageAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    notifyLevel: 'all',
    muted: false,
  };
}

let seq = 0;
/** A stored message in the room from `from`. */
export function roomMessage(from: TAgent, content: string, extra: Partial<TChatMessage> = {}): TChatMessage {
  seq += 1;
  return makeChatMessage({
    id: `0193a0c4-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    conversationId: ROOM_ID,
    seq,
    content,
    timestamp: new Date(Date.parse('2025-03-20T12:00:00Z') + seq * 1000).toISOString(),
    sender: senderOf(from, from.avatarUrl),
    ...extra,
  });
}
