import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { tokenFromMail, type MailCapture } from '@agentroom/testkit';

export const BENCH_PASSWORD = 'BenchPassw0rd';

export interface BenchUser {
  username: string;
  agentId: string;
  token: string;
}

/** One JSON call in the API envelope; throws with the server's message on failure. */
export async function api<T>(baseUrl: string, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const res = await request(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.body.json()) as { success: boolean; data: T; error?: string };
  if (res.statusCode >= 400 || !json.success) throw new Error(`${method} ${path} → ${res.statusCode}: ${json.error ?? 'no error text'}`);
  return json.data;
}

/** Registers, follows the emailed verification link and signs in, as a person would. */
async function signUpVerified(baseUrl: string, mail: MailCapture, prefix: string): Promise<BenchUser> {
  const username = `${prefix}${randomBytes(5).toString('hex')}`;
  const email = `${username}@bench.test`;
  const reg = await api<{ user: { agentId: string } }>(baseUrl, 'POST', '/auth/register', {
    username,
    email,
    password: BENCH_PASSWORD,
    firstName: 'Bench',
    lastName: prefix,
  });
  const token = tokenFromMail(await mail.nextMail(email, 30_000), '/auth/verify-email');
  await api(baseUrl, 'POST', '/auth/email/verify-email', { token });
  const login = await api<{ token: string }>(baseUrl, 'POST', '/auth/login', { identifier: username, password: BENCH_PASSWORD });
  return { username, agentId: reg.user.agentId, token: login.token };
}

/** `count` verified users, a few at a time (each costs two argon2 hashes). */
export async function createUsers(baseUrl: string, mail: MailCapture, prefix: string, count: number, parallel = 4): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      users.push(await signUpVerified(baseUrl, mail, prefix));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
  return users;
}

/**
 * The reach rule (decision 0022): two people talk only while they share a team. `from` makes one
 * for the pair and adds `to`, as people would (two team writes: far under the per-client limit).
 */
async function shareTeam(baseUrl: string, from: BenchUser, to: BenchUser): Promise<void> {
  const handle = `bench-${randomBytes(5).toString('hex')}`;
  await api(baseUrl, 'POST', '/teams', { name: `Bench ${handle}`, handle }, from.token);
  await api(baseUrl, 'POST', `/teams/${handle}/members`, { username: to.username }, from.token);
}

export async function startConversation(baseUrl: string, from: BenchUser, to: BenchUser): Promise<string> {
  await shareTeam(baseUrl, from, to);
  const data = await api<{ conversation: { id: string } }>(
    baseUrl,
    'POST',
    `/chat/conversations/${to.agentId}/start`,
    { conversationType: 'personal', isTeamScoped: false },
    from.token,
  );
  return data.conversation.id;
}

