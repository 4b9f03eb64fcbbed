import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TTeamBudget, TTeamUsageResponse } from '@agentroom/shared';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { recordReplySpend } from '../../src/ai/budgets';
import { emailOutbox, replyJobs, toolCalls } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, joinConversation, sendMessage, startConversation, type User } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember } from '../teams/team-helpers';
import { chatWithAiAgent, nextMessageFrom } from './ai-fixtures';

/** The operator's ceiling on this server. Every reply of the fake model spends 36 tokens (10 prompt + 26 completion). */
const CEILING = 10_000;
const REPLY_TOKENS = 36;
const SUBJECT = "80% of today's AI tokens";

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, AI_TEAM_DAILY_TOKEN_BUDGET: String(CEILING) });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

const setBudget = (as: User, handle: string, body: unknown) => server.api().put(`/api/v1/teams/${handle}/budget`).set(auth(as)).send(body as object);

/** A teammate of `chat`'s team with `role`, and their own conversation with its AI agent. */
async function teammate(chat: Awaited<ReturnType<typeof chatWithAiAgent>>, role: 'member' | 'admin' | 'owner' = 'member') {
  const person = await signUpVerified(server, role);
  await addMember(server, chat.user, chat.team.handle, person.username);
  if (role !== 'member') await server.api().patch(`/api/v1/teams/${chat.team.handle}/members/${person.agentId}`).set(auth(chat.user)).send({ role }).expect(200);
  return person;
}

async function ask(chat: { user: User; agent: { id: string }; conversation: { id: string }; socket: Awaited<ReturnType<typeof connectSocket>> }, text: string) {
  const reply = nextMessageFrom(chat.socket, chat.agent.id);
  await sendMessage(server, chat.user, chat.conversation.id, text);
  return reply;
}

describe('PUT /teams/:handle/budget', () => {
  it('owners set the budget and the limit per person; it answers the budget as it applies now', async () => {
    const chat = await chatWithAiAgent(server);
    const res = await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: 5000, personDailyTokenLimit: 1000 }).expect(200);
    expect(res.body.data.budget).toEqual({ ceiling: CEILING, dailyTokenBudget: 5000, personDailyTokenLimit: 1000, effectiveDailyTokens: 5000, usedToday: 0 });
    const reset = await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: null, personDailyTokenLimit: null }).expect(200);
    expect(reset.body.data.budget).toEqual({ ceiling: CEILING, dailyTokenBudget: null, personDailyTokenLimit: null, effectiveDailyTokens: CEILING, usedToday: 0 });
  });

  it('admins and members are refused (403), as are people outside the team (403, as every team route); an unknown team is 404', async () => {
    const chat = await chatWithAiAgent(server);
    const admin = await teammate(chat, 'admin');
    const member = await teammate(chat, 'member');
    const outsider = await signUpVerified(server, 'outsider');
    const body = { dailyTokenBudget: 100, personDailyTokenLimit: null };
    await setBudget(admin, chat.team.handle, body).expect(403);
    await setBudget(member, chat.team.handle, body).expect(403);
    await setBudget(outsider, chat.team.handle, body).expect(403);
    await setBudget(chat.user, 'no-such-team-here', body).expect(404);
    const usage = await server.api().get(`/api/v1/teams/${chat.team.handle}/usage?days=1`).set(auth(chat.user)).expect(200);
    expect(usage.body.data.budget.dailyTokenBudget).toBeNull();
  });

  it('above the ceiling, or a limit per person above the team budget: 400 with a message that says so', async () => {
    const chat = await chatWithAiAgent(server);
    const over = await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: CEILING + 1, personDailyTokenLimit: null }).expect(400);
    expect(over.body).toMatchObject({ success: false, error: 'The daily budget can be at most 10,000 tokens, the most this server allows.' });
    expect(over.body.details.dailyTokenBudget).toBe(over.body.error);
    const person = await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: 2000, personDailyTokenLimit: 2001 }).expect(400);
    expect(person.body.error).toBe("The limit per person cannot be more than the team's daily budget (2,000 tokens).");
    expect(person.body.details.personDailyTokenLimit).toBe(person.body.error);
    const overCeiling = await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: null, personDailyTokenLimit: CEILING + 1 }).expect(400);
    expect(overCeiling.body.error).toBe("The limit per person cannot be more than the team's daily budget (10,000 tokens).");
  });

  it('bad types, missing or extra fields and NUL characters: 400, nothing changes', async () => {
    const chat = await chatWithAiAgent(server);
    for (const body of [
      { dailyTokenBudget: '500', personDailyTokenLimit: null },
      { dailyTokenBudget: 1.5, personDailyTokenLimit: null },
      { dailyTokenBudget: 0, personDailyTokenLimit: null },
      { dailyTokenBudget: -5, personDailyTokenLimit: null },
      { dailyTokenBudget: 500 },
      { dailyTokenBudget: 500, personDailyTokenLimit: null, extra: true },
      { dailyTokenBudget: '\u0000', personDailyTokenLimit: null },
      { 'dailyTokenBudget\u0000': 500, personDailyTokenLimit: null },
      [],
    ]) {
      const res = await setBudget(chat.user, chat.team.handle, body).expect(400);
      expect(res.body.success).toBe(false);
    }
    const raw = await server
      .api()
      .put(`/api/v1/teams/${chat.team.handle}/budget`)
      .set(auth(chat.user))
      .set('Content-Type', 'application/json')
      .send('{"dailyTokenBudget": 5\u0000, "personDailyTokenLimit": null}')
      .expect(400);
    expect(raw.body.success).toBe(false);
    const usage = await server.api().get(`/api/v1/teams/${chat.team.handle}/usage?days=1`).set(auth(chat.user)).expect(200);
    expect(usage.body.data.budget).toMatchObject({ dailyTokenBudget: null, personDailyTokenLimit: null });
  });
});

describe('budgets hold replies back', () => {
  it("a team over its budget gets the team's notice instead of a model call", async () => {
    const chat = await chatWithAiAgent(server);
    await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: 30, personDailyTokenLimit: null }).expect(200);
    expect((await ask(chat, 'first')).messageType).toBe('text'); // 0 < 30 before; 36 after
    const calls = llm.requests.length;
    expect(await ask(chat, 'second')).toMatchObject({
      messageType: 'notice',
      notice: { code: 'budget_exhausted', retryable: false },
      content: "This team has used today's AI token budget. Replies resume tomorrow (UTC).",
    });
    expect(llm.requests.length).toBe(calls);
  });

  it('a person over their limit gets their own notice; someone else of the team still gets replies', async () => {
    const chat = await chatWithAiAgent(server);
    await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: null, personDailyTokenLimit: 30 }).expect(200);
    expect((await ask(chat, 'first')).messageType).toBe('text');
    expect(await ask(chat, 'second')).toMatchObject({
      messageType: 'notice',
      notice: { code: 'person_budget_exhausted', retryable: false },
      content: "You have used your share of this team's AI tokens for today. Replies resume tomorrow (UTC).",
    });

    const other = await teammate(chat);
    const conversation = await startConversation(server, other, { agentId: chat.agent.id });
    const socket = await connectSocket(server.url, other.token);
    await joinConversation(socket, conversation.id);
    const reply = await ask({ user: other, agent: chat.agent, conversation, socket }, 'my turn?');
    expect(reply).toMatchObject({ messageType: 'text', content: 'Hello from the fake model.' });

    // The usage page: the budget as it applies, today's use, tool calls by day and tool.
    const [job] = await server.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, chat.conversation.id)).limit(1);
    const call = { jobId: job!.id, conversationId: chat.conversation.id, agentId: chat.agent.id, teamId: chat.team.id, step: 1, callId: 'c', rawArguments: '{}' };
    await server.ctx.db.insert(toolCalls).values([
      { ...call, callIndex: 0, toolName: 'search_messages', toolTitle: 'search_messages', status: 'done' },
      { ...call, callIndex: 1, toolName: 'search_messages', toolTitle: 'search_messages', status: 'error' },
      { ...call, callIndex: 2, toolName: 'crm__lookup_order', toolTitle: 'crm.lookup_order', status: 'done' },
    ]);
    const usage = (await server.api().get(`/api/v1/teams/${chat.team.handle}/usage?days=7`).set(auth(chat.user)).expect(200)).body.data as TTeamUsageResponse;
    expect(usage.budget).toEqual<TTeamBudget>({
      ceiling: CEILING,
      dailyTokenBudget: null,
      personDailyTokenLimit: 30,
      effectiveDailyTokens: CEILING,
      usedToday: 2 * REPLY_TOKENS,
    });
    expect(usage.byTool).toEqual([
      { day: usage.to, tool: 'search_messages', calls: 2, errors: 1 },
      { day: usage.to, tool: 'crm.lookup_order', calls: 1, errors: 0 },
    ]);
    expect(usage.byPerson.map((r) => [r.subject?.id, r.totalTokens]).sort()).toEqual(
      [
        [chat.user.agentId, REPLY_TOKENS],
        [other.agentId, REPLY_TOKENS],
      ].sort(),
    );
  });
});

describe("past 80 % of today's budget the owners are mailed, once a day", () => {
  const budgetMails = (emails: string[]) =>
    server.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.to, emails), like(emailOutbox.subject, `%${SUBJECT}%`)));

  it('the reply that crosses 80 % queues one mail to each owner; later replies queue none', async () => {
    const chat = await chatWithAiAgent(server);
    const coOwner = await teammate(chat, 'owner');
    const admin = await teammate(chat, 'admin');
    const emails = [chat.user.email, coOwner.email, admin.email];
    await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: 90, personDailyTokenLimit: null }).expect(200); // 80 %: 72 tokens

    await ask(chat, 'one'); // 36
    expect(await budgetMails(emails)).toEqual([]);
    await ask(chat, 'two'); // 72: crossed
    expect((await budgetMails(emails)).map((m) => m.to).sort()).toEqual([chat.user.email, coOwner.email].sort());
    await ask(chat, 'three'); // 108, still today
    expect(await budgetMails(emails)).toHaveLength(2);

    const mail = await server.mail.nextMail(chat.user.email, 10_000, SUBJECT);
    expect(mail.subject).toBe(`Your team ${chat.team.name} has used 80% of today's AI tokens`);
    expect(mail.text).toContain('72 of 90');
    expect(mail.text).toContain(`http://agentroom.test/t/${chat.team.handle}/usage`);
  });

  it('two replies recording their spend at once mail each owner once', async () => {
    const chat = await chatWithAiAgent(server);
    await setBudget(chat.user, chat.team.handle, { dailyTokenBudget: 100, personDailyTokenLimit: null }).expect(200);
    const spend = { agentId: chat.agent.id, teamId: chat.team.id, requestedByAgentId: chat.user.agentId, promptTokens: 40, completionTokens: 5 };
    await Promise.all([recordReplySpend(server.ctx, spend), recordReplySpend(server.ctx, spend)]);
    expect(await budgetMails([chat.user.email])).toHaveLength(1);
  });
});
