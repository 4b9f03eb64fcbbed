import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS, MAX_DISTINCT_REACTIONS, VALIDATION, type TChatAttachment, type TChatMessage } from '@agentroom/shared';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { attachments } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { chatWithAiAgent, nextMessageFrom } from '../ai/ai-fixtures';
import {
  auth,
  closeSockets,
  connectSocket,
  emitWithAck,
  joinConversation,
  nextEvent,
  recordEvents,
  sendMessage,
  startConversation,
  type User,
} from './chat-fixtures';

let llm: FakeLlm;
let server: TestServer;
let ada: User;
let bob: User;
let cy: User;
let conversationId: string;

beforeAll(async () => {
  llm = await startFakeLlm();
  server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
  [ada, bob, cy] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob'), signUpVerified(server, 'cy')]);
  conversationId = (await startConversation(server, ada, bob)).id;
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

const reactionPath = (messageId: string, emoji: string) => `/api/v1/chat/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`;
const react = (as: User, messageId: string, emoji: string) => server.api().put(reactionPath(messageId, emoji)).set(auth(as));
const unreact = (as: User, messageId: string, emoji: string) => server.api().delete(reactionPath(messageId, emoji)).set(auth(as));
const name = (user: User) => ({ id: user.agentId, firstName: user.firstName, lastName: user.lastName });

async function page(as: User, id = conversationId): Promise<TChatMessage[]> {
  const res = await server.api().get(`/api/v1/chat/conversations/${id}/messages?limit=200`).set(auth(as)).expect(200);
  return res.body.data.messages;
}

/** Both sockets in the room; a typing event from `marker` afterwards proves nothing else was on its way. */
async function joinedSockets() {
  const [adaSocket, bobSocket] = await Promise.all([connectSocket(server.url, ada.token), connectSocket(server.url, bob.token)]);
  expect(await joinConversation(adaSocket, conversationId)).toEqual({ ok: true });
  expect(await joinConversation(bobSocket, conversationId)).toEqual({ ok: true });
  return { adaSocket, bobSocket };
}
async function flush(listener: Awaited<ReturnType<typeof joinedSockets>>['adaSocket'], typist: Awaited<ReturnType<typeof joinedSockets>>['bobSocket'], typistId: string) {
  const marker = nextEvent(listener, 'conversation:participant:typing', (e) => e.agentId === typistId);
  await emitWithAck(typist, 'conversation:participant:typing', { conversationId, isTyping: false });
  await marker;
}

describe('reactions', () => {
  it('any participant adds and removes an emoji; counts name who reacted; each change reaches the other participant live, once', async () => {
    const { adaSocket, bobSocket } = await joinedSockets();
    const message = await sendMessage(server, ada, conversationId, 'Shipped the release');
    const heardByAda = recordEvents(adaSocket, 'message:reaction');

    const live = nextEvent(adaSocket, 'message:reaction');
    const added = await react(bob, message.id, '👍').expect(200);
    expect(added.body.data.message.reactions).toEqual([{ emoji: '👍', count: 1, agents: [name(bob)] }]);
    expect(await live).toEqual({ conversationId, messageId: message.id, emoji: '👍', agent: name(bob), reacted: true });

    // Adding it again changes nothing and announces nothing.
    const again = await react(bob, message.id, '👍').expect(200);
    expect(again.body.data.message.reactions).toEqual([{ emoji: '👍', count: 1, agents: [name(bob)] }]);

    await react(ada, message.id, '👍').expect(200);
    const both = await react(ada, message.id, '🎉').expect(200);
    expect(both.body.data.message.reactions).toEqual([
      { emoji: '👍', count: 2, agents: [name(bob), name(ada)] },
      { emoji: '🎉', count: 1, agents: [name(ada)] },
    ]);
    expect((await page(bob)).find((m) => m.id === message.id)!.reactions).toEqual(both.body.data.message.reactions);

    const removedLive = nextEvent(adaSocket, 'message:reaction', (e) => !e.reacted);
    const removed = await unreact(bob, message.id, '👍').expect(200);
    expect(removed.body.data.message.reactions).toEqual([
      { emoji: '👍', count: 1, agents: [name(ada)] },
      { emoji: '🎉', count: 1, agents: [name(ada)] },
    ]);
    expect(await removedLive).toMatchObject({ messageId: message.id, emoji: '👍', agent: name(bob), reacted: false });
    // Removing what is not there is fine too, and silent.
    await unreact(bob, message.id, '👍').expect(200);
    await unreact(bob, message.id, '😮').expect(200);

    await flush(adaSocket, bobSocket, bob.agentId);
    expect(heardByAda.map((e) => [e.agent.id, e.emoji, e.reacted])).toEqual([
      [bob.agentId, '👍', true],
      [ada.agentId, '👍', true],
      [ada.agentId, '🎉', true],
      [bob.agentId, '👍', false],
    ]);
    await unreact(ada, message.id, '👍').expect(200);
    const none = await unreact(ada, message.id, '🎉').expect(200);
    expect(none.body.data.message).not.toHaveProperty('reactions');
  });

  it('takes any single emoji, and refuses text, two emojis, NUL and a long value with 400', async () => {
    const message = await sendMessage(server, ada, conversationId, 'emoji test');
    for (const emoji of ['❤️', '👩🏽‍💻', '🇫🇷', '1️⃣', '🫠']) await react(bob, message.id, emoji).expect(200);
    for (const emoji of ['a', 'ok', '👍👍', ':)', '1', '#', ' ', '👍 ', 'x'.repeat(40), '👍\u0000']) {
      const res = await react(bob, message.id, emoji);
      expect(res.status, JSON.stringify(emoji)).toBe(400);
      expect([CHAT_ERRORS.invalidEmoji, VALIDATION.noNulCharacters]).toContain(res.body.error);
    }
    const stored = (await page(bob)).find((m) => m.id === message.id)!;
    expect(stored.reactions!.map((r) => r.emoji)).toEqual(['❤️', '👩🏽‍💻', '🇫🇷', '1️⃣', '🫠']);
  });

  it("takes the hardest kinds of emoji the web's full picker offers (keycaps, subdivision flags, toned ZWJ sequences, the newest)", async () => {
    // The web test full-emoji-picker.test.tsx checks every emoji the picker offers against the same rule.
    const message = await sendMessage(server, ada, conversationId, 'picker test');
    const picked = ['#️⃣', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🧑🏻‍❤️‍💋‍🧑🏼', '🧑🏽‍🦯‍➡️', '🫩', '🏳️‍⚧️', '👍🏿'];
    for (const emoji of picked) await react(bob, message.id, emoji).expect(200);
    const stored = (await page(bob)).find((m) => m.id === message.id)!;
    expect(stored.reactions!.map((r) => r.emoji)).toEqual(picked);
  });

  it(`stops at ${MAX_DISTINCT_REACTIONS} different emojis on one message (409), while more people may use one already there`, async () => {
    const message = await sendMessage(server, ada, conversationId, 'react a lot');
    const palette = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗🤩🤔'];
    for (const emoji of palette.slice(0, MAX_DISTINCT_REACTIONS)) await react(ada, message.id, emoji).expect(200);
    const refused = await react(ada, message.id, palette[MAX_DISTINCT_REACTIONS]!).expect(409);
    expect(refused.body.error).toBe(CHAT_ERRORS.tooManyReactions);
    await react(bob, message.id, palette[0]!).expect(200);
  });

  it('someone outside the conversation, an unknown and a malformed id get 404', async () => {
    const message = await sendMessage(server, ada, conversationId, 'private');
    await react(cy, message.id, '👍').expect(404);
    await unreact(cy, message.id, '👍').expect(404);
    await react(bob, randomUUID(), '👍').expect(404);
    await react(bob, 'not-an-id', '👍').expect(404);
    expect((await page(ada)).find((m) => m.id === message.id)).not.toHaveProperty('reactions');
  });
});

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('deleting your own message', () => {
  it('turns it into a deleted message for everyone, live, with its files gone from storage; seq stays', async () => {
    const { bobSocket } = await joinedSockets();
    const upload = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversationId}/attachments`)
      .set(auth(ada))
      .attach('files', Buffer.from('the plan'), { filename: 'plan.txt', contentType: 'text/plain' })
      .expect(201);
    const file = upload.body.data.attachments[0] as TChatAttachment;
    const [row] = await server.ctx.db.select().from(attachments).where(eq(attachments.id, file.id));
    const before = await sendMessage(server, bob, conversationId, 'send me the plan');
    const message = await sendMessage(server, ada, conversationId, 'Here is the plan', { attachmentIds: [file.id] });
    const after = await sendMessage(server, bob, conversationId, 'thanks');
    await react(bob, message.id, '👍').expect(200);
    await server.api().get(pathOf(file.url)).expect(200);

    const live = nextEvent(bobSocket, 'message:updated', (m) => m.id === message.id);
    const res = await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(auth(ada)).expect(200);
    const deleted = res.body.data.message as TChatMessage;
    expect(deleted).toMatchObject({ id: message.id, seq: message.seq, content: '', attachments: [], deleted: true });
    expect(deleted).not.toHaveProperty('reactions');
    expect(await live).toEqual(deleted);

    // The file: no download with its signed link or the bearer, and no bytes in file storage.
    await server.api().get(pathOf(file.url)).expect(404);
    await server.api().get(`/api/v1/chat/attachments/${file.id}`).set(auth(bob)).expect(404);
    expect(await server.ctx.files.exists('uploads', row!.storageKey)).toBe(false);

    const history = await page(bob);
    const around = history.filter((m) => m.seq >= before.seq && m.seq <= after.seq);
    expect(around.map((m) => [m.seq, m.content, m.deleted ?? false])).toEqual([
      [before.seq, 'send me the plan', false],
      [message.seq, '', true],
      [after.seq, 'thanks', false],
    ]);
    expect(after.seq - before.seq).toBe(2);
  });

  it('only the author deletes (another participant 403, an outsider 404); once deleted it takes no edit or reaction; a second delete answers the same quietly', async () => {
    const { adaSocket, bobSocket } = await joinedSockets();
    const message = await sendMessage(server, ada, conversationId, 'oops');
    const bobTries = await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(auth(bob)).expect(403);
    expect(bobTries.body.error).toBe(CHAT_ERRORS.notYourMessageToDelete);
    await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(auth(cy)).expect(404);
    await server.api().delete(`/api/v1/chat/messages/${randomUUID()}`).set(auth(ada)).expect(404);
    await server.api().delete('/api/v1/chat/messages/nope').set(auth(ada)).expect(404);
    expect((await page(ada)).find((m) => m.id === message.id)).toMatchObject({ content: 'oops' });

    const firstLive = nextEvent(bobSocket, 'message:updated', (m) => m.id === message.id);
    const first = await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(auth(ada)).expect(200);
    await firstLive;
    const updates = recordEvents(bobSocket, 'message:updated');
    const second = await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(auth(ada)).expect(200);
    expect(second.body.data.message).toEqual(first.body.data.message);

    const edit = await server.api().patch(`/api/v1/chat/messages/${message.id}`).set(auth(ada)).send({ content: 'resurrected' }).expect(409);
    expect(edit.body.error).toBe(CHAT_ERRORS.messageDeleted);
    expect((await react(bob, message.id, '😮').expect(409)).body.error).toBe(CHAT_ERRORS.messageDeleted);
    await flush(bobSocket, adaSocket, ada.agentId);
    expect(updates).toEqual([]);
    expect((await page(bob)).find((m) => m.id === message.id)).toMatchObject({ content: '', deleted: true });
  });

  it('leaves a deleted message out of what an AI agent reads', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    let reply = nextMessageFrom(socket, agent.id);
    const secret = await sendMessage(server, user, conversation.id, 'my password is hunter2');
    await reply;
    await server.api().delete(`/api/v1/chat/messages/${secret.id}`).set(auth(user)).expect(200);
    reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'what did I tell you?');
    await reply;
    const turns = llm.requests.at(-1)!.messages.slice(1);
    expect(turns.map((t) => t.content)).not.toContain('my password is hunter2');
    expect(turns.at(-1)).toEqual({ role: 'user', content: 'what did I tell you?' });
  });
});

describe('the conversation list', () => {
  it('shows a last message with files, reactions and mentions exactly as the history does', async () => {
    const id = (await startConversation(server, cy, ada)).id;
    const upload = await server
      .api()
      .post(`/api/v1/chat/conversations/${id}/attachments`)
      .set(auth(cy))
      .attach('files', Buffer.from('one'), { filename: 'one.txt', contentType: 'text/plain' })
      .attach('files', Buffer.from('two'), { filename: 'two.txt', contentType: 'text/plain' })
      .expect(201);
    const files = upload.body.data.attachments as TChatAttachment[];
    await sendMessage(server, ada, id, 'before');
    const message = await sendMessage(server, cy, id, `@${ada.username} both files`, { attachmentIds: files.map((f) => f.id) });
    await react(ada, message.id, '👍').expect(200);
    await react(cy, message.id, '🎉').expect(200);
    await react(cy, message.id, '👍').expect(200);

    for (const viewer of [ada, cy]) {
      const newest = (await page(viewer, id)).at(-1)!;
      expect(newest.reactions).toHaveLength(2);
      expect(newest.attachments).toHaveLength(2);
      expect(newest.mentions).toEqual([ada.agentId]);
      const list = await server.api().get('/api/v1/chat/conversations').set(auth(viewer)).expect(200);
      const listed = list.body.data.conversations.find((c: { id: string }) => c.id === id);
      expect(listed.lastMessage).toEqual(newest);
      const single = await server.api().get(`/api/v1/chat/conversations/${id}`).set(auth(viewer)).expect(200);
      expect(single.body.data.conversation.lastMessage).toEqual(newest);
    }
  });
});
