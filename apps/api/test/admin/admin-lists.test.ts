import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminPerson, TAdminTeam } from '@agentroom/shared';
import { sendMessage } from '../chat/chat-fixtures';
import { signUpVerified, type TestServer } from '../support/test-server';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';
import { bearerOf, ENV_ADMIN_EMAIL, startAdminServer, type Person } from './admin-fixtures';

const LLM_KEY = 'sk-secret-llm-key-4f1b2c';
const OIDC_SECRET = 'oidc-client-secret-9a8b7c';
const JWT = 'jwt-secret-for-the-admin-settings-test-0123456789';

describe('people, teams, settings and health in the admin area', () => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    ({ server, first: admin } = await startAdminServer({
      LLM_BASE_URL: 'http://llm-user:llm-pass@llm.example.test:8080/v1?key=in-the-query',
      LLM_API_KEY: LLM_KEY,
      LLM_MODEL: 'house-model',
      JWT_SECRET: JWT,
      OIDC_PROVIDERS: JSON.stringify([{ id: 'corp', name: 'Corp SSO', issuer: 'https://sso.example.test', clientId: 'agentroom', clientSecret: OIDC_SECRET }]),
    }));
  });
  afterAll(async () => {
    await server.stop();
  });

  const get = (path: string) => server.api().get(`/api/v1/admin/${path}`).set(bearerOf(admin)).expect(200);

  it('searches people by name, username or email (a literal _ or %), filters the disabled, pages by 50', async () => {
    const prefix = `pg${Date.now().toString(36)}`;
    const many = [];
    for (let i = 0; i < 52; i += 1) many.push(await signUpVerified(server, prefix));
    const page1 = (await get(`people?q=${prefix}`)).body.data;
    const page2 = (await get(`people?q=${prefix}&page=2`)).body.data;
    expect({ total: page1.total, pageSize: page1.pageSize, first: page1.people.length, second: page2.people.length }).toEqual({ total: 52, pageSize: 50, first: 50, second: 2 });
    const seen = [...page1.people, ...page2.people].map((p: TAdminPerson) => p.agentId);
    expect(new Set(seen)).toEqual(new Set(many.map((m) => m.agentId)));
    // Newest first.
    expect(page1.people[0].agentId).toBe(many.at(-1)!.agentId);

    const byEmail = (await get(`people?q=${encodeURIComponent(ENV_ADMIN_EMAIL.toUpperCase())}`)).body.data.people as TAdminPerson[];
    expect(byEmail.map((p) => [p.email, p.isInstanceAdmin])).toEqual([[ENV_ADMIN_EMAIL, true]]);
    const byName = (await get(`people?q=${encodeURIComponent(`Test ${prefix}`)}`)).body.data.total;
    expect(byName).toBe(52);
    // `_` and `%` are letters here, not wildcards: no username has `x_y` or `%`.
    expect((await get(`people?q=${encodeURIComponent(`${prefix}_`)}`)).body.data.total).toBe(0);
    expect((await get('people?q=%25')).body.data.total).toBe(0);

    const [gone] = many;
    await server.api().post(`/api/v1/admin/people/${gone!.agentId}/disable`).set(bearerOf(admin)).send({}).expect(200);
    const disabled = (await get(`people?q=${prefix}&disabled=true`)).body.data.people as TAdminPerson[];
    expect(disabled.map((p) => p.agentId)).toEqual([gone!.agentId]);
    expect((await get(`people?q=${prefix}&disabled=false`)).body.data.total).toBe(51);
    const me = (await get(`people?q=${admin.username}`)).body.data.people[0] as TAdminPerson;
    expect(me).toMatchObject({ agentId: admin.agentId, isInstanceAdmin: true, isVerified: true, disabledAt: null, lastSeenAt: expect.any(String) });
  });

  it('lists teams with size, activity and owners, deleted ones too, searchable by name or handle', async () => {
    const [owner, member] = [await signUpVerified(server, 'own'), await signUpVerified(server, 'mem')];
    const handle = `adm${Date.now().toString(36)}`;
    const team = await createTeam(server, owner, { name: 'Searchable Crew', handle });
    await addMember(server, owner, handle, member.username);
    await createAiAgent(server, owner, handle);
    const rooms = (await server.api().get(`/api/v1/teams/${handle}/rooms`).set(bearerOf(owner)).expect(200)).body.data.rooms as { id: string }[];
    await sendMessage(server, owner, rooms[0]!.id, 'hello crew');
    await sendMessage(server, member, rooms[0]!.id, 'hi');

    const byName = (await get('teams?q=searchable%20CREW')).body.data.teams as TAdminTeam[];
    expect(byName.map((t) => t.id)).toEqual([team.id]);
    expect(byName[0]).toMatchObject({
      handle,
      memberCount: 2,
      aiAgentCount: 1,
      roomCount: rooms.length,
      messagesLastWeek: 2,
      lastActivityAt: expect.any(String),
      owners: [{ agentId: owner.agentId, username: owner.username, name: `Test own` }],
      retentionDays: null,
      deletedAt: null,
    });
    await server.api().delete(`/api/v1/teams/${handle}`).set(bearerOf(owner)).send({ confirm: handle });
    const deleted = (await get(`teams?q=${handle}`)).body.data.teams as TAdminTeam[];
    expect(deleted.map((t) => [t.id, typeof t.deletedAt])).toEqual([[team.id, 'string']]);
    const all = (await get('teams')).body.data;
    expect(all).toMatchObject({ page: 1, pageSize: 50 });
    expect(all.total).toBeGreaterThanOrEqual(1);
  });

  it('shows the settings in use and no secret', async () => {
    const response = await get('settings');
    const settings = response.body.data;
    expect(settings).toMatchObject({
      providerConfigured: true,
      providerBaseUrl: 'http://llm.example.test:8080/v1',
      ssoProviders: [{ id: 'corp', name: 'Corp SSO' }],
      passwordSignIn: true,
      retentionIntervalMinutes: 60,
      exportTtlHours: 168,
    });
    expect(settings.adminEmails).toContain(ENV_ADMIN_EMAIL);
    expect(settings.models).toContainEqual({ id: 'house-model', label: 'house-model', isDefault: true });
    const text = JSON.stringify(response.body);
    const vapidPrivate = server.ctx.config.push.vapid?.privateKey;
    for (const secret of [LLM_KEY, OIDC_SECRET, JWT, 'llm-pass', 'in-the-query', ...(vapidPrivate ? [vapidPrivate] : [])]) expect(text).not.toContain(secret);
  });

  it('shows the mail outbox, reply jobs and exports by state', async () => {
    const health = (await get('health')).body.data;
    // Every sign-up of these tests sent a verification mail through the outbox.
    expect(health.mail.sentLastDay).toBeGreaterThanOrEqual(2);
    expect(health.mail).toMatchObject({ failed: 0, lastError: null });
    expect(health.replies).toMatchObject({ failedLastDay: expect.any(Number), byStatus: expect.any(Object) });
    expect(health.exports).toEqual({ queued: 0, running: 0, failedLastDay: 0 });
  });
});
