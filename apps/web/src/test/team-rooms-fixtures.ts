import type { TAgent, TConversation, TRoom, TRoomResponse } from '@agentroom/shared';
import { me } from './inbox-fixtures';

/** Test data for rooms, shaped like GET /teams/:handle/rooms and GET /teams/:handle/rooms/:room. */
const TEAM = { id: '0193a0c4-0000-7000-8000-0000000000f1', handle: 'demo', name: 'Demo Team' };

export function makeRoom(name: string, id: string, overrides: Partial<TRoom> = {}): TRoom {
  return {
    id,
    name,
    topic: '',
    isPrivate: false,
    isGeneral: name === 'general',
    answersAllAgentId: null,
    agentTurnLimit: 4,
    canManage: false,
    team: TEAM,
    memberCount: 3,
    isMember: true,
    unreadCount: 0,
    lastMessageAt: null,
    createdAt: '2025-01-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The room's conversation as the inbox and the room answer hold it, with `members` (me first). */
export function makeRoomConversation(room: TRoom, members: readonly TAgent[], overrides: Partial<TConversation> = {}): TConversation {
  return {
    id: room.id,
    conversationType: 'room',
    isTeamScoped: true,
    team: room.team,
    participants: [me.agent, ...members].map((agent, i) => ({
      id: `${room.id.slice(0, -4)}${String(i).padStart(4, '0')}`,
      agentId: agent.id,
      agent,
      lastReadMessageId: null,
      lastReadSeq: 0,
    })),
    otherAgent: null,
    room: {
      name: room.name,
      topic: room.topic,
      isPrivate: room.isPrivate,
      isGeneral: room.isGeneral,
      answersAllAgentId: room.answersAllAgentId,
      agentTurnLimit: room.agentTurnLimit,
      canManage: room.canManage,
    },
    lastMessage: null,
    unreadCount: room.unreadCount,
    unreadMentions: 0,
    lastSeq: 0,
    lastMessageAt: null,
    createdAt: room.createdAt,
    notifyLevel: 'all',
    muted: false,
    ...overrides,
  };
}

export const roomAnswer = (room: TRoom, members: readonly TAgent[] | null): TRoomResponse => ({
  room,
  conversation: members ? makeRoomConversation(room, members) : null,
});
