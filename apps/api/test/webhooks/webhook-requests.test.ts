import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentMessageEvent, TAgentRequestEvent } from '@agentroom/shared';
import { startWebhookReceiver, verifyWebhookSignature, type WebhookReceiver } from '@agentroom/testkit';
import { collectStream, messagesOf } from '../ai/ai-fixtures';
import { closeSockets, connectSocket, joinConversation, sendMessage } from '../chat/chat-fixtures';
import { createRoomRow } from '../rooms/room-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam } from '../teams/team-helpers';
import { seatExternal } from '../external-agents/external-fixtures';

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // The receiver is on loopback, which the operator allows here as for MCP servers.
  server = await startTestServer({ MCP_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '0' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
  await receiver?.close();
});

type Body<T> = { id: string; event: string; createdAt: string; data: T };

describe('an external agent on webhooks alone', () => {
  it('is asked by a signed POST when mentioned in a room, answers over REST with the request id, and people see its streamed reply', async () => {
    const maya = await signUpVerified(server, 'maya');
    const leo = await signUpVerified(server, 'leo');
    const team = await createTeam(server, maya, { name: 'Hooked' });
    await addMember(server, maya, team.handle, leo.username);
    const path = `/relay-${randomUUID().slice(0, 6)}`;
    const relay = await seatExternal(server, maya, team.handle, { firstName: 'Relay', listensTo: 'all', webhookUrl: receiver.url(path) });
    const room = await createRoomRow(server, { teamId: team.id, createdBy: maya.agentId, name: `hooks-${randomUUID().slice(0, 6)}`, memberIds: [maya.agentId, leo.agentId, relay.agent.id] });
    const leoSocket = await connectSocket(server.url, leo.token);
    await joinConversation(leoSocket, room.id);

    // A message that does not mention it is heard ('all'); the mention is heard and asks it.
    await sendMessage(server, leo, room.id, 'morning all');
    const sent = await sendMessage(server, maya, room.id, `@${relay.agent.username} is the deploy done?`);
    await server.webhookWorker.sweepNow();
    const arrived = await receiver.waitFor(path, 3);
    for (const hook of arrived) expect(verifyWebhookSignature(relay.webhookSecret!, hook.headers, hook.rawBody, 300)).toBe(true);
    const bodies = arrived.map((hook) => JSON.parse(hook.rawBody) as Body<unknown>);
    expect(bodies.map((b) => b.event).sort()).toEqual(['agent:message', 'agent:message', 'agent:request']);
    const heard = bodies.filter((b) => b.event === 'agent:message').map((b) => (b.data as TAgentMessageEvent).message.content);
    expect(heard.sort()).toEqual([`@${relay.agent.username} is the deploy done?`, 'morning all']);
    const request = bodies.find((b) => b.event === 'agent:request')!.data as TAgentRequestEvent;
    expect(request).toMatchObject({ conversationId: room.id, message: { id: sent.id }, chainTurn: 1 });
    expect(arrived.every((hook, i) => hook.headers['x-agentroom-delivery'] === bodies[i]!.id)).toBe(true);

    // It answers over REST with its token, streamed: Leo sees the deltas and the stored reply.
    const stream = collectStream(leoSocket, (e) => e.agentId === relay.agent.id);
    const start = await server.api().post('/api/v1/agent/replies').set(bearer(relay.token)).send({ conversationId: room.id, requestId: request.requestId });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const { streamId } = start.body.data as { streamId: string };
    for (const delta of ['Deployed ', 'at 09:12.']) {
      const res = await server.api().post(`/api/v1/agent/replies/${streamId}/delta`).set(bearer(relay.token)).send({ delta });
      expect(res.status).toBe(200);
    }
    const finish = await server.api().post(`/api/v1/agent/replies/${streamId}/finish`).set(bearer(relay.token)).send({});
    expect(finish.status, JSON.stringify(finish.body)).toBe(201);
    expect(finish.body.data.message).toMatchObject({ content: 'Deployed at 09:12.', clientMessageId: `ai-reply:${request.requestId}` });
    expect((await stream.done).map((e) => e.delta).join('')).toBe('Deployed at 09:12.');
    const history = await messagesOf(server, leo, room.id);
    expect(history.at(-1)).toMatchObject({ content: 'Deployed at 09:12.', sender: { id: relay.agent.id } });
  });
});
