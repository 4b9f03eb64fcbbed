import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOVERNANCE_ERRORS, TEAM_ERRORS, TEAM_MESSAGES, type TAuditEvent, type TTeam } from '@agentroom/shared';
import { auditEvents } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';

/** Reading the audit log (decision 0028): a team's owners read theirs, instance administrators all of it. */
let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let instanceAdmin: TestUser;
let team: TTeam;
let otherTeam: TTeam;
const api = () => server.api();

/** A row as if written at `at`, so times and pages are known (the writer stamps now()). */
async function insertRow(values: { at: string; teamId: string | null; action: string; actor?: TestUser }) {
  const [row] = await server.ctx.db
    .insert(auditEvents)
    .values({
      id: randomUUID(),
      createdAt: new Date(values.at),
      actorKind: values.actor ? 'person' : 'system',
      actorAgentId: values.actor?.agentId ?? null,
      actorName: values.actor?.username ?? '',
      teamId: values.teamId,
      action: values.action,
      targetKind: 'team',
      targetId: values.teamId,
      targetName: 'x',
    })
    .returning();
  return row!;
}

async function readTeamLog(user: TestUser, query = ''): Promise<{ events: TAuditEvent[]; nextCursor: string | null }> {
  const res = await api().get(`/api/v1/teams/${team.handle}/audit${query}`).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Every page of a log, following `nextCursor`. */
async function walk(path: string, user: TestUser, limit: number): Promise<TAuditEvent[]> {
  const seen: TAuditEvent[] = [];
  let cursor: string | null = null;
  do {
    const query = `?limit=${limit}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api().get(`${path}${path.includes('?') ? query.replace('?', '&') : query}`).set(bearer(user.token)).expect(200);
    const page = res.body.data as { events: TAuditEvent[]; nextCursor: string | null };
    expect(page.events.length).toBeLessThanOrEqual(limit);
    seen.push(...page.events);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, outsider, instanceAdmin] = [
    await signUpVerified(server, 'owner'),
    await signUpVerified(server, 'admin'),
    await signUpVerified(server, 'member'),
    await signUpVerified(server, 'outsider'),
    await signUpVerified(server, 'root'),
  ];
  // ADMIN_EMAILS names instance administrators; the config is read on every request.
  server.ctx.config.adminEmails.push(instanceAdmin.email.toLowerCase());
  team = await createTeam(server, owner);
  await api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
  await addMember(server, owner, team.handle, member.username);
  otherTeam = await createTeam(server, outsider);
});
afterAll(async () => {
  await server?.stop();
});

describe('who may read a team’s log', () => {
  it('its owners read it, newest first; admins and members 403, others as on every team route', async () => {
    const { events } = await readTeamLog(owner);
    expect(events.map((e) => e.action)).toEqual(['member.added', 'member.added', 'team.created']);
    expect(events[0]).toMatchObject({ teamId: team.id, actor: { kind: 'person', agentId: owner.agentId }, target: { kind: 'agent', id: member.agentId, name: member.username } });
    expect(['127.0.0.1', '::ffff:127.0.0.1', '::1']).toContain(events[0]!.ip);

    for (const user of [admin, member]) {
      const res = await api().get(`/api/v1/teams/${team.handle}/audit`).set(bearer(user.token)).expect(403);
      expect(res.body.error).toBe(TEAM_MESSAGES.ownersOnly);
    }
    const stranger = await api().get(`/api/v1/teams/${team.handle}/audit`).set(bearer(outsider.token)).expect(403);
    expect(stranger.body.error).toBe(TEAM_ERRORS.accessDenied);
    const unknown = await api().get('/api/v1/teams/no-such-team-here/audit').set(bearer(owner.token)).expect(404);
    expect(unknown.body.error).toBe(TEAM_ERRORS.notFound);
    // Another team's owner sees nothing of this team in their own log.
    const theirs = await api().get(`/api/v1/teams/${otherTeam.handle}/audit`).set(bearer(outsider.token)).expect(200);
    expect(theirs.body.data.events.map((e: TAuditEvent) => e.teamId)).toEqual([otherTeam.id]);
  });

  it('anyone but an instance administrator gets 404 for the whole log', async () => {
    await api().get('/api/v1/admin/audit').set(bearer(owner.token)).expect(404);
  });
});

describe('filters and pages', () => {
  it('by actor, by kind (an area or one action), by time', async () => {
    await insertRow({ at: '2026-01-01T10:00:00Z', teamId: team.id, action: 'room.created', actor: admin });
    await insertRow({ at: '2026-02-01T10:00:00Z', teamId: team.id, action: 'member.role_changed', actor: admin });
    await insertRow({ at: '2026-03-01T10:00:00Z', teamId: team.id, action: 'room.updated', actor: member });

    const byAdmin = await readTeamLog(owner, `?actor=${admin.agentId}`);
    expect(byAdmin.events.map((e) => e.action)).toEqual(['member.role_changed', 'room.created']);
    const rooms = await readTeamLog(owner, '?kind=room');
    expect(rooms.events.map((e) => e.action)).toEqual(['room.updated', 'room.created']);
    const roles = await readTeamLog(owner, '?kind=member.role_changed');
    expect(roles.events.map((e) => e.action)).toEqual(['member.role_changed']);
    const february = await readTeamLog(owner, '?since=2026-01-15T00:00:00Z&until=2026-02-15T00:00:00Z');
    expect(february.events.map((e) => e.at)).toEqual(['2026-02-01T10:00:00.000Z']);
    const fromMarch = await readTeamLog(owner, '?since=2026-03-01T10:00:00Z&kind=room');
    expect(fromMarch.events.map((e) => e.action)).toEqual(['room.updated']);

    await api().get(`/api/v1/teams/${team.handle}/audit?kind=nonsense`).set(bearer(owner.token)).expect(400);
    await api().get(`/api/v1/teams/${team.handle}/audit?since=2026-03-01T00:00:00Z&until=2026-01-01T00:00:00Z`).set(bearer(owner.token)).expect(400);
  });

  it('pages walk every row once, newest first, also rows written in the same instant', async () => {
    for (const action of ['agent.created', 'agent.updated', 'agent.tools_changed']) await insertRow({ at: '2026-01-20T12:00:00.123456Z', teamId: team.id, action, actor: owner });
    const all = (await readTeamLog(owner, '?limit=200')).events;
    expect(all.length).toBe(9);
    const walked = await walk(`/api/v1/teams/${team.handle}/audit`, owner, 2);
    expect(walked.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(new Set(walked.map((e) => e.id)).size).toBe(all.length);
    const times = walked.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await readTeamLog(owner, '?limit=200')).nextCursor).toBeNull();
  });

  it('a cursor that is not one of ours is 400', async () => {
    for (const cursor of ['garbage', Buffer.from('["yesterday","x"]').toString('base64url'), Buffer.from(`["2026-01-01 00:00:00+00'; drop table x;--","${randomUUID()}"]`).toString('base64url')]) {
      const res = await api().get(`/api/v1/teams/${team.handle}/audit?before=${cursor}`).set(bearer(owner.token)).expect(400);
      expect(res.body.error).toBe(GOVERNANCE_ERRORS.auditCursor);
    }
  });
});

describe('the administrators’ log', () => {
  it('holds every team’s rows and the instance’s own; filters by team', async () => {
    const instanceRow = await insertRow({ at: new Date().toISOString(), teamId: null, action: 'account.disabled', actor: instanceAdmin });
    const everything = await walk('/api/v1/admin/audit', instanceAdmin, 50);
    const teams = new Set(everything.map((e) => e.teamId));
    expect(teams).toEqual(new Set([team.id, otherTeam.id, null]));
    expect(everything.find((e) => e.id === instanceRow.id)).toMatchObject({ teamId: null, action: 'account.disabled' });

    const one = await api().get(`/api/v1/admin/audit?team=${otherTeam.id}`).set(bearer(instanceAdmin.token)).expect(200);
    expect(one.body.data.events.map((e: TAuditEvent) => e.action)).toEqual(['team.created']);
    const byKind = await api().get('/api/v1/admin/audit?kind=account').set(bearer(instanceAdmin.token)).expect(200);
    expect(byKind.body.data.events.map((e: TAuditEvent) => e.id)).toEqual([instanceRow.id]);
  });
});

describe('rows are append-only', () => {
  it('an UPDATE or a DELETE through the product’s connection throws', async () => {
    const refusal = (query: ReturnType<typeof sql>) =>
      server.ctx.db.execute(query).then(
        () => 'changed',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(sql`update audit_events set action = 'team.created'`)).toMatch(/cannot be changed or deleted/);
    expect(await refusal(sql`delete from audit_events`)).toMatch(/cannot be changed or deleted/);
    const { events } = await readTeamLog(owner, '?limit=200');
    expect(events.length).toBe(9);
  });
});
