import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { io as ioClient } from 'socket.io-client';
import { TEAM_ERRORS, TEAM_MESSAGES } from '@agentroom/shared';
import { teamMembers, teams } from '../../src/db/schema';
import { signUpVerified, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, signUpUnverified, startServerWithUsers, uniqueHandle, type TestUser } from './team-helpers';

let server: TestServer, owner: TestUser, colleague: TestUser, outsider: TestUser;
beforeAll(async () => {
  ({ server, users: [owner, colleague, outsider] } = await startServerWithUsers('owner', 'colleague', 'outsider'));
});
afterAll(async () => server?.stop());

describe('who may call the team and agent routes', () => {
  const routes: Array<[string, string]> = [
    ['get', '/api/v1/teams'],
    ['post', '/api/v1/teams'],
    ['get', '/api/v1/teams/some-team'],
    ['get', '/api/v1/teams/some-team/agents'],
    ['post', '/api/v1/teams/some-team/agents'],
    ['post', '/api/v1/teams/some-team/members'],
    ['delete', '/api/v1/teams/some-team/members/me'],
    ['patch', '/api/v1/teams/some-team'],
    ['delete', '/api/v1/teams/some-team'],
    ['patch', '/api/v1/teams/some-team/members/0190a000-0000-7000-8000-000000000000'],
    ['delete', '/api/v1/teams/some-team/members/0190a000-0000-7000-8000-000000000000'],
    ['get', '/api/v1/agents/someone'],
    ['patch', '/api/v1/agents/0190a000-0000-7000-8000-000000000000'],
  ];

  it('answers 401 Authentication required to anonymous callers and to a garbage token', async () => {
    for (const [method, path] of routes) {
      const anonymous = await server.api()[method as 'get'](path).send({});
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, error: TEAM_ERRORS.authRequired, code: 'UNAUTHENTICATED' });
      const garbage = await server.api()[method as 'get'](path).set(bearer('not-a-jwt')).send({});
      expect(garbage.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses signed-in users whose email is not verified (403), even for their own reads', async () => {
    const unverified = await signUpUnverified(server);
    for (const [method, path] of routes) {
      const res = await server.api()[method as 'get'](path).set(bearer(unverified.token)).send({});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
    }
  });
});

describe('GET /teams and GET /teams/:handle', () => {
  it('lists only the caller’s active teams, oldest first, with memberCount and member previews', async () => {
    const user = await signUpVerified(server, 'lister');
    const empty = await server.api().get('/api/v1/teams').set(bearer(user.token)).expect(200);
    expect(empty.body).toEqual({ success: true, data: { teams: [] } });

    const first = await createTeam(server, user, { name: 'First' });
    const second = await createTeam(server, user, { name: 'Second' });
    await createTeam(server, outsider, { name: 'Not mine' });
    await addMember(server, user, second.handle, colleague.username);
    await createAiAgent(server, user, second.handle, { firstName: 'Helper' });

    const res = await server.api().get('/api/v1/teams').set(bearer(user.token)).expect(200);
    const listed = res.body.data.teams;
    expect(listed.map((t: { handle: string }) => t.handle)).toEqual([first.handle, second.handle]);
    expect(listed[0]).toMatchObject({ name: 'First', memberCount: 1, myRole: 'owner', canManage: true, isPrivate: true });
    expect(listed[1].memberCount).toBe(3);
    expect(listed[1].members).toHaveLength(3);
    for (const member of listed[1].members) {
      expect(member.agentName).toEqual(expect.any(String));
      expect(member.avatarUrl).toMatch(/^\/api\/v1\/avatars\/.+\.svg\?initials=[A-Z]{1,2}$|^https:\/\//);
    }
    expect(listed[1].members.map((m: { username: string }) => m.username)).toContain(colleague.username);
  });

  it('answers the team to a member, by handle in any case', async () => {
    const team = await createTeam(server, owner, { name: 'Case Team', description: 'About us' });
    const res = await server.api().get(`/api/v1/teams/${team.handle.toUpperCase()}`).set(bearer(owner.token)).expect(200);
    expect(res.body.data.team).toMatchObject({
      id: team.id,
      name: 'Case Team',
      handle: team.handle,
      description: 'About us',
      memberCount: 1,
      maxMembers: 50,
    });
  });

  it('404 Team not found for an unknown or impossible handle; 403 for a non-member', async () => {
    const team = await createTeam(server, owner);
    for (const handle of ['no-such-team', 'x'.repeat(300), 'bad%20handle', '%F0%9F%98%80']) {
      const res = await server.api().get(`/api/v1/teams/${handle}`).set(bearer(owner.token)).expect(404);
      expect(res.body).toMatchObject({ success: false, error: TEAM_ERRORS.notFound, code: 'NOT_FOUND' });
      await server.api().get(`/api/v1/teams/${handle}/agents`).set(bearer(owner.token)).expect(404);
    }
    for (const path of [`/api/v1/teams/${team.handle}`, `/api/v1/teams/${team.handle}/agents`]) {
      const res = await server.api().get(path).set(bearer(outsider.token)).expect(403);
      expect(res.body).toMatchObject({ success: false, error: TEAM_ERRORS.accessDenied, code: 'FORBIDDEN' });
    }
  });
});

describe('GET /teams/:handle/agents', () => {
  it('answers every active member as a card: agent fields, membership role, presence', async () => {
    const team = await createTeam(server, owner);
    await addMember(server, owner, team.handle, colleague.username);
    const ai = await createAiAgent(server, owner, team.handle, { firstName: 'Ada', lastName: 'Bot', role: 'Analyst' });
    const res = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(colleague.token)).expect(200);
    const cards = res.body.data.agents;
    expect(cards.map((a: { username: string }) => a.username)).toEqual([owner.username, colleague.username, ai.username]);
    expect(cards[0]).toMatchObject({ isHuman: true, membershipRole: 'owner', fullName: `Test owner`, isOnline: false });
    expect(cards[1]).toMatchObject({ membershipRole: 'member' });
    expect(cards[2]).toMatchObject({
      isHuman: false,
      fullName: 'Ada Bot',
      role: 'Analyst',
      membershipRole: 'member',
      avatarUrl: `/api/v1/avatars/${ai.id}.svg?initials=AB`,
    });
    // An AI agent's presence is its model's (unknown here: no model configured in tests).
    expect([null, true, false]).toContain(cards[2].isOnline);
    expect(cards[2].joinedAt).toEqual(expect.any(String));
  });

  it('shows a person online while a socket of theirs is connected', async () => {
    const team = await createTeam(server, owner);
    await addMember(server, owner, team.handle, colleague.username);
    const colleagueOnline = async () => {
      const res = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).expect(200);
      return res.body.data.agents.find((a: { id: string }) => a.id === colleague.agentId)?.isOnline;
    };
    expect(await colleagueOnline()).toBe(false);
    const socket = ioClient(server.url, { auth: { token: colleague.token }, transports: ['websocket'], forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await expect.poll(colleagueOnline).toBe(true);
    } finally {
      socket.close();
    }
    await expect.poll(colleagueOnline).toBe(false);
  });
});

describe('POST /teams', () => {
  it('creates the team with the creator as owner', async () => {
    const handle = uniqueHandle('New-Team');
    const res = await server
      .api()
      .post('/api/v1/teams')
      .set(bearer(owner.token))
      .send({ name: '  Rocket  ', handle, description: 'We launch', isPrivate: false })
      .expect(201);
    expect(res.body.data.team).toMatchObject({
      name: 'Rocket',
      handle,
      description: 'We launch',
      isPrivate: false,
      memberCount: 1,
      myRole: 'owner',
      canManage: true,
    });
    expect(res.body.data.team.members[0].username).toBe(owner.username);
  });

  it('refuses a taken handle in any case with 409', async () => {
    const team = await createTeam(server, owner);
    const res = await server
      .api()
      .post('/api/v1/teams')
      .set(bearer(outsider.token))
      .send({ name: 'Copy', handle: team.handle.toUpperCase() })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', error: TEAM_MESSAGES.handleTaken });
  });

  it('answers 400 with field details for bad input, and creates nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ name: 'X', handle: 'has space' }, 'handle', TEAM_MESSAGES.handleCharacters],
      [{ name: 'X', handle: 'under_score' }, 'handle', TEAM_MESSAGES.handleCharacters],
      [{ name: 'X', handle: '<script>' }, 'handle', TEAM_MESSAGES.handleCharacters],
      [{ name: 'X', handle: 'a' }, 'handle', TEAM_MESSAGES.handleLength],
      [{ name: 'X', handle: 'a'.repeat(41) }, 'handle', TEAM_MESSAGES.handleLength],
      [{ name: 'X' }, 'handle'],
      [{ handle: uniqueHandle() }, 'name', TEAM_MESSAGES.nameRequired],
      [{ name: '   ', handle: uniqueHandle() }, 'name', TEAM_MESSAGES.nameRequired],
      [{ name: 'n'.repeat(81), handle: uniqueHandle() }, 'name'],
      [{ name: 'X', handle: uniqueHandle(), description: 'd'.repeat(501) }, 'description'],
      [{ name: 'X', handle: uniqueHandle(), isPrivate: 'yes' }, 'isPrivate'],
      [{ name: 42, handle: uniqueHandle() }, 'name'],
    ];
    for (const [body, field, message] of cases) {
      const res = await server.api().post('/api/v1/teams').set(bearer(owner.token)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.body.details)).toContain(field);
      if (message) expect(res.body.details[field]).toBe(message);
    }
    const malformed = await server
      .api()
      .post('/api/v1/teams')
      .set({ ...bearer(owner.token), 'Content-Type': 'application/json' })
      .send('{"name":');
    expect(malformed.status).toBe(400);
    const list = await server.api().get('/api/v1/teams').set(bearer(owner.token)).expect(200);
    expect(list.body.data.teams.some((t: { name: string }) => t.name === 'X')).toBe(false);
  });
});

describe('POST /teams/:handle/members', () => {
  it('lets an owner add a colleague by username or @username; the colleague then sees the team', async () => {
    const team = await createTeam(server, owner);
    const added = await addMember(server, owner, team.handle, `@${colleague.username.toUpperCase()}`);
    expect(added).toMatchObject({ id: colleague.agentId, username: colleague.username, membershipRole: 'member' });
    const mine = await server.api().get('/api/v1/teams').set(bearer(colleague.token)).expect(200);
    expect(mine.body.data.teams.map((t: { handle: string }) => t.handle)).toContain(team.handle);
    const viewed = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(colleague.token)).expect(200);
    expect(viewed.body.data.team).toMatchObject({ memberCount: 2, myRole: 'member', canManage: false });
  });

  it('409 for someone already in the team, 404 for an unknown username, 400 for a blank one', async () => {
    const team = await createTeam(server, owner);
    await addMember(server, owner, team.handle, colleague.username);
    const again = await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: colleague.username }).expect(409);
    expect(again.body.error).toBe(TEAM_MESSAGES.alreadyMember);
    const self = await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: owner.username }).expect(409);
    expect(self.body.error).toBe(TEAM_MESSAGES.alreadyMember);
    const unknown = await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: 'nobody-at-all' }).expect(404);
    expect(unknown.body.error).toBe(TEAM_ERRORS.agentNotFound);
    for (const body of [{}, { username: '' }, { username: '@' }, { username: 'x'.repeat(100) }, { username: colleague.username, role: 'owner' }])
      await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send(body).expect(400);
  });

  it('only owners and admins manage: a member gets 403, a non-member 403, an unknown team 404', async () => {
    const team = await createTeam(server, owner);
    await addMember(server, owner, team.handle, colleague.username);
    const asMember = await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(colleague.token)).send({ username: outsider.username }).expect(403);
    expect(asMember.body.error).toBe(TEAM_MESSAGES.managersOnly);
    const asOutsider = await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(outsider.token)).send({ username: outsider.username }).expect(403);
    expect(asOutsider.body.error).toBe(TEAM_ERRORS.accessDenied);
    await server.api().post('/api/v1/teams/no-such-team/members').set(bearer(owner.token)).send({ username: colleague.username }).expect(404);

    const admin = await signUpVerified(server, 'admin');
    await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
    const byAdmin = await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(admin.token)).send({ username: outsider.username }).expect(201);
    expect(byAdmin.body.data.agent.username).toBe(outsider.username);
  });

  it('enforces max_members with a clear 409, for people and AI agents alike', async () => {
    const team = await createTeam(server, owner);
    await server.ctx.db.update(teams).set({ maxMembers: 2 }).where(eq(teams.id, team.id));
    await addMember(server, owner, team.handle, colleague.username);
    const full = await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: outsider.username }).expect(409);
    expect(full.body).toMatchObject({ code: 'CONFLICT', error: TEAM_MESSAGES.teamFull });
    const fullAi = await server.api().post(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).send({ firstName: 'Extra' }).expect(409);
    expect(fullAi.body.error).toBe(TEAM_MESSAGES.teamFull);
    const view = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).expect(200);
    expect(view.body.data.team.memberCount).toBe(2);
  });
});

describe('DELETE /teams/:handle/members/me', () => {
  it('sets left_at: the team disappears for the leaver, who is then refused (403); being added again restores access', async () => {
    const team = await createTeam(server, owner);
    await addMember(server, owner, team.handle, colleague.username);
    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(colleague.token)).expect(200);

    const mine = await server.api().get('/api/v1/teams').set(bearer(colleague.token)).expect(200);
    expect(mine.body.data.teams.map((t: { handle: string }) => t.handle)).not.toContain(team.handle);
    const denied = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(colleague.token)).expect(403);
    expect(denied.body.error).toBe(TEAM_ERRORS.accessDenied);
    await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(colleague.token)).expect(403);
    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(colleague.token)).expect(403);
    const count = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).expect(200);
    expect(count.body.data.team.memberCount).toBe(1);

    await addMember(server, owner, team.handle, colleague.username);
    await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(colleague.token)).expect(200);
  });

  it('refuses the last owner (409) while people remain; once another owner exists, they may leave', async () => {
    const team = await createTeam(server, owner);
    await createAiAgent(server, owner, team.handle, { firstName: 'Bot' });
    await addMember(server, owner, team.handle, colleague.username);
    const refused = await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(owner.token)).expect(409);
    expect(refused.body.error).toBe(TEAM_MESSAGES.lastOwnerCannotLeave);
    await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).expect(200);

    await server.api().patch(`/api/v1/teams/${team.handle}/members/${colleague.agentId}`).set(bearer(owner.token)).send({ role: 'owner' }).expect(200);
    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(owner.token)).expect(200);
    const view = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(colleague.token)).expect(200);
    expect(view.body.data.team).toMatchObject({ myRole: 'owner', canManage: true, memberCount: 2 });
  });

  it('refuses the last person while the team holds an AI agent (team-deletion.test.ts has the rule in full)', async () => {
    const team = await createTeam(server, owner);
    await createAiAgent(server, owner, team.handle, { firstName: 'Bot' });
    const refused = await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(owner.token)).expect(409);
    expect(refused.body.error).toBe(TEAM_MESSAGES.lastPersonCannotLeave);
    const [stillIn] = await server.ctx.db.select({ id: teamMembers.id }).from(teamMembers).where(and(eq(teamMembers.teamId, team.id), isNull(teamMembers.leftAt)));
    expect(stillIn).toBeDefined();
  });

  it('404 for an unknown team', async () => {
    await server.api().delete('/api/v1/teams/no-such-team/members/me').set(bearer(owner.token)).expect(404);
  });
});

describe('concurrent writes', () => {
  it('one handle, many creators at once: exactly one team, the rest 409', async () => {
    const handle = uniqueHandle('race');
    const results = await Promise.all(
      [owner, colleague, outsider, owner].map((user) =>
        server.api().post('/api/v1/teams').set(bearer(user.token)).send({ name: 'Race', handle }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('max_members holds when additions race', async () => {
    const team = await createTeam(server, owner);
    await server.ctx.db.update(teams).set({ maxMembers: 3 }).where(eq(teams.id, team.id));
    const people = await Promise.all([1, 2, 3, 4].map((n) => signUpVerified(server, `racer${n}`)));
    const results = await Promise.all(
      people.map((person) =>
        server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: person.username }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const view = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).expect(200);
    expect(view.body.data.team.memberCount).toBe(3);
  });
});
