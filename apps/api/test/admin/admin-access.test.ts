import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, GOVERNANCE_ERRORS } from '@agentroom/shared';
import { API_ROUTES, fillPath, type ApiRoute } from '@agentroom/shared/contract';
import { auditEvents } from '../../src/db/schema';
import { registerThroughMail, type TestServer } from '../support/test-server';
import { createAiAgent, createTeam, signUpUnverified } from '../teams/team-helpers';
import { seatExternal } from '../external-agents/external-fixtures';
import { bearerOf, expectGenericNotFound, registerWithEmail, startAdminServer, type Person } from './admin-fixtures';

const ADMIN_ROUTES = API_ROUTES.filter((route) => route.auth === 'instance-admin');
// The audit log's handler belongs to the audit area; its own tests ask it as an administrator.
const OWN_ROUTES = ADMIN_ROUTES.filter((route) => route.name !== 'listAdminAuditEvents');
const SAMPLE = { agentId: '00000000-0000-4000-8000-000000000001', id: '00000000-0000-4000-8000-000000000002' };
const urlOf = (route: ApiRoute) => API_BASE_PATH + fillPath(route.path, SAMPLE);

describe('the admin area: who may reach it', () => {
  let server: TestServer;
  let first: Person;
  let envAdmin: Person;
  let person: Person;
  const callers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    ({ server, first, envAdmin } = await startAdminServer({ ADMIN_EMAILS: 'ops-admin@example.test,later-admin@example.test' }));
    person = await registerThroughMail(server, 'plain');
    const unverified = await signUpUnverified(server);
    const team = await createTeam(server, person);
    const external = await seatExternal(server, person, team.handle);
    // An administrator by ADMIN_EMAILS, disabled by the first one: their token no longer opens anything.
    const disabledAdmin = await registerWithEmail(server, 'later-admin@example.test', 'gone');
    await server.api().post(`/api/v1/admin/people/${disabledAdmin.agentId}/disable`).set(bearerOf(first)).send({}).expect(200);
    Object.assign(callers, {
      anonymous: {},
      'a bad token': { Authorization: 'Bearer not-a-token' },
      'an unverified person': bearerOf(unverified),
      'a verified person': bearerOf(person),
      "an external agent's token": bearerOf(external),
      'a disabled administrator': bearerOf(disabledAdmin),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('makes the first account administrator; ADMIN_EMAILS names more; anyone else is not', async () => {
    const me = async (who: Person) => (await server.api().get('/api/v1/auth/me').set(bearerOf(who)).expect(200)).body.data.user.isInstanceAdmin;
    expect({ first: await me(first), envAdmin: await me(envAdmin), person: await me(person) }).toEqual({ first: true, envAdmin: true, person: false });
    expect(first.user.isInstanceAdmin).toBe(true);
    expect(person.user.isInstanceAdmin).toBe(false);
  });

  it.each(ADMIN_ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s: 404 for everyone but an administrator', async (_name, route) => {
    for (const [who, headers] of Object.entries(callers)) {
      expectGenericNotFound(await server.api()[route.method](urlOf(route)).set(headers).send(route.method === 'get' ? undefined : { action: 'dismiss' }), who);
    }
  });

  it('answers both kinds of administrator on every read', async () => {
    for (const admin of [first, envAdmin]) {
      for (const route of OWN_ROUTES.filter((r) => r.method === 'get')) {
        const response = await server.api().get(urlOf(route)).set(bearerOf(admin));
        expect({ route: route.name, status: response.status }).toEqual({ route: route.name, status: 200 });
      }
    }
  });

  it('refuses to disable oneself, an unknown id, an AI agent, a malformed id; disabling twice changes nothing', async () => {
    const disable = (agentId: string, by: Person = first) => server.api().post(`/api/v1/admin/people/${agentId}/disable`).set(bearerOf(by)).send({});
    const self = await disable(first.agentId).expect(400);
    expect(self.body.error).toBe(GOVERNANCE_ERRORS.notYourself);
    expect((await disable(SAMPLE.agentId).expect(404)).body.error).toBe(GOVERNANCE_ERRORS.personNotFound);
    const team = await createTeam(server, envAdmin);
    const ai = await createAiAgent(server, envAdmin, team.handle);
    expect((await disable(ai.id).expect(404)).body.error).toBe(GOVERNANCE_ERRORS.personNotFound);
    await disable('not-a-uuid').expect(400);
    await server.api().post(`/api/v1/admin/people/${person.agentId}/disable`).set(bearerOf(first)).send({ extra: 1 }).expect(400);

    const target = await registerThroughMail(server, 'twice');
    const once = await disable(target.agentId, envAdmin).expect(200);
    const twice = await disable(target.agentId, envAdmin).expect(200);
    expect(twice.body.data.person.disabledAt).toBe(once.body.data.person.disabledAt);
    const enabled = await server.api().post(`/api/v1/admin/people/${target.agentId}/enable`).set(bearerOf(envAdmin)).expect(200);
    expect(enabled.body.data.person.disabledAt).toBeNull();
    await server.api().post(`/api/v1/admin/people/${target.agentId}/enable`).set(bearerOf(envAdmin)).expect(200);
    const rows = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.targetId, target.agentId));
    expect(rows.map((row) => [row.action, row.actorAgentId, row.teamId, row.targetKind])).toEqual([
      ['account.disabled', envAdmin.agentId, null, 'account'],
      ['account.enabled', envAdmin.agentId, null, 'account'],
    ]);
  });
});
