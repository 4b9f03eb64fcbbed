import { GENERIC_ERRORS } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { registerThroughMail, startTestServer, uniqueUser, type TestServer } from '../support/test-server';

/** The address ADMIN_EMAILS names in these tests (config lower-cases it; registration does too). */
export const ENV_ADMIN_EMAIL = 'ops-admin@example.test';

export type Person = Awaited<ReturnType<typeof registerThroughMail>>;

/** The real sign-up (register, verification mail, login) with a chosen email. */
export async function registerWithEmail(server: TestServer, email: string, prefix = 'person'): Promise<Person> {
  const input = { ...uniqueUser(prefix), email };
  const reg = await server.api().post('/api/v1/auth/register').send(input).expect(201);
  const mail = await server.mail.nextMail(input.email);
  await server.api().post('/api/v1/auth/email/verify-email').send({ token: tokenFromMail(mail, '/auth/verify-email') }).expect(200);
  const login = await server.api().post('/api/v1/auth/login').send({ username: input.username, password: input.password }).expect(200);
  return { ...input, token: login.body.data.token as string, user: login.body.data.user, agentId: reg.body.data.user.agentId as string };
}

/**
 * A fresh instance whose first account signed up through the real flow (so it administers the
 * instance), and a second administrator named by ADMIN_EMAILS. `env` adds settings.
 */
export async function startAdminServer(env: Record<string, string> = {}) {
  const server = await startTestServer({ ADMIN_EMAILS: `Someone@Example.test, ${ENV_ADMIN_EMAIL.toUpperCase()}`, ...env });
  const first = await registerThroughMail(server, 'first');
  const envAdmin = await registerWithEmail(server, ENV_ADMIN_EMAIL, 'envadmin');
  return { server, first, envAdmin };
}

export const bearerOf = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });

/** The answer of a path that does not exist: the admin area is not even confirmed. */
export function expectGenericNotFound(response: Response, who: string) {
  expect({ who, status: response.status, code: response.body?.code, error: response.body?.error }).toEqual({
    who,
    status: 404,
    code: 'NOT_FOUND',
    error: GENERIC_ERRORS.notFound,
  });
}

/** A link's token from the newest mail to `email` (the mail capture keeps them in order). */
export async function linkTokenFrom(server: TestServer, email: string, path: string) {
  return tokenFromMail(await server.mail.nextMail(email), path);
}
