import { agentRoomOf, conversationRoom } from '@agentroom/shared';
import type { DomainEventBus } from '../core/domain-events';
import type { AppSocketServer } from './socket-types';
import { agentRooms } from './rooms';

/**
 * Maps domain events to Socket.IO rooms, on every node through the adapter. A socket in several of
 * the rooms of one emit gets the event once.
 */
export function subscribeFanOut(events: DomainEventBus, io: AppSocketServer): () => void {
  const unsubscribe = [
    events.subscribe('message.created', ({ conversationId, message, participantIds }) => {
      const room = conversationRoom(conversationId);
      io.to(room).emit('message:received', message);
      // For unread counts and lists elsewhere; sockets in the conversation room already got the message.
      io.to(agentRooms(participantIds)).except(room).emit('conversation:message', { conversationId, message });
    }),
    events.subscribe('message.updated', ({ message }) => {
      io.to(conversationRoom(message.conversationId)).emit('message:updated', message);
    }),
    events.subscribe('message.reaction', (reaction) => {
      io.to(conversationRoom(reaction.conversationId)).emit('message:reaction', reaction);
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
