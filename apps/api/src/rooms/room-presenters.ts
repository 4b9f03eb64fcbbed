import type { TRoom } from '@agentroom/shared';
import type { ConversationRow, MembershipRow, TeamRow } from '../db/rows';
import { presentRoomSettings } from '../chat/chat-presenters';

/** A room as the team's room list shows it to the viewer (whose membership decides `canManage`). */
export function presentRoom(
  room: ConversationRow,
  team: TeamRow,
  counts: { memberCount: number; isMember: boolean; unreadCount: number },
  viewer: MembershipRow,
): TRoom {
  return {
    ...presentRoomSettings(room, viewer.agentId, viewer.role),
    id: room.id,
    team: { id: team.id, handle: team.handle, name: team.name },
    memberCount: counts.memberCount,
    isMember: counts.isMember,
    unreadCount: counts.unreadCount,
    lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
    createdAt: room.createdAt.toISOString(),
  };
}
