import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { VALIDATION } from '@agentroom/shared';
import { rowCounts, withNul } from '../support/row-counts';
import { startTestServer, uniqueUser, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const countAgents = async () => {
  const rows = await server.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from agents`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

const endpoints = [
  '/auth/register',
  '/auth/login',
  '/auth/email/verify-email',
  '/auth/email/send-reset',
  '/auth/email/reset-password',
  '/auth/email/send-magic-link',
  '/auth/email/verify-magic-link',
];

describe('bad input never reaches a 500 and writes nothing', () => {
  it.each(endpoints)('%s: missing fields, wrong types, malformed JSON, huge body', async (path) => {
    const before = await countAgents();
    const url = `/api/v1${path}`;
    const cases = [
      server.api().post(url).send({}),
      server.api().post(url).send({ username: 42, email: ['x'], password: { a: 1 }, token: 7, newPassword: null }),
      server.api().post(url).set('Content-Type', 'application/json').send('{"username": '),
      server.api().post(url).send({ username: 'x'.repeat(200_000) }),
      server.api().post(url).send('[1,2,3]').set('Content-Type', 'application/json'),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status, `${path} ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.error).toBe('string');
      expect(typeof res.body.code).toBe('string');
    }
    expect(await countAgents()).toBe(before);
  });

  it('an unknown token is a 400 envelope, not a crash', async () => {
    for (const path of ['/auth/email/verify-email', '/auth/email/verify-magic-link']) {
      const res = await server.api().post(`/api/v1${path}`).send({ token: 'not-a-real-token' }).expect(400);
      expect(res.body.code).toBe('TOKEN_INVALID');
    }
  });

  it('forged, malformed and wrong-algorithm bearer tokens are 401', async () => {
    const forged = jwt.sign({ sub: 'x' }, 'another-secret-that-is-long-enough-000000', { jwtid: 'y', issuer: 'agentroom' });
    const none = jwt.sign({ sub: 'x' }, '', { algorithm: 'none', jwtid: 'y', issuer: 'agentroom' });
    const nonUuid = jwt.sign({ sub: 'abc' }, 'test-secret-that-is-at-least-32-characters-long', {
      jwtid: 'not-a-uuid',
      issuer: 'agentroom',
    });
    for (const token of ['garbage', forged, none, nonUuid]) {
      const res = await server.api().get('/api/v1/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
    await server.api().get('/api/v1/auth/me').expect(401);
  });

  it('unknown API paths answer 404 in the envelope', async () => {
    const res = await server.api().get('/api/v1/nope').expect(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('two racing registrations of one username create one account', async () => {
    const input = uniqueUser('race');
    const results = await Promise.all([
      server.api().post('/api/v1/auth/register').send(input),
      server.api().post('/api/v1/auth/register').send({ ...input, email: `other-${input.email}` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

/** Every string field of every auth endpoint, each with a NUL character inside an otherwise valid body. */
const nulCases: { path: string; body: Record<string, unknown>; fields: string[] }[] = [
  {
    path: '/auth/register',
    body: { firstName: 'Ada', lastName: 'Lovelace', username: 'nul_ada', email: 'nul-ada@example.test', password: 'Passw0rdOk' },
    fields: ['firstName', 'lastName', 'username', 'email', 'password'],
  },
  { path: '/auth/login', body: { username: 'nul_ada', password: 'Passw0rdOk' }, fields: ['username', 'password'] },
  { path: '/auth/login', body: { email: 'nul-ada@example.test', password: 'Passw0rdOk' }, fields: ['email'] },
  { path: '/auth/login', body: { identifier: 'nul_ada', password: 'Passw0rdOk' }, fields: ['identifier'] },
  { path: '/auth/email/verify-email', body: { token: 'abcdefabcdef' }, fields: ['token'] },
  { path: '/auth/email/send-reset', body: { email: 'nul-ada@example.test' }, fields: ['email'] },
  { path: '/auth/email/reset-password', body: { token: 'abcdefabcdef', newPassword: 'Passw0rdOk2' }, fields: ['token', 'newPassword'] },
  { path: '/auth/email/send-magic-link', body: { email: 'nul-ada@example.test' }, fields: ['email'] },
  { path: '/auth/email/verify-magic-link', body: { token: 'abcdefabcdef' }, fields: ['token'] },
];
const nulTable = nulCases.flatMap(({ path, body, fields }) => fields.map((field) => ({ path, field, body: withNul(body, field) })));

describe('a NUL character in any auth field is a 400, never a 500, and writes nothing', () => {
  it.each(nulTable)('$path $field', async ({ path, field, body }) => {
    const before = await rowCounts(server);
    const res = await server.api().post(`/api/v1${path}`).send(body);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: VALIDATION.noNulCharacters });
    expect(res.body.details?.[field]).toBe(VALIDATION.noNulCharacters);
    expect(await rowCounts(server)).toEqual(before);
  });
});
