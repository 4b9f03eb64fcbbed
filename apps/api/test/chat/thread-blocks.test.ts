import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACH_ERRORS, type TConversation, type TOpenThreadResponse } from '@agentroom/shared';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { sendMessage, startConversation } from './chat-fixtures';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { createRoom } from '../rooms/room-helpers';

/** A thread is presented and ruled as its parent: a room's thread as the room, a 1:1's thread as that 1:1, blocks included. */
let server: TestServer;
let ava: TestUser;
let ben: TestUser;
let handle: string;

const api = () => server.api();

async function openThread(user: TestUser, messageId: string) {
  const res = await api().post(`/api/v1/chat/messages/${messageId}/thread`).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as TOpenThreadResponse;
}

async function conversationAs(user: TestUser, conversationId: string) {
  const res = await api().get(`/api/v1/chat/conversations/${conversationId}`).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.conversation as TConversation;
}

const send = (user: TestUser, conversationId: string, content: string) =>
  api().post(`/api/v1/chat/conversations/${conversationId}/messages/async`).set(bearer(user.token)).send({ content, clientMessageId: randomUUID() });

const block = (blocker: TestUser, blocked: TestUser) => api().put(`/api/v1/users/me/blocks/${blocked.agentId}`).set(bearer(blocker.token)).expect(200);
const unblock = (blocker: TestUser, blocked: TestUser) => api().delete(`/api/v1/users/me/blocks/${blocked.agentId}`).set(bearer(blocker.token)).expect(200);

beforeAll(async () => {
  server = await startTestServer();
  ava = await signUpVerified(server, 'tbava');
  ben = await signUpVerified(server, 'tbben');
  handle = (await createTeam(server, ava)).handle;
  await addMember(server, ava, handle, ben.username);
});
afterAll(async () => {
  await server?.stop();
});

describe("a room's thread is the room, however few its members", () => {
  it('in a room of two where one blocked the other: no other agent, never read-only, and the blocked one still sends into it', async () => {
    const { room } = await createRoom(server, ava, handle, { name: `pair-${randomUUID().slice(0, 6)}`, memberIds: [ben.agentId] });
    const root = await sendMessage(server, ava, room.id, 'Just us two here');
    await block(ben, ava);
    try {
      const opened = await openThread(ava, root.id);
      expect(opened.thread.participants.map((p) => p.agentId).sort()).toEqual([ava.agentId, ben.agentId].sort());
      expect(opened.thread).toMatchObject({ otherAgent: null, readOnly: null });
      for (const who of [ava, ben]) {
        expect(await conversationAs(who, opened.thread.id), who.username).toMatchObject({ otherAgent: null, readOnly: null });
        expect(await conversationAs(who, room.id), who.username).toMatchObject({ otherAgent: null, readOnly: null });
      }
      for (const [who, conversationId] of [
        [ava, room.id],
        [ava, opened.thread.id],
        [ben, opened.thread.id],
      ] as const) {
        const res = await send(who, conversationId, 'still talking');
        expect(res.status, `${who.username} ${JSON.stringify(res.body)}`).toBe(201);
      }
    } finally {
      await unblock(ben, ava);
    }
  });
});

describe("a 1:1's thread is that 1:1", () => {
  it('is read-only as the blocked 1:1 is, and refuses sends both ways with the same reasons', async () => {
    const chat = await startConversation(server, ava, ben);
    const root = await sendMessage(server, ava, chat.id, 'A thought for later');
    const opened = await openThread(ava, root.id);
    expect(opened.thread.otherAgent?.id).toBe(ben.agentId);
    expect(opened.thread.readOnly).toBeNull();
    await block(ava, ben);
    try {
      for (const who of [ava, ben]) {
        const parent = await conversationAs(who, chat.id);
        const thread = await conversationAs(who, opened.thread.id);
        expect(parent.readOnly, who.username).not.toBeNull();
        expect(thread.readOnly, who.username).toEqual(parent.readOnly);
        expect(thread.otherAgent?.id, who.username).toBe(parent.otherAgent?.id);
      }
      for (const [who, error] of [
        [ava, REACH_ERRORS.blocked],
        [ben, REACH_ERRORS.blockedYou],
      ] as const) {
        for (const conversationId of [chat.id, opened.thread.id]) {
          const res = await send(who, conversationId, 'hello?');
          expect(res.status, who.username).toBe(403);
          expect(res.body).toMatchObject({ code: 'FORBIDDEN', error });
        }
      }
    } finally {
      await unblock(ava, ben);
    }
    expect((await send(ben, opened.thread.id, 'back again')).status).toBe(201);
  });
});
