import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wallClockIn, type TConversation } from '@agentroom/shared';
import { agents, emailOutbox } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, nextEvent, sendMessage, startConversation, type User } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { listRooms } from '../rooms/room-helpers';
import { addMember, createTeam } from '../teams/team-helpers';

/**
 * Per-conversation notify level, mute and close; status; do not disturb;
 * and what they decide for the unread-messages mail (the worker's pass runs as if at a given time).
 */
const MINUTE = 60_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
});

const api = () => server.api();
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const outboxTo = async (email: string) => server.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
const settings = (user: User, conversationId: string, body: unknown) =>
  api().patch(`/api/v1/chat/conversations/${conversationId}/settings`).set(auth(user)).send(body as object);
const conversationOf = async (user: User, id: string) =>
  (await api().get(`/api/v1/chat/conversations/${id}`).set(auth(user)).expect(200)).body.data.conversation as TConversation;
const sidebarOf = async (user: User) =>
  ((await api().get('/api/v1/chat/conversations').set(auth(user)).expect(200)).body.data.conversations as TConversation[]).map((c) => c.id);
const cardOf = async (viewer: User, of: User) => (await api().get(`/api/v1/agents/${of.username}`).set(auth(viewer)).expect(200)).body.data.agent;

/** The first whole minute at least `after` from which the wall clock in `timeZone` reads `clock` ('HH:mm'). */
function nextWallClock(timeZone: string, clock: string, after: Date): Date {
  const start = Math.ceil(after.getTime() / MINUTE) * MINUTE;
  for (let t = start; t < start + 48 * 60 * MINUTE; t += MINUTE) if (wallClockIn(timeZone, new Date(t)) === clock) return new Date(t);
  throw new Error(`no ${clock} in ${timeZone}`);
}

async function pair(names: [string, string]) {
  const [a, b] = await Promise.all([signUpVerified(server, names[0]), signUpVerified(server, names[1])]);
  const chat = await startConversation(server, a, b);
  return { a, b, chat };
}

describe('notify level and mute of a conversation', () => {
  it('round-trips the caller’s own level and mute, shown on the conversation to that caller only', async () => {
    const { a, b, chat } = await pair(['nina', 'omar']);
    expect(await conversationOf(a, chat.id)).toMatchObject({ notifyLevel: 'all', muted: false });
    const res = await settings(a, chat.id, { notifyLevel: 'mentions', muted: true }).expect(200);
    expect(res.body.data.settings).toEqual({ notifyLevel: 'mentions', muted: true, closedSeq: null });
    expect(await conversationOf(a, chat.id)).toMatchObject({ notifyLevel: 'mentions', muted: true });
    expect(await conversationOf(b, chat.id)).toMatchObject({ notifyLevel: 'all', muted: false });
    await settings(a, chat.id, { muted: false }).expect(200);
    expect(await conversationOf(a, chat.id)).toMatchObject({ notifyLevel: 'mentions', muted: false });
  });

  it('refuses bad values with a 400 and someone else’s conversation with a 404', async () => {
    const { a, chat } = await pair(['pia', 'quin']);
    const stranger = await signUpVerified(server, 'rex');
    for (const body of [{ notifyLevel: 'loud' }, { muted: 'yes' }, {}, { closed: false }, { notifyLevel: 'all', extra: 1 }, { notifyLevel: 'all\u0000' }]) {
      const res = await settings(a, chat.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    await settings(stranger, chat.id, { muted: true }).expect(404);
    await settings(stranger, 'not-a-uuid', { muted: true }).expect(404);
    await settings(stranger, '00000000-0000-4000-8000-000000000000', { muted: true }).expect(404);
    expect(await conversationOf(a, chat.id)).toMatchObject({ notifyLevel: 'all', muted: false });
  });
});

describe('the sidebar list', () => {
  it('lists a 1:1 only once it has a message; closing hides it until the next message', async () => {
    const { a, b, chat } = await pair(['sam', 'tia']);
    // Visiting a profile starts the conversation, but an empty one is no row.
    expect(await sidebarOf(a)).not.toContain(chat.id);
    await sendMessage(server, b, chat.id, 'hi');
    expect(await sidebarOf(a)).toContain(chat.id);

    const closed = await settings(a, chat.id, { closed: true }).expect(200);
    expect(closed.body.data.settings.closedSeq).toBe(1);
    expect(await sidebarOf(a)).not.toContain(chat.id);
    // Closing is the caller's own: the other side still lists it.
    expect(await sidebarOf(b)).toContain(chat.id);

    await sendMessage(server, b, chat.id, 'are you there?');
    expect(await sidebarOf(a)).toContain(chat.id);
  });

  it('keeps listing a room with no messages', async () => {
    const owner = await signUpVerified(server, 'uma');
    const team = await createTeam(server, owner, { name: 'Quiet' });
    const room = await api().post(`/api/v1/teams/${team.handle}/rooms`).set(auth(owner)).send({ name: 'empty-room', memberIds: [] }).expect(201);
    expect(await sidebarOf(owner)).toContain(room.body.data.room.id);
  });
});

describe('status', () => {
  it('shows a status on cards and in conversations until it expires, and tells team-mates live', async () => {
    const [vera, walt] = await Promise.all([signUpVerified(server, 'vera'), signUpVerified(server, 'walt')]);
    const team = await createTeam(server, vera, { name: 'Status Co' });
    await addMember(server, vera, team.handle, walt.username);
    const socket = await connectSocket(server.url, walt.token);
    const heard = nextEvent(socket, 'agent:updated', ({ agent }) => agent.id === vera.agentId && agent.status?.text === 'In a meeting');

    const expiresAt = later(60).toISOString();
    const res = await api().put('/api/v1/users/me/status').set(auth(vera)).send({ text: '  In a meeting ', expiresAt }).expect(200);
    expect(res.body.data.attention.status).toEqual({ text: 'In a meeting', expiresAt });
    expect((await heard).agent.status).toEqual({ text: 'In a meeting', expiresAt });
    expect((await cardOf(walt, vera)).status).toEqual({ text: 'In a meeting', expiresAt });
    const chat = await startConversation(server, walt, vera);
    expect(chat.otherAgent?.status?.text).toBe('In a meeting');

    // Once its time has passed it is shown nowhere.
    await server.ctx.db.update(agents).set({ statusExpiresAt: new Date(Date.now() - MINUTE) }).where(eq(agents.id, vera.agentId));
    expect((await cardOf(walt, vera)).status).toBeUndefined();
    expect((await conversationOf(walt, chat.id)).otherAgent?.status).toBeUndefined();
    expect((await api().get('/api/v1/users/me/attention').set(auth(vera)).expect(200)).body.data.attention.status).toBeNull();

    // '' clears it.
    await api().put('/api/v1/users/me/status').set(auth(vera)).send({ text: 'Back soon', expiresAt: null }).expect(200);
    expect((await cardOf(walt, vera)).status).toEqual({ text: 'Back soon', expiresAt: null });
    await api().put('/api/v1/users/me/status').set(auth(vera)).send({ text: '', expiresAt: null }).expect(200);
    expect((await cardOf(walt, vera)).status).toBeUndefined();
  });

  it('refuses a long, NUL-carrying or already expired status', async () => {
    const xia = await signUpVerified(server, 'xia');
    const put = (body: object) => api().put('/api/v1/users/me/status').set(auth(xia)).send(body);
    await put({ text: 'x'.repeat(101), expiresAt: null }).expect(400);
    await put({ text: 'a\u0000b', expiresAt: null }).expect(400);
    await put({ text: 'Lunch', expiresAt: new Date(Date.now() - MINUTE).toISOString() }).expect(400);
    await put({ text: 'Lunch', expiresAt: 'tomorrow' }).expect(400);
    await put({ text: 12 }).expect(400);
    await put({ text: 'x'.repeat(100), expiresAt: null }).expect(200);
  });
});

describe('do not disturb', () => {
  it('shows a badge to others while on, and refuses a bad schedule', async () => {
    const [yan, zed] = await Promise.all([signUpVerified(server, 'yan'), signUpVerified(server, 'zed')]);
    const team = await createTeam(server, yan, { name: 'Dnd Co' });
    await addMember(server, yan, team.handle, zed.username);
    expect((await cardOf(zed, yan)).doNotDisturb).toBeUndefined();
    const until = later(60).toISOString();
    const res = await api().put('/api/v1/users/me/dnd').set(auth(yan)).send({ until, schedule: null }).expect(200);
    expect(res.body.data.attention).toMatchObject({ dndUntil: until, dndSchedule: null, doNotDisturb: true });
    expect((await cardOf(zed, yan)).doNotDisturb).toBe(true);
    await api().put('/api/v1/users/me/dnd').set(auth(yan)).send({ until: null, schedule: null }).expect(200);
    expect((await cardOf(zed, yan)).doNotDisturb).toBeUndefined();

    const put = (body: object) => api().put('/api/v1/users/me/dnd').set(auth(yan)).send(body);
    await put({ until: null, schedule: { start: '25:00', end: '08:00', timeZone: 'UTC' } }).expect(400);
    await put({ until: null, schedule: { start: '22:00', end: '22:00', timeZone: 'UTC' } }).expect(400);
    await put({ until: null, schedule: { start: '22:00', end: '08:00', timeZone: 'Mars/Olympus' } }).expect(400);
    await put({ until: new Date(Date.now() - MINUTE).toISOString(), schedule: null }).expect(400);
    await put({ until: null }).expect(400);
  });
});

describe('what the unread-messages mail sends', () => {
  it("mails nothing for a conversation set to 'none'", async () => {
    const { a, b, chat } = await pair(['abe', 'bea']);
    await settings(a, chat.id, { notifyLevel: 'none' }).expect(200);
    await sendMessage(server, b, chat.id, 'quiet please');
    await server.unreadMailWorker.runOnce(later(60));
    expect(await outboxTo(a.email)).toEqual([]);
  });

  it("mails only messages that @mention the person at 'mentions', and when muted", async () => {
    for (const setting of [{ notifyLevel: 'mentions' }, { muted: true }]) {
      const { a, b, chat } = await pair(['cal', 'dee']);
      await settings(a, chat.id, setting).expect(200);
      await sendMessage(server, b, chat.id, 'just chatting');
      await server.unreadMailWorker.runOnce(later(60));
      expect(await outboxTo(a.email), JSON.stringify(setting)).toEqual([]);

      await sendMessage(server, b, chat.id, `@${a.username} look at this`);
      expect(await server.unreadMailWorker.runOnce(later(60))).toBeGreaterThan(0);
      const mail = await server.mail.nextMail(a.email);
      expect(mail.text).toContain(`— 1 unread message\n  Test dee: @${a.username} look at this\n`);
      expect(mail.text).not.toContain('just chatting');
    }
  });

  it('never mails a blocked person’s room messages; the others’ still go', async () => {
    const [a, b, c] = await Promise.all([signUpVerified(server, 'ivy'), signUpVerified(server, 'jon'), signUpVerified(server, 'kim')]);
    const team = await createTeam(server, a);
    await addMember(server, a, team.handle, b.username);
    await addMember(server, a, team.handle, c.username);
    const general = (await listRooms(server, a, team.handle)).find((room) => room.name === 'general')!;
    await api().put(`/api/v1/users/me/blocks/${b.agentId}`).set(auth(a)).expect(200);
    await sendMessage(server, b, general.id, 'from the blocked one');
    await sendMessage(server, c, general.id, 'from a colleague');
    expect(await server.unreadMailWorker.runOnce(later(60))).toBeGreaterThan(0);
    const mail = await server.mail.nextMail(a.email);
    expect(mail.text).toContain('from a colleague');
    expect(mail.text).not.toContain('from the blocked one');
  });

  it('mails nothing while do not disturb is on until a time, and mails after it ends', async () => {
    const { a, b, chat } = await pair(['eli', 'fay']);
    await api().put('/api/v1/users/me/dnd').set(auth(a)).send({ until: later(120).toISOString(), schedule: null }).expect(200);
    await sendMessage(server, b, chat.id, 'while you rest');
    expect(await server.unreadMailWorker.runOnce(later(60))).toBe(0);
    expect(await outboxTo(a.email)).toEqual([]);
    expect(await server.unreadMailWorker.runOnce(later(121))).toBeGreaterThan(0);
    expect((await server.mail.nextMail(a.email)).text).toContain('while you rest');
  });

  it('keeps a daily schedule spanning midnight in the person’s time zone', async () => {
    const { a, b, chat } = await pair(['gus', 'hal']);
    const timeZone = 'America/New_York';
    await api()
      .put('/api/v1/users/me/dnd')
      .set(auth(a))
      .send({ until: null, schedule: { start: '22:00', end: '07:00', timeZone } })
      .expect(200);
    await sendMessage(server, b, chat.id, 'night owl');
    const lateEvening = nextWallClock(timeZone, '23:30', later(16));
    const pastMidnight = nextWallClock(timeZone, '01:15', later(16));
    const atEnd = nextWallClock(timeZone, '07:00', later(16));
    expect(await server.unreadMailWorker.runOnce(lateEvening)).toBe(0);
    expect(await server.unreadMailWorker.runOnce(pastMidnight)).toBe(0);
    expect(await outboxTo(a.email)).toEqual([]);
    expect(await server.unreadMailWorker.runOnce(atEnd)).toBeGreaterThan(0);
    expect((await server.mail.nextMail(a.email)).text).toContain('night owl');
  });
});
