import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMessageStreamEvent } from '@agentroom/shared';
import { startExampleAgent } from '@agentroom/example-agent';
import { closeSockets, connectSocket, joinConversation, recordEvents, sendMessage, startConversation } from '../chat/chat-fixtures';
import { messagesOf, nextMessageFrom } from '../ai/ai-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { createTeam } from '../teams/team-helpers';
import { seatExternal } from './external-fixtures';

/*
 * The example agent of docs/agents.md (packages/example-agent), run as its author would run it: a
 * socket with its own token, answering what people ask it. If this fails, the page's example does too.
 */
describe('the example agent', () => {
  let server: TestServer;
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const stop of stops.splice(0)) stop();
    closeSockets();
    await server.stop();
  });

  it('answers a 1:1 message by streaming "You said: …" word by word, and the reply is stored', async () => {
    const person = await signUpVerified(server, 'author');
    const team = await createTeam(server, person);
    const { agent, token } = await seatExternal(server, person, team.handle, { firstName: 'Echo' });
    const example = startExampleAgent({ url: server.url, token, wordDelayMs: 0, log: () => {} });
    stops.push(() => example.stop());
    await example.connected;

    const conversation = await startConversation(server, person, { agentId: agent.id });
    const socket = await connectSocket(server.url, person.token);
    await joinConversation(socket, conversation.id);
    const streamed = recordEvents(socket, 'message:stream');
    const stored = nextMessageFrom(socket, agent.id);

    await sendMessage(server, person, conversation.id, 'hello there, Echo');

    const reply = await stored;
    expect(reply.content).toBe('You said: hello there, Echo');
    // The person watched it being written, a word at a time, before it was stored.
    const deltas = (): TMessageStreamEvent[] => streamed.filter((event) => event.agentId === agent.id && event.delta !== '');
    await expect.poll(() => deltas().map((event) => event.delta).join('')).toBe('You said: hello there, Echo');
    expect(deltas().length).toBeGreaterThanOrEqual(4);

    const history = await messagesOf(server, person, conversation.id);
    expect(history.filter((message) => message.sender.id === agent.id).map((message) => message.content)).toEqual(['You said: hello there, Echo']);
  });
});
