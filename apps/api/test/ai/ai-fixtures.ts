import type { TChatMessage, TMessageStreamEvent } from '@agentroom/shared';
import { auth, connectSocket, joinConversation, startConversation, type ClientSocket, type User } from '../chat/chat-fixtures';
import { createAiAgent, createTeam } from '../teams/team-helpers';
import { signUpVerified, type TestServer } from '../support/test-server';

/** A verified user, a team of theirs with one AI persona, and a joined socket on their conversation. */
export async function chatWithAiAgent(server: TestServer, personality = 'Speaks like a ship captain and loves knots.') {
  const user = await signUpVerified(server, 'aiuser');
  const team = await createTeam(server, user);
  const agent = await createAiAgent(server, user, team.handle, { firstName: 'Marlow', role: 'Navigator', personality });
  const conversation = await startConversation(server, user, { agentId: agent.id });
  const socket = await connectSocket(server.url, user.token);
  await joinConversation(socket, conversation.id);
  return { user, team, agent, conversation, socket };
}

/** Everything one reply streams, until its `done` event. */
export function collectStream(socket: ClientSocket, accept: (e: TMessageStreamEvent) => boolean = () => true) {
  const events: TMessageStreamEvent[] = [];
  const done = new Promise<TMessageStreamEvent[]>((resolve) => {
    const listener = (event: TMessageStreamEvent) => {
      if (!accept(event)) return;
      events.push(event);
      if (event.done) {
        socket.off('message:stream', listener);
        resolve(events);
      }
    };
    socket.on('message:stream', listener);
  });
  return { events, done };
}

/** The next stored message from `senderId` over the socket. */
export function nextMessageFrom(socket: ClientSocket, senderId: string, timeoutMs = 15_000): Promise<TChatMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message from ${senderId}`)), timeoutMs);
    const listener = (message: TChatMessage) => {
      if (message.sender.id !== senderId) return;
      clearTimeout(timer);
      socket.off('message:received', listener);
      resolve(message);
    };
    socket.on('message:received', listener);
  });
}

export async function messagesOf(server: TestServer, user: User, conversationId: string): Promise<TChatMessage[]> {
  const res = await server.api().get(`/api/v1/chat/conversations/${conversationId}/messages?limit=200`).set(auth(user)).expect(200);
  return res.body.data.messages;
}
