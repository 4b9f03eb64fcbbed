import { agentRoomOf, conversationRoom } from '@agentroom/shared';
import type { DomainEventBus } from '../core/domain-events';
import type { AppSocketServer, MessageFanOut } from './socket-types';
import { agentRooms } from './rooms';

/** Whether a socket of this node is in any of `rooms` and not in `except` (the adapter's own room map). */
function anyLocalSocket(io: AppSocketServer, rooms: string[], except?: string): boolean {
  const local = io.of('/').adapter.rooms;
  const skip = except === undefined ? undefined : local.get(except);
  for (const room of rooms) for (const id of local.get(room) ?? []) if (!skip?.has(id)) return true;
  return false;
}

/**
 * A new message to this node's sockets: `message:received` to the conversation room, and
 * `conversation:message` (unread counts, lists elsewhere) to the participants' own rooms except
 * sockets in the conversation room, which already got it. An emit no local socket would get is
 * not encoded at all.
 */
function deliverMessageLocally(io: AppSocketServer, { conversationId, message, participantIds }: MessageFanOut): void {
  const room = conversationRoom(conversationId);
  if (anyLocalSocket(io, [room])) io.local.to(room).emit('message:received', message);
  const own = agentRooms(participantIds);
  if (anyLocalSocket(io, own, room)) io.local.to(own).except(room).emit('conversation:message', { conversationId, message });
}

/**
 * Maps domain events to Socket.IO rooms, on every node through the adapter. A socket in several of
 * the rooms of one emit gets the event once.
 *
 * A new message (the hot path) crosses to the other nodes as one server-side event instead of two
 * adapter broadcasts (one per event name), and each node delivers it to its own sockets: one Redis
 * publish and one encode for the other nodes per message instead of two of each, and nothing is
 * encoded on a node without a socket for it. Order is kept: one publisher connection, one channel.
 */
export function subscribeFanOut(events: DomainEventBus, io: AppSocketServer, options: { multiNode: boolean }): () => void {
  const fromOtherNode = (fanOut: MessageFanOut) => deliverMessageLocally(io, fanOut);
  io.on('message:fan-out', fromOtherNode);
  const unsubscribe = [
    () => io.off('message:fan-out', fromOtherNode),
    events.subscribe('message.created', ({ conversationId, message, participantIds }) => {
      const fanOut = { conversationId, message, participantIds };
      deliverMessageLocally(io, fanOut);
      if (options.multiNode) io.serverSideEmit('message:fan-out', fanOut);
    }),
    events.subscribe('message.updated', ({ message }) => {
      io.to(conversationRoom(message.conversationId)).emit('message:updated', message);
    }),
    events.subscribe('message.seen', ({ participantIds, ...seen }) => {
      // To the room (seen markers) and to the participants' own rooms (unread counts).
      io.to([conversationRoom(seen.conversationId), ...agentRooms(participantIds)]).emit('conversation:message:seen', seen);
    }),
    events.subscribe('reply.typing', (typing) => {
      io.to(conversationRoom(typing.conversationId)).emit('conversation:participant:typing', typing);
    }),
    events.subscribe('access.changed', ({ agentId, lostConversationIds }) => {
      if (lostConversationIds.length) io.in(agentRoomOf(agentId)).socketsLeave(lostConversationIds.map(conversationRoom));
    }),
    events.subscribe('reply.stream', (stream) => {
      io.to(conversationRoom(stream.conversationId)).emit('message:stream', stream);
    }),
  ];
  return () => unsubscribe.forEach((off) => off());
}
