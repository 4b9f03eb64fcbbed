import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@agentroom/shared';
import { API_ROUTES, fillPath, pathParamsOf, type ApiRoute, type RouteAuth } from '@agentroom/shared/contract';
import { startTestServer, type TestServer } from '../support/test-server';
import { bearer, signUpUnverified } from '../teams/team-helpers';

/** What a row's `auth` promises, as the two answers a client can see. */
const NEEDS_A_TOKEN: Record<RouteAuth, boolean> = {
  public: false,
  'signed-in': true,
  verified: true,
  'expired-token': true,
  'download-token': true,
  'agent-token': true,
  // Answers as if it did not exist instead (HIDDEN below).
  'instance-admin': false,
};
const NEEDS_A_VERIFIED_EMAIL: Record<RouteAuth, boolean> = {
  public: false,
  'signed-in': false,
  verified: true,
  'expired-token': false,
  'download-token': true,
  // A person's token of any kind is refused there (403 FORBIDDEN, not EMAIL_NOT_VERIFIED).
  'agent-token': false,
  'instance-admin': false,
};
/** Rows that answer 404 NOT_FOUND to everyone they refuse, so they are not even confirmed (the admin area). */
const HIDDEN: Record<RouteAuth, boolean> = {
  public: false,
  'signed-in': false,
  verified: false,
  'expired-token': false,
  'download-token': false,
  'agent-token': false,
  'instance-admin': true,
};

/** A value for each path parameter: well-formed, naming nothing that exists. */
const SAMPLE_PARAMS: Record<string, string> = {
  handle: 'no-such-team',
  room: 'no-such-room',
  agent: 'nobody',
  agentId: '00000000-0000-4000-8000-000000000001',
  id: '00000000-0000-4000-8000-000000000002',
  streamId: '00000000-0000-4000-8000-000000000003',
  token: 'no-such-invitation-token',
  emoji: '👍',
  seed: 'seed',
  provider: 'no-such-provider',
};

const urlOf = (route: ApiRoute) => {
  const unknown = pathParamsOf(route.path).filter((name) => !(name in SAMPLE_PARAMS));
  if (unknown.length) throw new Error(`No sample value for ${unknown.join(', ')} in ${route.path}`);
  return API_BASE_PATH + fillPath(route.path, SAMPLE_PARAMS);
};

// Refreshing replaces the session the other calls use and signing out ends it: they go last, in that order.
const LAST = ['refreshSession', 'logout'];
const rows = [...API_ROUTES].sort((a, b) => LAST.indexOf(a.name) - LAST.indexOf(b.name));

describe('every route enforces the auth its row declares', () => {
  let server: TestServer;
  let unverifiedToken: string;
  beforeAll(async () => {
    server = await startTestServer();
    unverifiedToken = (await signUpUnverified(server)).token;
  });
  afterAll(async () => {
    await server.stop();
  });

  const send = (route: ApiRoute, headers: Record<string, string> = {}) => server.api()[route.method](urlOf(route)).set(headers);

  it.each(rows.map((route) => [`${route.method.toUpperCase()} ${route.path} (${route.auth})`, route] as const))('%s', async (_name, route) => {
    const anonymous = await send(route);
    if (HIDDEN[route.auth]) {
      const unverified = await send(route, bearer(unverifiedToken));
      for (const [who, answer] of [['without a token', anonymous], ['an unverified user', unverified]] as const)
        expect(`${who}: ${answer.status} ${answer.body?.code ?? ''}`).toBe(`${who}: 404 NOT_FOUND`);
      return;
    }
    expect(anonymous.status === 401, `without a token: ${anonymous.status} ${anonymous.body?.code ?? ''}`).toBe(NEEDS_A_TOKEN[route.auth]);

    const unverified = await send(route, bearer(unverifiedToken));
    expect(unverified.status, 'an unverified user is signed in').not.toBe(401);
    const refusedAsUnverified = unverified.status === 403 && unverified.body.code === 'EMAIL_NOT_VERIFIED';
    expect(refusedAsUnverified, `an unverified user: ${unverified.status} ${unverified.body?.code ?? ''}`).toBe(NEEDS_A_VERIFIED_EMAIL[route.auth]);
  });
});
