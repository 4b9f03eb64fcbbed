import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS, MESSAGE_PAGE_SIZE, type TOpenChatResponse, type TTeam, type TTeamAgent } from '@agentroom/shared';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';
import { auth, createTeam as createSharedTeam, sendMessage, type User } from './chat-fixtures';

let server: TestServer;
let ada: User;
let bob: User;
let cy: User;
/** Ada's private team, with Bob in it and an AI agent; Cy is not in it, but shares another team with each (the reach rule, decision 0022). */
let team: TTeam;
let ai: TTeamAgent;
beforeAll(async () => {
  server = await startTestServer();
  [ada, bob, cy] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob'), signUpVerified(server, 'cy')]);
  team = await createTeam(server, ada, { isPrivate: true });
  await addMember(server, ada, team.handle, bob.username);
  ai = await createAiAgent(server, ada, team.handle, { firstName: 'Keeper' });
  await createSharedTeam(server, [ada.agentId, bob.agentId, cy.agentId]);
});
afterAll(async () => {
  await server?.stop();
});

const open = (from: User, body: object) => server.api().post('/api/v1/chat/open').set(auth(from)).send(body);
const opened = async (from: User, body: object): Promise<TOpenChatResponse> => {
  const res = await open(from, body).expect(200);
  return res.body.data as TOpenChatResponse;
};

describe('POST /chat/open', () => {
  it('answers the agent, the conversation and its newest page with seenStatus, as the three separate calls do', async () => {
    const first = await opened(bob, { username: `@${cy.username}` });
    expect(first.agent).toMatchObject({ id: cy.agentId, username: cy.username });
    expect(first.conversation).toMatchObject({ conversationType: 'personal', otherAgent: { id: cy.agentId }, lastSeq: 0 });
    expect(first.page).toMatchObject({ messages: [], pagination: { page: 1, limit: MESSAGE_PAGE_SIZE, hasMore: false } });

    const conversationId = first.conversation!.id;
    await sendMessage(server, bob, conversationId, 'first');
    await sendMessage(server, cy, conversationId, 'second');
    const again = await opened(bob, { username: cy.username });
    const [agent, started, page] = await Promise.all([
      server.api().get(`/api/v1/agents/${cy.username}`).set(auth(bob)).expect(200),
      server.api().post(`/api/v1/chat/conversations/${cy.agentId}/start`).set(auth(bob)).send({}).expect(200),
      server.api().get(`/api/v1/chat/conversations/${conversationId}/messages?page=1&limit=${MESSAGE_PAGE_SIZE}`).set(auth(bob)).expect(200),
    ]);
    expect(again.agent).toEqual(agent.body.data.agent);
    expect(again.conversation).toEqual(started.body.data.conversation);
    expect(again.page).toEqual(page.body.data);
    expect(again.page!.messages.map((m) => m.content)).toEqual(['first', 'second']);
  });

  it('finds the conversation /start made, and /start finds the one it made (idempotent both ways)', async () => {
    const started = await server.api().post(`/api/v1/chat/conversations/${ai.id}/start`).set(auth(bob)).send({}).expect(200);
    const first = await opened(bob, { username: ai.username });
    expect(first.conversation!.id).toBe(started.body.data.conversation.id);
    expect((await opened(bob, { username: ai.username })).conversation!.id).toBe(first.conversation!.id);

    const teamScoped = await opened(ada, { username: bob.username, teamHandle: team.handle });
    expect(teamScoped.conversation).toMatchObject({ conversationType: 'team-scoped', isTeamScoped: true, team: { handle: team.handle } });
    const personal = await opened(ada, { username: bob.username });
    expect(personal.conversation!.id).not.toBe(teamScoped.conversation!.id);
    const startedAgain = await server
      .api()
      .post(`/api/v1/chat/conversations/${bob.agentId}/start`)
      .set(auth(ada))
      .send({ conversationType: 'team-scoped', teamHandle: team.handle })
      .expect(200);
    expect(startedAgain.body.data.conversation.id).toBe(teamScoped.conversation!.id);
  });

  it("answers 404 for an agent the caller can't see or that does not exist, and starts nothing", async () => {
    const hidden = await open(cy, { username: ai.username }).expect(404);
    expect(hidden.body).toMatchObject({ success: false, error: CHAT_ERRORS.agentNotFound });
    await open(cy, { username: 'nobody-by-this-name' }).expect(404);
    await open(cy, { username: 'not a username' }).expect(404);
    const listed = await server.api().get('/api/v1/chat/conversations').set(auth(cy)).expect(200);
    expect(listed.body.data.conversations.map((c: { otherAgent: { id: string } }) => c.otherAgent.id)).not.toContain(ai.id);
  });

  it('keeps the team rules of /start: only members, and only with a member of that team', async () => {
    expect((await open(cy, { username: ada.username, teamHandle: team.handle }).expect(403)).body.success).toBe(false);
    expect((await open(ada, { username: cy.username, teamHandle: team.handle }).expect(403)).body.error).toBe(CHAT_ERRORS.targetNotMember);
    await open(ada, { username: bob.username, teamHandle: 'no-such-team' }).expect(404);
  });

  it('answers the agent alone on one’s own profile (no conversation with oneself)', async () => {
    expect(await opened(ada, { username: ada.username })).toEqual({
      agent: expect.objectContaining({ id: ada.agentId }),
      conversation: null,
      page: null,
    });
  });

  it('refuses bad input with 400 in the envelope', async () => {
    for (const body of [{}, { username: '' }, { username: 42 }, { username: 'x'.repeat(80) }, { username: ada.username, teamHandle: '' }, { username: ada.username, extra: 1 }]) {
      const res = await open(bob, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    await server.api().post('/api/v1/chat/open').send({ username: ada.username }).expect(401);
  });
});
