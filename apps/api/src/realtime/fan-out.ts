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
 * New messages (the hot path) cross to the other nodes as server-side events, and each node
 * delivers them to its own sockets: instead of two adapter broadcasts per message (one per event
 * name), the messages stored in one turn of the event loop (a group commit's batch) go out in one
 * Redis publish, and nothing is encoded on a node without a socket for them. Order is kept: one
 * publisher connection, one channel, and any other event of this module first sends the messages
 * still waiting, so nothing overtakes them.
 */
export function subscribeFanOut(events: DomainEventBus, io: AppSocketServer, options: { multiNode: boolean }): () => void {
  const fromOtherNode = (batch: MessageFanOut[]) => {
    for (const fanOut of batch) deliverMessageLocally(io, fanOut);
  };
  io.on('message:fan-out', fromOtherNode);
  let waiting: MessageFanOut[] = [];
  let flushing: NodeJS.Immediate | undefined;
  const flush = () => {
    if (flushing) clearImmediate(flushing);
    flushing = undefined;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    io.serverSideEmit('message:fan-out', batch);
  };
  /** Every other event waits for the messages before it. */
  const inOrder =
    <A extends unknown[]>(handler: (...args: A) => void) =>
    (...args: A) => {
      flush();
      handler(...args);
    };
  const unsubscribe = [
    () => io.off('message:fan-out', fromOtherNode),
    flush,
    events.subscribe('message.created', ({ conversationId, message, participantIds }) => {
      const fanOut = { conversationId, message, participantIds };
      deliverMessageLocally(io, fanOut);
      if (!options.multiNode) return;
      waiting.push(fanOut);
      flushing ??= setImmediate(flush);
    }),
    events.subscribe(
      'message.updated',
      inOrder(({ message }) => {
        io.to(conversationRoom(message.conversationId)).emit('message:updated', message);
      }),
    ),
    events.subscribe(
      'message.reaction',
      inOrder((reaction) => {
        io.to(conversationRoom(reaction.conversationId)).emit('message:reaction', reaction);
      }),
    ),
    events.subscribe(
      'message.seen',
      inOrder(({ participantIds, ...seen }) => {
        // To the room (seen markers) and to the participants' own rooms (unread counts).
        io.to([conversationRoom(seen.conversationId), ...agentRooms(participantIds)]).emit('conversation:message:seen', seen);
      }),
    ),
    events.subscribe(
      'reply.typing',
      inOrder((typing) => {
        io.to(conversationRoom(typing.conversationId)).emit('conversation:participant:typing', typing);
      }),
    ),
    events.subscribe(
      'access.changed',
      inOrder(({ agentId, lostConversationIds }) => {
        if (lostConversationIds.length) io.in(agentRoomOf(agentId)).socketsLeave(lostConversationIds.map(conversationRoom));
      }),
    ),
    events.subscribe(
      'room.changed',
      inOrder(({ teamId, roomId, audienceIds, joinedIds, leftIds, threadIds = [] }) => {
        // Membership first, on every node: who was added hears the room from now on, who left no longer
        // (nor any of its threads they had open).
        const room = conversationRoom(roomId);
        if (joinedIds.length) io.in(agentRooms(joinedIds)).socketsJoin(room);
        if (leftIds.length) io.in(agentRooms(leftIds)).socketsLeave([room, ...threadIds.map(conversationRoom)]);
        if (audienceIds.length) io.to(agentRooms(audienceIds)).emit('rooms:changed', { teamId, roomId });
      }),
    ),
    events.subscribe(
      'team.changed',
      inOrder(({ agentIds, team, change }) => {
        if (agentIds.length) io.to(agentRooms(agentIds)).emit('teams:changed', { teamId: team.id, handle: team.handle, name: team.name, change });
      }),
    ),
    events.subscribe(
      'agent.delivery',
      inOrder(({ agentId, event, payload }) => {
        // An external agent's own room: requests, their ends, and the messages it hears (decision 0025).
        const room = io.to(agentRoomOf(agentId));
        if (event === 'agent:request') room.emit('agent:request', payload);
        else if (event === 'agent:request:ended') room.emit('agent:request:ended', payload);
        else room.emit('agent:message', payload);
      }),
    ),
    events.subscribe(
      'export.updated',
      inOrder(({ agentId, export: updated }) => {
        io.to(agentRoomOf(agentId)).emit('export:updated', { export: updated });
      }),
    ),
    events.subscribe(
      'thread.updated',
      inOrder((event) => {
        io.to(conversationRoom(event.conversationId)).emit('thread:updated', event);
      }),
    ),
    events.subscribe(
      'pins.changed',
      inOrder((event) => {
        io.to(conversationRoom(event.conversationId)).emit('conversation:pins', event);
      }),
    ),
    events.subscribe(
      'messages.removed',
      inOrder((event) => {
        io.to(conversationRoom(event.conversationId)).emit('messages:removed', event);
      }),
    ),
    events.subscribe(
      'reply.stream',
      inOrder((stream) => {
        io.to(conversationRoom(stream.conversationId)).emit('message:stream', stream);
      }),
    ),
  ];
  return () => unsubscribe.forEach((off) => off());
}
