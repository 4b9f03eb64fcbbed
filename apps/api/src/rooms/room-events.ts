import type { DomainEventBus } from '../core/domain-events';
import type { DbOrTx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { findThreadIdsOf } from '../chat/thread-repo';
import { findActiveTeamMemberIds, findRoomParticipantIds } from './rooms-repo';

type RoomSeen = Pick<ConversationRow, 'id' | 'teamId' | 'isPrivate'>;

/**
 * Who hears that a room changed: for an open room every active member of its team (it is in their
 * list), for a private one its members; and those who just left it.
 */
async function roomAudience(db: DbOrTx, room: RoomSeen, leftIds: string[]): Promise<string[]> {
  const ids = room.isPrivate || !room.teamId ? await findRoomParticipantIds(db, room.id) : await findActiveTeamMemberIds(db, room.teamId);
  return [...new Set([...ids, ...leftIds])];
}

/**
 * The one producer of `room.changed`, called inside the write's transaction (the event goes out once
 * it commits), with the audience read there. `wasOpen`: a room just made private is still heard by
 * everyone who saw it in their list, so they see it go.
 */
export async function publishRoomChanged(
  db: DbOrTx,
  events: DomainEventBus,
  room: RoomSeen,
  change: { joinedIds?: string[]; leftIds?: string[]; wasOpen?: boolean } = {},
): Promise<void> {
  const joinedIds = change.joinedIds ?? [];
  const leftIds = change.leftIds ?? [];
  const audienceIds = await roomAudience(db, { ...room, isPrivate: room.isPrivate && !change.wasOpen }, leftIds);
  // The room's threads (decision 0026) change members with it: who left leaves their socket rooms too,
  // and every node forgets their cached members.
  const threadIds = joinedIds.length || leftIds.length ? await findThreadIdsOf(db, [room.id]) : [];
  events.publish('room.changed', { teamId: room.teamId!, roomId: room.id, audienceIds, joinedIds, leftIds, threadIds });
}
