import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ERRORS, TEAM_MESSAGES } from '@agentroom/shared';
import { signUpVerified, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, signUpUnverified, startServerWithUsers, type TestUser } from './team-helpers';

let server: TestServer, owner: TestUser, colleague: TestUser, outsider: TestUser;
beforeAll(async () => {
  ({ server, users: [owner, colleague, outsider] } = await startServerWithUsers('owner', 'colleague', 'outsider'));
});
afterAll(async () => server?.stop());

const getAgent = (user: { token: string }, username: string) =>
  server.api().get(`/api/v1/agents/${encodeURIComponent(username)}`).set(bearer(user.token));

describe('POST /teams/:handle/agents', () => {
  it('creates an AI agent in the team with defaults, a generated username and a served fallback avatar', async () => {
    const team = await createTeam(server, owner);
    const agent = await createAiAgent(server, owner, team.handle, { firstName: 'Ada', lastName: 'Lovelace' });
    expect(agent).toMatchObject({
      username: 'ada_lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      isHuman: false,
      role: 'Agent',
      personality: 'A helpful AI assistant',
      model: null,
      membershipRole: 'member',
      avatarUrl: `/api/v1/avatars/${agent.id}.svg?initials=AL`,
    });
    const avatar = await server.api().get(agent.avatarUrl).expect(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');

    const cards = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).expect(200);
    expect(cards.body.data.agents.map((a: { id: string }) => a.id)).toContain(agent.id);
  });

  it('keeps generated usernames unique and shaped like usernames', async () => {
    const team = await createTeam(server, owner);
    const first = await createAiAgent(server, owner, team.handle, { firstName: 'Ada', lastName: 'Lovelace' });
    const accented = await createAiAgent(server, owner, team.handle, { firstName: 'Zoë', lastName: "O'Brien ✨" });
    const symbols = await createAiAgent(server, owner, team.handle, { firstName: '✨✨' });
    expect(first.username).toMatch(/^ada_lovelace-[0-9a-f]{5}$/);
    expect(accented.username).toBe('zoe_obrien');
    expect(symbols.username).toBe('agent');
    const again = await createAiAgent(server, owner, team.handle, { firstName: '✨' });
    expect(again.username).toMatch(/^agent-[0-9a-f]{5}$/);
  });

  it('stores the given role, personality, avatar and model', async () => {
    const team = await createTeam(server, owner);
    const agent = await createAiAgent(server, owner, team.handle, {
      firstName: 'Quill',
      role: 'Editor',
      personality: 'Terse and kind.',
      avatarUrl: '/api/v1/avatars/quill.svg?initials=Q',
      model: 'llama3.2',
    });
    expect(agent).toMatchObject({
      role: 'Editor',
      personality: 'Terse and kind.',
      avatarUrl: '/api/v1/avatars/quill.svg?initials=Q',
      model: 'llama3.2',
    });
  });

  it('only owners and admins create agents: member 403, non-member 403, unknown team 404', async () => {
    const team = await createTeam(server, owner);
    await addMember(server, owner, team.handle, colleague.username);
    const asMember = await server.api().post(`/api/v1/teams/${team.handle}/agents`).set(bearer(colleague.token)).send({ firstName: 'X' }).expect(403);
    expect(asMember.body.error).toBe(TEAM_MESSAGES.managersOnly);
    const asOutsider = await server.api().post(`/api/v1/teams/${team.handle}/agents`).set(bearer(outsider.token)).send({ firstName: 'X' }).expect(403);
    expect(asOutsider.body.error).toBe(TEAM_ERRORS.accessDenied);
    await server.api().post('/api/v1/teams/no-such-team/agents').set(bearer(owner.token)).send({ firstName: 'X' }).expect(404);
  });

  it('answers 400 for missing or oversize fields and unsafe avatar URLs', async () => {
    const team = await createTeam(server, owner);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'firstName'],
      [{ firstName: '  ' }, 'firstName'],
      [{ firstName: 'n'.repeat(65) }, 'firstName'],
      [{ firstName: 'A', lastName: 'n'.repeat(65) }, 'lastName'],
      [{ firstName: 'A', role: 'r'.repeat(65) }, 'role'],
      [{ firstName: 'A', personality: 'p'.repeat(4001) }, 'personality'],
      [{ firstName: 'A', model: 'm'.repeat(101) }, 'model'],
      [{ firstName: 'A', avatarUrl: 'javascript:alert(1)' }, 'avatarUrl'],
      [{ firstName: 'A', avatarUrl: 'JavaScript:alert(1)' }, 'avatarUrl'],
      [{ firstName: 'A', avatarUrl: 'http://insecure.example.test/a.png' }, 'avatarUrl'],
      [{ firstName: 'A', avatarUrl: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'avatarUrl'],
      [{ firstName: 'A', avatarUrl: '/api/v1/avatars/../../etc.svg' }, 'avatarUrl'],
      [{ firstName: 'A', avatarUrl: `https://example.test/${'a'.repeat(2100)}` }, 'avatarUrl'],
      [{ firstName: 'A', avatarUrl: 'https://images.example.test/a.png' }, 'avatarUrl'],
      [{ firstName: ['A'] }, 'firstName'],
    ];
    for (const [body, field] of cases) {
      const res = await server.api().post(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.body.details), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const unsafe = await server.api().post(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).send({ firstName: 'A', avatarUrl: 'javascript:alert(1)' });
    expect(unsafe.body.error).toBe(TEAM_MESSAGES.avatarUrl);
    const generated = await createAiAgent(server, owner, team.handle, { firstName: 'Gen', avatarUrl: '/api/v1/avatars/some-seed.svg' });
    expect(generated.avatarUrl).toBe('/api/v1/avatars/some-seed.svg?initials=G');
    const cards = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).expect(200);
    expect(cards.body.data.agents).toHaveLength(2);
  });
});

describe('GET /agents/:username', () => {
  it('strips a leading @, ignores case, and answers the agent with full name and avatar fallback', async () => {
    for (const name of [colleague.username, `@${colleague.username}`, colleague.username.toUpperCase()]) {
      const res = await getAgent(owner, name).expect(200);
      expect(res.body.data.agent).toMatchObject({
        id: colleague.agentId,
        username: colleague.username,
        fullName: 'Test colleague',
        isHuman: true,
        avatarUrl: `/api/v1/avatars/${colleague.agentId}.svg?initials=TC`,
      });
    }
  });

  it('404 Agent not found for unknown or malformed usernames', async () => {
    for (const name of ['nobody-here', '@', '@@double', 'bad name', 'x'.repeat(200), '..']) {
      const res = await getAgent(owner, name);
      expect(res.status, name).toBe(404);
      expect(res.body.error).toBe(TEAM_ERRORS.agentNotFound);
    }
  });

  it('hides an AI agent of a private team from non-members (404), shows it to members, hides it again after leaving', async () => {
    const team = await createTeam(server, owner, { isPrivate: true });
    await addMember(server, owner, team.handle, colleague.username);
    const secret = await createAiAgent(server, owner, team.handle, { firstName: 'Secret' });
    await getAgent(owner, secret.username).expect(200);
    await getAgent(colleague, `@${secret.username}`).expect(200);
    const hidden = await getAgent(outsider, secret.username).expect(404);
    expect(hidden.body.error).toBe(TEAM_ERRORS.agentNotFound);
    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(colleague.token)).expect(200);
    await getAgent(colleague, secret.username).expect(404);
  });

  it('hides an AI agent of a public team from outsiders too (decision 0006), and from anonymous or unverified callers', async () => {
    const team = await createTeam(server, owner, { isPrivate: false });
    const open = await createAiAgent(server, owner, team.handle, { firstName: 'Open' });
    await getAgent(owner, open.username).expect(200);
    expect((await getAgent(outsider, open.username).expect(404)).body.error).toBe(TEAM_ERRORS.agentNotFound);
    await server.api().get(`/api/v1/agents/${open.username}`).expect(401);
    const unverified = await signUpUnverified(server);
    await getAgent(unverified, open.username).expect(403);
  });

  it('never adds an AI agent to another team (409, even by its own team\'s owner), nor one hidden from the caller (404)', async () => {
    const home = await createTeam(server, owner);
    const helper = await createAiAgent(server, owner, home.handle, { firstName: 'Helper' });
    const second = await createTeam(server, owner);
    const refused = await server.api().post(`/api/v1/teams/${second.handle}/members`).set(bearer(owner.token)).send({ username: `@${helper.username}` }).expect(409);
    expect(refused.body.error).toBe(TEAM_MESSAGES.aiAgentBelongsToItsTeam);

    const outsiderTeam = await createTeam(server, outsider);
    const res = await server.api().post(`/api/v1/teams/${outsiderTeam.handle}/members`).set(bearer(outsider.token)).send({ username: helper.username }).expect(404);
    expect(res.body.error).toBe(TEAM_ERRORS.agentNotFound);
  });
});

describe('PATCH /agents/:id', () => {
  it('lets an owner or admin edit an AI agent; blank role and personality fall back to defaults; blank avatar clears', async () => {
    const team = await createTeam(server, owner);
    const agent = await createAiAgent(server, owner, team.handle, { firstName: 'Edit', avatarUrl: '/api/v1/avatars/edit.svg' });
    const edited = await server
      .api()
      .patch(`/api/v1/agents/${agent.id}`)
      .set(bearer(owner.token))
      .send({ firstName: 'Edited', lastName: 'Bot', role: 'Reviewer', personality: 'Exacting.', model: 'gpt-4o-mini' })
      .expect(200);
    expect(edited.body.data.agent).toMatchObject({ fullName: 'Edited Bot', role: 'Reviewer', personality: 'Exacting.', model: 'gpt-4o-mini', username: agent.username });

    const admin = await signUpVerified(server, 'admin');
    await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
    const reset = await server
      .api()
      .patch(`/api/v1/agents/${agent.id}`)
      .set(bearer(admin.token))
      .send({ role: '', personality: ' ', avatarUrl: '', model: '' })
      .expect(200);
    expect(reset.body.data.agent).toMatchObject({
      role: 'Agent',
      personality: 'A helpful AI assistant',
      model: null,
      avatarUrl: `/api/v1/avatars/${agent.id}.svg?initials=EB`,
    });
  });

  it('refuses members (403), outsiders of any team (404), human agents (403)', async () => {
    const team = await createTeam(server, owner);
    await addMember(server, owner, team.handle, colleague.username);
    const agent = await createAiAgent(server, owner, team.handle, { firstName: 'Guarded' });
    const asMember = await server.api().patch(`/api/v1/agents/${agent.id}`).set(bearer(colleague.token)).send({ role: 'Hacked' }).expect(403);
    expect(asMember.body.error).toBe(TEAM_MESSAGES.managersOnly);
    const asOutsider = await server.api().patch(`/api/v1/agents/${agent.id}`).set(bearer(outsider.token)).send({ role: 'Hacked' }).expect(404);
    expect(asOutsider.body.error).toBe(TEAM_ERRORS.agentNotFound);
    const human = await server.api().patch(`/api/v1/agents/${colleague.agentId}`).set(bearer(owner.token)).send({ role: 'Boss' }).expect(403);
    expect(human.body.error).toBe(TEAM_MESSAGES.onlyAiEditable);

    const publicTeam = await createTeam(server, owner, { isPrivate: false });
    const visible = await createAiAgent(server, owner, publicTeam.handle, { firstName: 'Visible' });
    const notMember = await server.api().patch(`/api/v1/agents/${visible.id}`).set(bearer(outsider.token)).send({ role: 'Hacked' }).expect(404);
    expect(notMember.body.error).toBe(TEAM_ERRORS.agentNotFound);
    const unchanged = await getAgent(owner, agent.username).expect(200);
    expect(unchanged.body.data.agent.role).toBe('Agent');
  });

  it('answers 400 for malformed ids and bad bodies, 404 for an unknown id', async () => {
    const team = await createTeam(server, owner);
    const agent = await createAiAgent(server, owner, team.handle, { firstName: 'Body' });
    for (const id of ['not-a-uuid', '123', "1' or '1'='1"]) {
      const res = await server.api().patch(`/api/v1/agents/${encodeURIComponent(id)}`).set(bearer(owner.token)).send({ role: 'X' }).expect(400);
      expect(res.body.error).toBe(TEAM_MESSAGES.invalidAgentId);
    }
    await server.api().patch('/api/v1/agents/0190a000-0000-7000-8000-000000000000').set(bearer(owner.token)).send({ role: 'X' }).expect(404);
    const bodies: Array<Record<string, unknown>> = [
      {},
      { firstName: '' },
      { personality: 'p'.repeat(4001) },
      { avatarUrl: 'javascript:alert(1)' },
      { role: 7 },
    ];
    for (const body of bodies) {
      const res = await server.api().patch(`/api/v1/agents/${agent.id}`).set(bearer(owner.token)).send(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });
});
