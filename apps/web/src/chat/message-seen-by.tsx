import { ROOM_SEEN_MAX_AVATARS, type TListMessage } from '@agentroom/shared';
import { useConversationInfo, useSeenBy } from './conversation-context';
import { SeenBy } from './seen-by';

/**
 * The seen markers under a message. The only part of a bubble that reads the read cursors: a cursor
 * moving renders the markers, not the bubbles. In a room every message can carry them (notices and
 * deleted ones too); in a 1:1 chat only a message that asks for them (`inDirectChat`).
 */
export function MessageSeenBy({ message, own, inDirectChat = false }: { message: TListMessage; own: boolean; inDirectChat?: boolean }) {
  const { members } = useConversationInfo();
  const agents = useSeenBy(message);
  if (members) return <SeenBy agents={agents} max={ROOM_SEEN_MAX_AVATARS} align={own ? 'end' : 'start'} />;
  return inDirectChat ? <SeenBy agents={agents} /> : null;
}
