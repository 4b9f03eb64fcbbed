import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { emailOutbox } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, sendMessage, startConversation } from '../chat/chat-fixtures';
import { chatWithAiAgent, nextMessageFrom } from '../ai/ai-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { labelValues, sampleValue } from './prometheus-text';

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  server = await startTestServer({ LLM_BASE_URL: llm.baseUrl });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

async function scrape(target: TestServer = server): Promise<string> {
  const res = await target.api().get('/metrics').expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.text;
}

describe('/metrics', () => {
  it('exposes the operator metrics in Prometheus format, with event-loop lag from the default metrics', async () => {
    const text = await scrape();
    for (const name of [
      'agentroom_http_request_duration_seconds',
      'agentroom_sockets_connected',
      'agentroom_messages_stored_total',
      'agentroom_mail_outbox_pending',
      'agentroom_mail_delivery_failures_total',
      'agentroom_ai_reply_jobs',
      'agentroom_ai_model_errors_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });

  it('counts each stored message once', async () => {
    const [ada, bob] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob')]);
    const conversation = await startConversation(server, ada, bob);
    const before = sampleValue(await scrape(), 'agentroom_messages_stored_total')!;
    const body = { content: 'counted once', clientMessageId: randomUUID() };
    const path = `/api/v1/chat/conversations/${conversation.id}/messages/async`;
    await server.api().post(path).set(auth(ada)).send(body).expect(201);
    await server.api().post(path).set(auth(ada)).send(body); // a retry stores nothing new
    expect(sampleValue(await scrape(), 'agentroom_messages_stored_total')).toBe(before + 1);
  });

  it('times requests by route pattern: no ids in labels, unknown paths under one label', async () => {
    const user = await signUpVerified(server, 'metrics');
    const id = randomUUID();
    const unknown = `nowhere-${randomUUID()}`;
    // A conversation that is not theirs: the 404 is thrown inside the chat router and handled outside it.
    await server.api().get(`/api/v1/chat/conversations/${id}/messages`).set(auth(user)).expect(404);
    await server.api().get(`/api/v1/${unknown}`).expect(404);
    await server.api().get(`/${unknown}/deeper`).expect(404);
    const text = await scrape();
    expect(text).not.toContain(id);
    expect(text).not.toContain(unknown);
    const routes = labelValues(text, 'agentroom_http_request_duration_seconds_count', 'route');
    expect(routes).toContain('/api/v1/chat/conversations/:id/messages');
    expect(routes).toContain('<unmatched>');
    expect(
      sampleValue(text, 'agentroom_http_request_duration_seconds_count', {
        route: '/api/v1/chat/conversations/:id/messages',
        method: 'GET',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    // Every route label is a pattern the app declares, never a path with an id or a random segment.
    for (const route of routes) expect(route).toMatch(/^(<unmatched>|\/metrics|\/api\/v1(\/[a-z-]+|\/:[A-Za-z]+)*)$/);
  });

  it('reports connected sockets as they come and go', async () => {
    const user = await signUpVerified(server, 'sockets');
    const sockets = async () => sampleValue(await scrape(), 'agentroom_sockets_connected');
    await expect.poll(sockets).toBe(0);
    await connectSocket(server.url, user.token);
    await connectSocket(server.url, user.token);
    expect(await sockets()).toBe(2);
    closeSockets();
    await expect.poll(sockets).toBe(0);
  });

  it('reports running reply jobs and model errors as they happen', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const running = async () => sampleValue(await scrape(), 'agentroom_ai_reply_jobs', { state: 'running' });
    expect(await running()).toBe(0);
    expect(sampleValue(await scrape(), 'agentroom_ai_reply_jobs', { state: 'queued' })).toBe(0);

    // A reply the model holds mid-stream is a running job until it is stored.
    let release!: () => void;
    llm.script({ chunks: ['held ', 'reply'], pauseAfter: 1, resume: new Promise<void>((resolve) => (release = resolve)) });
    const held = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'hold this one');
    await expect.poll(running).toBe(1);
    release();
    await held;
    await expect.poll(running).toBe(0);

    const modelErrors = async () => sampleValue(await scrape(), 'agentroom_ai_model_errors_total', { kind: 'provider_error' }) ?? 0;
    const errorsBefore = await modelErrors();
    // (A 400 would be taken for a model refusing tools, and asked again without them.)
    llm.script({ status: 500 });
    const notice = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'this one fails at the model');
    expect(await notice).toMatchObject({ messageType: 'notice' });
    expect(await modelErrors()).toBe(errorsBefore + 1);
  });

  it('reports the mail backlog', async () => {
    const pending = async () => sampleValue(await scrape(), 'agentroom_mail_outbox_pending');
    const before = (await pending())!;
    // A mail not yet due waits in the outbox.
    await server.ctx.db
      .insert(emailOutbox)
      .values({ to: 'later@example.test', subject: 's', text: 't', html: 'h', nextAttemptAt: new Date(Date.now() + 3_600_000) });
    expect(await pending()).toBe(before + 1);
  });
});
