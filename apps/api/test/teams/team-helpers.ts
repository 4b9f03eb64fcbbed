import { expect } from 'vitest';
import type { TTeam, TTeamAgent } from '@agentroom/shared';
import { signUpVerified, startTestServer, uniqueUser, type TestServer } from '../support/test-server';

export type TestUser = Awaited<ReturnType<typeof signUpVerified>>;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A server of its own for a test file, and a verified person signed up on it for each of `names`, in that order. */
export async function startServerWithUsers<const N extends readonly string[]>(...names: N): Promise<{ server: TestServer; users: { [K in keyof N]: TestUser } }> {
  const server = await startTestServer();
  const users = await Promise.all(names.map((name) => signUpVerified(server, name)));
  return { server, users: users as { [K in keyof N]: TestUser } };
}

let teamCounter = 0;
/** A handle no other test in this database uses. */
export function uniqueHandle(prefix = 'team'): string {
  teamCounter += 1;
  return `${prefix}-${teamCounter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Creates a team as `owner` through the API and returns it. */
export async function createTeam(server: TestServer, owner: TestUser, fields: Record<string, unknown> = {}): Promise<TTeam> {
  const res = await server
    .api()
    .post('/api/v1/teams')
    .set(bearer(owner.token))
    .send({ name: 'Test Team', handle: uniqueHandle(), ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.team as TTeam;
}

export async function addMember(server: TestServer, manager: TestUser, handle: string, username: string): Promise<TTeamAgent> {
  const res = await server.api().post(`/api/v1/teams/${handle}/members`).set(bearer(manager.token)).send({ username });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.agent as TTeamAgent;
}

export async function createAiAgent(
  server: TestServer,
  manager: TestUser,
  handle: string,
  fields: Record<string, unknown> = {},
): Promise<TTeamAgent> {
  const res = await server
    .api()
    .post(`/api/v1/teams/${handle}/agents`)
    .set(bearer(manager.token))
    .send({ firstName: 'Robo', ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.agent as TTeamAgent;
}

/** Registered and signed in, but the verification link never followed. */
export async function signUpUnverified(server: TestServer, prefix = 'unverified') {
  const input = uniqueUser(prefix);
  await server.api().post('/api/v1/auth/register').send(input).expect(201);
  const login = await server.api().post('/api/v1/auth/login').send({ username: input.username, password: input.password }).expect(200);
  return { ...input, token: login.body.data.token as string };
}
