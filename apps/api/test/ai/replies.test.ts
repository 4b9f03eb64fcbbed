import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth, closeSockets, connectSocket, joinConversation, nextEvent, sendMessage } from '../chat/chat-fixtures';
import { startFakeLlm, type FakeLlm, type LlmScript } from '@agentroom/testkit';
import { startTestServer, type TestServer } from '../support/test-server';
import { chatWithAiAgent, collectStream, messagesOf, nextMessageFrom } from './ai-fixtures';

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', AI_IDLE_TIMEOUT_MS: '700' });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

describe('an AI agent answers in persona, streamed', () => {
  it('types, sees the message, streams deltas in order, then stores the reply once', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    llm.script({ chunks: ['Aye, ', 'a bowline ', 'holds fast.'], delayMs: 5 });
    const typingOn = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === agent.id && e.isTyping);
    const seen = nextEvent(socket, 'conversation:message:seen', (e) => e.agentId === agent.id);
    const stream = collectStream(socket);
    const reply = nextMessageFrom(socket, agent.id);
    const typingOff = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === agent.id && !e.isTyping);

    const sent = await sendMessage(server, user, conversation.id, 'Which knot should I use?');
    await typingOn;
    expect((await seen).messageId).toBe(sent.id);
    const events = await stream.done;
    const deltas = events.filter((e) => !e.done);
    expect(deltas.map((e) => e.delta)).toEqual(['Aye, ', 'a bowline ', 'holds fast.']);
    expect(deltas.map((e) => e.offset)).toEqual([0, 5, 15]);
    const stored = await reply;
    expect(stored).toMatchObject({ content: 'Aye, a bowline holds fast.', messageType: 'text', replyToMessageId: sent.id });
    expect(stored.clientMessageId).toBe(`ai-reply:${deltas[0]!.streamId}`);
    await typingOff;

    const request = llm.requests.at(-1)!;
    expect(request.model).toBe('fake-model');
    expect(request.messages[0]).toMatchObject({ role: 'system' });
    expect(request.messages[0]!.content).toContain('Marlow');
    expect(request.messages[0]!.content).toContain('Navigator');
    expect(request.messages[0]!.content).toContain('loves knots');
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'Which knot should I use?' });

    const history = await messagesOf(server, user, conversation.id);
    expect(history.filter((m) => m.sender.id === agent.id)).toHaveLength(1);
  });

  it('an agent of its own model name is asked with that model', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    await server.api().patch(`/api/v1/agents/${agent.id}`).set(auth(user)).send({ model: 'special-model' }).expect(200);
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'hello');
    await reply;
    expect(llm.requests.at(-1)!.model).toBe('special-model');
  });

  it('a renamed agent answers under its new name at once', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    let reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'who are you?');
    expect((await reply).sender.firstName).toBe('Marlow');
    await server.api().patch(`/api/v1/agents/${agent.id}`).set(auth(user)).send({ firstName: 'Ishmael' }).expect(200);
    reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'and now?');
    expect((await reply).sender.firstName).toBe('Ishmael');
  });

  it('keeps earlier turns as context, oldest first', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    let reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'first question');
    await reply;
    reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'second question');
    await reply;
    const turns = llm.requests.at(-1)!.messages.slice(1);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user']);
    expect(turns[0]!.content).toBe('first question');
    expect(turns[2]!.content).toBe('second question');
  });
});

describe('failures become visible, retryable notices', () => {
  it.each<[LlmScript, string]>([
    [{ status: 500 }, 'provider_error'],
    [{ status: 429 }, 'rate_limited'],
    [{ chunks: ['partial', ' never ends'], hangAfter: 1 }, 'timeout'],
  ])('%o → %s notice, typing off; regenerate then answers', async (script, code) => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    llm.script(script);
    const noticeMessage = nextMessageFrom(socket, agent.id);
    const typingOff = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === agent.id && !e.isTyping);
    await sendMessage(server, user, conversation.id, 'are you there?');
    const notice = await noticeMessage;
    expect(notice).toMatchObject({ messageType: 'notice', notice: { code, retryable: true } });
    expect(notice.content.length).toBeGreaterThan(10);
    await typingOff;

    // Try again: the answer takes the notice's place.
    const answer = nextEvent(socket, 'message:updated', (m) => m.id === notice.id);
    await server.api().post(`/api/v1/chat/messages/${notice.id}/regenerate`).set(auth(user)).expect(202);
    expect(await answer).toMatchObject({ id: notice.id, messageType: 'text', content: 'Hello from the fake model.' });
    expect((await answer).earlierVersions).toBeUndefined();
    expect(await messagesOf(server, user, conversation.id)).toHaveLength(2);
  });
});

describe('stop, regenerate and recovery', () => {
  it('stop keeps the partial reply, marked stopped', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    let resume!: () => void;
    llm.script({ chunks: ['One ', 'two ', 'three ', 'four'], pauseAfter: 2, resume: new Promise<void>((r) => (resume = r)) });
    const firstTwo = new Promise<string>((resolve) => {
      let seen = 0;
      socket.on('message:stream', (e) => {
        seen += e.done ? 0 : 1;
        if (seen === 2) resolve(e.streamId);
      });
    });
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'count slowly');
    const streamId = await firstTwo;

    // A reconnecting client asks for replies in progress and gets the text so far.
    const active = await server.api().get(`/api/v1/chat/conversations/${conversation.id}/replies`).set(auth(user)).expect(200);
    expect(active.body.data.replies).toEqual([expect.objectContaining({ streamId, content: 'One two ', status: 'running' })]);

    const stopped = await server.api().post(`/api/v1/chat/replies/${streamId}/stop`).set(auth(user)).expect(200);
    expect(stopped.body.data.stopped).toBe(true);
    resume();
    expect(await reply).toMatchObject({ content: 'One two ', stopped: true });
    const after = await server.api().get(`/api/v1/chat/conversations/${conversation.id}/replies`).set(auth(user)).expect(200);
    expect(after.body.data.replies).toEqual([]);
  });

  it('regenerate streams a new version into the same message, keeps the earlier ones, and every viewer sees it', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const viewer = await connectSocket(server.url, user.token);
    await joinConversation(viewer, conversation.id);
    llm.script({ chunks: ['first answer'] });
    let reply = nextMessageFrom(socket, agent.id);
    const question = await sendMessage(server, user, conversation.id, 'tell me');
    const first = await reply;

    llm.script({ chunks: ['second ', 'answer'] });
    const stream = collectStream(socket);
    let updated = nextEvent(viewer, 'message:updated', (m) => m.id === first.id);
    const started = await server.api().post(`/api/v1/chat/messages/${first.id}/regenerate`).set(auth(user)).expect(202);
    const events = await stream.done;
    expect(events.every((e) => e.streamId === started.body.data.streamId && e.replacesMessageId === first.id)).toBe(true);
    const second = await updated;
    expect(second).toMatchObject({ id: first.id, seq: first.seq, content: 'second answer', earlierVersions: ['first answer'], replyToMessageId: question.id, isEdited: false });
    expect(second.clientMessageId).toBe(`ai-reply:${started.body.data.streamId}`);

    // A second regeneration: "3 / 3". The model is asked with the history up to the question only.
    llm.script({ chunks: ['third answer'] });
    updated = nextEvent(viewer, 'message:updated', (m) => m.id === first.id);
    await server.api().post(`/api/v1/chat/messages/${first.id}/regenerate`).set(auth(user)).expect(202);
    expect(await updated).toMatchObject({ content: 'third answer', earlierVersions: ['first answer', 'second answer'] });
    expect(llm.requests.at(-1)!.messages.slice(1)).toEqual([{ role: 'user', content: 'tell me' }]);

    const history = await messagesOf(server, user, conversation.id);
    expect(history.map((m) => m.content)).toEqual(['tell me', 'third answer']);
    // The next question's history holds the newest version only.
    reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'and then?');
    await reply;
    expect(llm.requests.at(-1)!.messages.slice(1).map((m) => m.content)).toEqual(['tell me', 'third answer', 'and then?']);
  });

  it('a double click queues one regeneration; an older reply or a human message cannot be regenerated', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    llm.script({ chunks: ['first answer'] });
    let reply = nextMessageFrom(socket, agent.id);
    const question = await sendMessage(server, user, conversation.id, 'tell me');
    const first = await reply;
    let resume!: () => void;
    llm.script({ chunks: ['again', ' and again'], pauseAfter: 1, resume: new Promise<void>((r) => (resume = r)) });
    const updated = nextEvent(socket, 'message:updated', (m) => m.id === first.id);
    await server.api().post(`/api/v1/chat/messages/${first.id}/regenerate`).set(auth(user)).expect(202);
    await server.api().post(`/api/v1/chat/messages/${first.id}/regenerate`).set(auth(user)).expect(400);
    resume();
    await updated;
    reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'next');
    await reply;
    await server.api().post(`/api/v1/chat/messages/${first.id}/regenerate`).set(auth(user)).expect(400);
    await server.api().post(`/api/v1/chat/messages/${question.id}/regenerate`).set(auth(user)).expect(400);
  });

  it('a regeneration that fails keeps the answer and says why in a notice of its own', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    llm.script({ chunks: ['good answer'] });
    let reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'tell me');
    const first = await reply;
    llm.script({ status: 500 });
    reply = nextMessageFrom(socket, agent.id);
    await server.api().post(`/api/v1/chat/messages/${first.id}/regenerate`).set(auth(user)).expect(202);
    expect(await reply).toMatchObject({ messageType: 'notice', notice: { code: 'provider_error', retryable: true } });
    const history = await messagesOf(server, user, conversation.id);
    expect(history.map((m) => m.content).slice(0, 2)).toEqual(['tell me', 'good answer']);
    expect(history).toHaveLength(3);
  });

  it('another user cannot stop, regenerate or read replies of a conversation not theirs', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'hi');
    const answer = await reply;
    const stranger = await chatWithAiAgent(server);
    await server.api().post(`/api/v1/chat/messages/${answer.id}/regenerate`).set(auth(stranger.user)).expect(404);
    await server.api().get(`/api/v1/chat/conversations/${conversation.id}/replies`).set(auth(stranger.user)).expect(404);
    await server.api().post(`/api/v1/chat/replies/not-an-id/stop`).set(auth(stranger.user)).expect(404);
  });
});
