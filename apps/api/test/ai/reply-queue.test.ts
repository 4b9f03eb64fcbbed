import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { messages, replyJobs } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, joinConversation, recordEvents, sendMessage, startConversation } from '../chat/chat-fixtures';
import { databaseForTwoLives, spawnApiProcess } from '../support/api-process';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { chatWithAiAgent, collectStream, nextMessageFrom } from './ai-fixtures';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await llm?.close();
});

describe('without a model', () => {
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) });
    server = await startTestServer({ LLM_BASE_URL: '' }, undefined, { logger });
  });
  afterAll(async () => server?.stop());

  it('the AI agent shows offline and a message to it gets a friendly notice by name, not a hanging indicator', async () => {
    const { user, team, agent, conversation, socket } = await chatWithAiAgent(server);
    const cards = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(auth(user)).expect(200);
    expect(cards.body.data.agents.find((a: { id: string }) => a.id === agent.id).isOnline).toBe(false);
    const seen = recordEvents(socket, 'conversation:message:seen');
    const notice = nextMessageFrom(socket, agent.id);
    const sent = await sendMessage(server, user, conversation.id, 'hello?');
    expect(await notice).toMatchObject({ messageType: 'notice', notice: { code: 'no_model', retryable: false } });
    // Everyone reads the same stored text: kind, named, and without the set-up details.
    expect((await notice).content).toBe("Marlow isn't connected to a language model yet");
    expect((await notice).content).not.toMatch(/LLM_BASE_URL|Ollama/);
    // How to fix it is in the server log.
    expect(logLines.some((line) => line.includes('LLM_BASE_URL') && line.includes(agent.id))).toBe(true);
    // The agent never saw the message: no seen event, no cursor.
    expect(seen.filter((e) => e.agentId === agent.id)).toEqual([]);
    const page = await server.api().get(`/api/v1/chat/conversations/${conversation.id}/messages`).set(auth(user)).expect(200);
    expect(JSON.stringify(page.body.data.seenStatus[sent.id] ?? [])).not.toContain(agent.id);
  });
});

describe('with its model down', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on the discard port: every request to the model is refused.
    server = await startTestServer({ LLM_BASE_URL: 'http://127.0.0.1:9/v1' });
  });
  afterAll(async () => server?.stop());

  it('a message to the AI agent gets an "unavailable" notice and is never marked seen by it', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    const seen = recordEvents(socket, 'conversation:message:seen');
    const notice = nextMessageFrom(socket, agent.id);
    const sent = await sendMessage(server, user, conversation.id, 'anyone home?');
    expect(await notice).toMatchObject({ messageType: 'notice', notice: { code: 'unavailable', retryable: true } });
    // Events of one room arrive in the order they were published: a seen event would have come first.
    expect(seen.filter((e) => e.agentId === agent.id)).toEqual([]);
    const page = await server.api().get(`/api/v1/chat/conversations/${conversation.id}/messages`).set(auth(user)).expect(200);
    expect(JSON.stringify(page.body.data.seenStatus[sent.id] ?? [])).not.toContain(agent.id);
  });
});

describe('limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, AI_TEAM_DAILY_TOKEN_BUDGET: '30', AI_MAX_CONCURRENT_PER_AGENT: '1' });
  });
  afterAll(async () => server?.stop());

  it('with a model the AI agent shows online', async () => {
    const { user, team, agent } = await chatWithAiAgent(server);
    const cards = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(auth(user)).expect(200);
    expect(cards.body.data.agents.find((a: { id: string }) => a.id === agent.id).isOnline).toBe(true);
  });

  it("a team's daily token budget, once spent, answers with a notice instead of calling the model", async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    let reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'first');
    expect((await reply).messageType).toBe('text'); // usage 10 + 26 tokens > budget 30
    const calls = llm.requests.length;
    reply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'second');
    expect(await reply).toMatchObject({ messageType: 'notice', notice: { code: 'budget_exhausted' } });
    expect(llm.requests.length).toBe(calls);
  });

  it('an agent writes one reply at a time when its limit is 1; the next waits in the queue', async () => {
    const { user, team, agent, conversation, socket } = await chatWithAiAgent(server);
    // A teammate: an AI agent talks only with members of its own team (decision 0006).
    const other = await signUpVerified(server, 'second');
    await server.api().post(`/api/v1/teams/${team.handle}/members`).set(auth(user)).send({ username: other.username }).expect(201);
    let resume!: () => void;
    const before = llm.requests.length;
    llm.script({ chunks: ['a', 'b'], pauseAfter: 1, resume: new Promise<void>((r) => (resume = r)) });
    const firstReply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'one');
    await llm.waitForRequests(before + 1);
    // A second user's message to the same agent while it is busy.
    const otherConversation = await startConversation(server, other, { agentId: agent.id });
    const otherSocket = await connectSocket(server.url, other.token);
    await joinConversation(otherSocket, otherConversation.id);
    const secondReply = nextMessageFrom(otherSocket, agent.id);
    await sendMessage(server, other, otherConversation.id, 'two');
    await server.replyWorker.claimNow();
    const [queued] = await server.ctx.db
      .select()
      .from(replyJobs)
      .where(and(eq(replyJobs.conversationId, otherConversation.id), eq(replyJobs.status, 'queued')));
    expect(queued).toBeDefined();
    expect(llm.requests.length).toBe(before + 1);
    resume();
    await firstReply;
    await secondReply;
    expect(llm.requests.length).toBe(before + 2);
  });
});

describe('a node killed mid-reply', () => {
  // Spawning a second OS process through tsx is slow on a busy 2-core machine: a generous bound, not a speed check.
  it('the reply is written again after restart, once, and the client sees the new attempt', { timeout: 180_000 }, async () => {
    const { env, drop } = await databaseForTwoLives(llm.baseUrl, 'agentroom-crash-');
    // Every model call after the first waits until the client below has joined, so it sees every event
    // of the attempt that writes the reply. That includes one the first life may start itself before it
    // dies: its hung call streams nothing, so its 1 s lease can run out and be claimed again meanwhile.
    let resume!: () => void;
    const joined = new Promise<void>((r) => (resume = r));
    llm.setDefault({ chunks: ['Hello from ', 'the second life.'], pauseAfter: 0, resume: joined });
    // First life: a separate process, so it can really die.
    const first = await spawnApiProcess(env);
    let server: TestServer | undefined;
    try {
      llm.script({ chunks: ['never ', 'finished'], hangAfter: 1 });
      const setup = await arrangeOnProcess(first.url);
      await setup.streamStarted;
      await first.kill();

      // Second life: in-process, on the same database; the dead node's lease runs out and the job is
      // retried. Its own lease outlasts the wait for the client, so it does not claim its job again.
      server = await startTestServer({ ...env, AI_LEASE_MS: '60000' });
      const socket = await connectSocket(server.url, setup.token);
      await joinConversation(socket, setup.conversationId);
      const stream = collectStream(socket);
      const reply = nextMessageFrom(socket, setup.agentId);
      resume();
      const stored = await reply;
      expect(stored.content).toBe('Hello from the second life.');
      const [job] = await server.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, setup.conversationId));
      expect(job).toMatchObject({ status: 'done', replyMessageId: stored.id });
      expect(job!.attempts).toBeGreaterThan(1);
      // The client's stream starts over at the attempt that wrote the reply.
      const events = await stream.done;
      expect(events[0]).toMatchObject({ offset: 0, attempt: job!.attempts });
      const replies = await server.ctx.db.select().from(messages).where(eq(messages.senderAgentId, setup.agentId));
      expect(replies).toHaveLength(1);
    } finally {
      llm.setDefault({ chunks: ['Hello ', 'from the ', 'fake model.'] });
      await first.kill().catch(() => undefined);
      await server?.stop();
      await drop();
    }
  });
});

/** Registers, verifies (through the dev mailbox of that process), creates a team and an AI agent, and sends one message. */
async function arrangeOnProcess(url: string) {
  const json = async (res: Response) => (await res.json()) as { data: Record<string, unknown> & { [k: string]: never } };
  const call = async (method: string, route: string, body?: unknown, token?: string) =>
    json(
      await fetch(`${url}/api/v1${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const id = Math.random().toString(36).slice(2, 8);
  const email = `crash${id}@example.test`;
  await call('POST', '/auth/register', { username: `crash${id}`, email, password: 'Passw0rdOk' });
  const login = await call('POST', '/auth/login', { username: email, password: 'Passw0rdOk' });
  const token = login.data.token as unknown as string;
  // No SMTP in the child: its dev mailbox API holds the verification mail.
  const mailbox = await call('GET', '/dev/mailbox');
  const mail = (mailbox.data.messages as unknown as { to: string; text: string }[]).find((m) => m.to === email)!;
  await call('POST', '/auth/email/verify-email', { token: /token=([\w-]+)/.exec(mail.text)![1] });
  const team = (await call('POST', '/teams', { name: 'Crash', handle: `crash-${id}` }, token)).data.team as unknown as { handle: string };
  const agent = (await call('POST', `/teams/${team.handle}/agents`, { firstName: 'Phoenix' }, token)).data.agent as unknown as { id: string };
  const conversation = (await call('POST', `/chat/conversations/${agent.id}/start`, { conversationType: 'personal', isTeamScoped: false }, token)).data
    .conversation as unknown as { id: string };
  const socket = await connectSocket(url, token);
  await joinConversation(socket, conversation.id);
  const streamStarted = new Promise<void>((resolve) => socket.once('message:stream', () => resolve()));
  await call('POST', `/chat/conversations/${conversation.id}/messages/async`, { content: 'start something', clientMessageId: id }, token);
  return { token, agentId: agent.id, conversationId: conversation.id, streamStarted };
}
