import { randomUUID } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ERRORS, TEAM_MESSAGES, type TTeam } from '@agentroom/shared';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';

/**
 * Team management routes, asked by every kind of caller. Each request runs against a fresh team
 * (owner, admin, member, a member who left, and a plain member as the target) after any request
 * that changed it.
 */
const KINDS = ['owner', 'admin', 'member', 'leaver', 'outsider', 'anonymous'] as const;
type Kind = (typeof KINDS)[number];
type Account = Exclude<Kind, 'anonymous'> | 'target';

let server: TestServer;
const users = {} as Record<Account, TestUser>;

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['owner', 'admin', 'member', 'leaver', 'outsider', 'target'] as const) users[name] = await signUpVerified(server, name);
});
afterAll(async () => {
  await server?.stop();
});

async function freshTeam(): Promise<TTeam> {
  const team = await createTeam(server, users.owner);
  await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(users.owner.token)).send({ username: users.admin.username, role: 'admin' }).expect(201);
  for (const name of ['member', 'leaver', 'target'] as const) await addMember(server, users.owner, team.handle, users[name].username);
  await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(users.leaver.token)).expect(200);
  return team;
}

const as = (kind: Kind, request: Test): Test => (kind === 'anonymous' ? request : request.set(bearer(users[kind].token)));

type Statuses = Record<Kind, number>;
const by = (owner: number, admin: number, member: number, leaver: number, outsider: number): Statuses => ({
  owner,
  admin,
  member,
  leaver,
  outsider,
  anonymous: 401,
});

interface Row {
  name: string;
  request: (api: ReturnType<TestServer['api']>, team: TTeam) => Test;
  expected: Statuses;
}

const ROWS: Row[] = [
  { name: 'PATCH /teams/:handle', request: (api, t) => api.patch(`/api/v1/teams/${t.handle}`).send({ name: 'Renamed' }), expected: by(200, 403, 403, 403, 403) },
  { name: 'DELETE /teams/:handle', request: (api, t) => api.delete(`/api/v1/teams/${t.handle}`), expected: by(200, 403, 403, 403, 403) },
  {
    name: 'PATCH /teams/:handle/members/:agentId (member → admin)',
    request: (api, t) => api.patch(`/api/v1/teams/${t.handle}/members/${users.target.agentId}`).send({ role: 'admin' }),
    expected: by(200, 200, 403, 403, 403),
  },
  {
    name: 'PATCH /teams/:handle/members/:agentId (member → owner)',
    request: (api, t) => api.patch(`/api/v1/teams/${t.handle}/members/${users.target.agentId}`).send({ role: 'owner' }),
    expected: by(200, 403, 403, 403, 403),
  },
  {
    name: "PATCH /teams/:handle/members/:agentId (the owner's role)",
    request: (api, t) => api.patch(`/api/v1/teams/${t.handle}/members/${users.owner.agentId}`).send({ role: 'member' }),
    // The owner acting on themselves is refused too: they leave or hand over instead.
    expected: by(400, 403, 403, 403, 403),
  },
  { name: 'DELETE /teams/:handle/members/:agentId', request: (api, t) => api.delete(`/api/v1/teams/${t.handle}/members/${users.target.agentId}`), expected: by(200, 200, 403, 403, 403) },
  {
    name: 'DELETE /teams/:handle/members/:agentId (the owner)',
    request: (api, t) => api.delete(`/api/v1/teams/${t.handle}/members/${users.owner.agentId}`),
    expected: by(400, 403, 403, 403, 403),
  },
  { name: 'DELETE /teams/:handle/members/me (last owner, others remain)', request: (api, t) => api.delete(`/api/v1/teams/${t.handle}/members/me`), expected: by(409, 200, 200, 403, 403) },
];

describe('who may manage a team', () => {
  it.each(ROWS)('$name', async ({ request, expected }) => {
    const actual = {} as Statuses;
    // A refused request changes nothing, so the team is rebuilt only after one that succeeded
    // (team writes are rate limited per client).
    let team = await freshTeam();
    for (const kind of KINDS) {
      const res: Response = await as(kind, request(server.api(), team));
      actual[kind] = res.status;
      if (res.status < 300) team = await freshTeam();
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
    expect(actual).toEqual(expected);
  });

  it.each(ROWS)('$name: 404 Team not found for an unknown team', async ({ request }) => {
    const res = await as('owner', request(server.api(), { handle: 'no-such-team' } as TTeam));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(TEAM_ERRORS.notFound);
  });
});

describe('bad input is a clear 4xx', () => {
  let team: TTeam;
  beforeAll(async () => {
    team = await freshTeam();
  });
  const owner = () => users.owner.token;

  it.each([
    { name: 'Team\u0000Name' },
    { description: 'nul \u0000 here' },
    { name: 42 },
    { description: ['x'] },
    { name: '   ' },
    { name: 'x'.repeat(81) },
    { description: 'x'.repeat(501) },
    {},
  ])('PATCH /teams/:handle %j → 400', async (body) => {
    const res = await server.api().patch(`/api/v1/teams/${team.handle}`).set(bearer(owner())).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const view = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(owner())).expect(200);
    expect(view.body.data.team.name).toBe(team.name);
  });

  it.each([{ role: 'boss' }, { role: 'own\u0000er' }, { role: 1 }, { role: null }, {}])('PATCH /teams/:handle/members/:agentId %j → 400', async (body) => {
    const res = await server.api().patch(`/api/v1/teams/${team.handle}/members/${users.target.agentId}`).set(bearer(owner())).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });

  const unknownIds = () => [randomUUID(), 'not-an-id', users.leaver.agentId, users.outsider.agentId];
  it('an unknown, malformed, former or outside member id → 404 Member not found', async () => {
    for (const id of unknownIds()) {
      const patch = await server.api().patch(`/api/v1/teams/${team.handle}/members/${id}`).set(bearer(owner())).send({ role: 'admin' });
      expect(patch.status, id).toBe(404);
      expect(patch.body.error).toBe(TEAM_MESSAGES.memberNotFound);
      const remove = await server.api().delete(`/api/v1/teams/${team.handle}/members/${id}`).set(bearer(owner())).send();
      expect(remove.status, id).toBe(404);
    }
  });

  it('NUL in the handle or the member id → 400, and nothing changes', async () => {
    const target = users.target.agentId;
    await server.api().patch(`/api/v1/teams/${team.handle}%00`).set(bearer(owner())).send({ name: 'X' }).expect(400);
    await server.api().delete(`/api/v1/teams/${team.handle}%00`).set(bearer(owner())).expect(400);
    await server.api().patch(`/api/v1/teams/${team.handle}%00/members/${target}`).set(bearer(owner())).send({ role: 'admin' }).expect(400);
    await server.api().patch(`/api/v1/teams/${team.handle}/members/${target}%00`).set(bearer(owner())).send({ role: 'admin' }).expect(400);
    await server.api().delete(`/api/v1/teams/${team.handle}/members/${target}%00`).set(bearer(owner())).expect(400);
    const agents = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner())).expect(200);
    expect(agents.body.data.agents.find((a: { id: string }) => a.id === target)).toMatchObject({ membershipRole: 'member' });
  });

  it('a body that is not JSON → 400', async () => {
    const res = await server.api().patch(`/api/v1/teams/${team.handle}`).set(bearer(owner())).set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
  });
});
