import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { startMailCapture } from '@agentroom/testkit';
import { freePort } from './ports';
import { startApiServer } from './server-process';

/** The demo seed's people (SEED_DEMO=true): the signed-in user of the phone benches and a colleague. */
const DEMO = { username: 'demo', password: 'Agentroom1' };
const COLLEAGUE = { username: 'maya', password: 'Agentroom1' };
const CHAT_MESSAGES = 300;

/** AUTH_TOKEN_STORAGE_KEY of @agentroom/shared (the bench does not depend on that package). */
export const AUTH_TOKEN_STORAGE_KEY = 'agentroom_auth_token';
/** The seeded chat's page, under the API's URL. */
export const CHAT_PATH = `/t/demo/p/${COLLEAGUE.username}`;
/** The seeded room (the demo team's #general: demo and maya, no AI agent to answer) and its page. */
const ROOM = 'general';
export const ROOM_PATH = `/t/demo/r/${ROOM}`;

async function api<T>(base: string, method: 'GET' | 'POST', route: string, body?: unknown, token?: string): Promise<T> {
  const res = await request(`${base}/api/v1${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.body.json()) as { success: boolean; data: T; error?: string };
  if (res.statusCode >= 400) throw new Error(`${method} ${route} → ${res.statusCode}: ${json.error ?? ''}`);
  return json.data;
}

const login = async (base: string, who: { username: string; password: string }) =>
  (await api<{ token: string }>(base, 'POST', '/auth/login', { identifier: who.username, password: who.password })).token;

const TEXTS = [
  'Morning! Did you see the launch checklist?',
  'Yes: **three** items left. The copy, the screenshots and the `pricing` table.',
  'Here is the plan:\n\n- finish the copy\n- retake the screenshots\n- check the [pricing page](https://example.com/pricing)',
  'Sounds good. I will take the screenshots after lunch, then send them over for a quick review before we publish.',
];

/** `CHAT_MESSAGES` messages into one conversation, demo and maya in turn, one in two with Markdown. */
async function fill(base: string, conversationId: string, tokens: [string, string], tag: string): Promise<void> {
  for (let i = 0; i < CHAT_MESSAGES; i += 1) {
    await api(
      base,
      'POST',
      `/chat/conversations/${conversationId}/messages`,
      { content: `${TEXTS[i % TEXTS.length]} (${i + 1})`, clientMessageId: `lh-${tag}-${i}` },
      tokens[i % 2],
    );
  }
}

/**
 * The demo seed's team, a chat between demo and maya and the #general room, 300 messages each
 * (written side by side: two conversations, each in order); returns demo's token.
 */
async function seedChat(base: string): Promise<string> {
  const demo = await login(base, DEMO);
  const maya = await login(base, COLLEAGUE);
  const open = await api<{ conversation: { id: string } }>(base, 'POST', '/chat/open', { username: COLLEAGUE.username, teamHandle: 'demo' }, demo);
  const room = await api<{ room: { id: string } }>(base, 'GET', `/teams/demo/rooms/${ROOM}`, undefined, demo);
  await Promise.all([fill(base, open.conversation.id, [demo, maya], 'chat'), fill(base, room.room.id, [demo, maya], 'room')]);
  return demo;
}

/**
 * The built API with the demo seed, the chat and the room of 300 messages each, serving `webDist` (another build of
 * apps/web) or its own: the phone benches' server. `stop` ends it and removes its data.
 */
export async function startSeededApp(webDist: string | undefined): Promise<{ url: string; token: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agentroom-phone-'));
  const mail = await startMailCapture();
  const server = await startApiServer({
    port: await freePort(),
    dataDir,
    jwtSecret: 'phone-bench-secret-that-is-long-enough-0123456789',
    smtpUrl: mail.url,
    logFile: path.join(dataDir, 'api.log'),
    env: { SEED_DEMO: 'true', ...(webDist ? { WEB_DIST_DIR: path.resolve(webDist) } : {}) },
  });
  const stop = async () => {
    await server.stop();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { url: server.url, token: await seedChat(server.url), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
