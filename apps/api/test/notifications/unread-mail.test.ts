import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, NOTIFICATION_MESSAGES, type TChatMessage } from '@agentroom/shared';
import { tokenFromMail, type CapturedMail } from '@agentroom/testkit';
import { accounts, emailOutbox } from '../../src/db/schema';
import { auth, sendMessage, startConversation, type User } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { createTestDatabase } from '../support/test-database';
import { addMember, createTeam } from '../teams/team-helpers';

/**
 * The unread-messages email (a digest of what a person left unread past their chosen delay). The
 * worker's pass takes the time it acts at, so these tests run it as if 14 or 16 minutes had passed
 * instead of waiting (the poll loop itself stays at its 30 s default and a minute at 60 s, so it
 * never fires for these fresh messages on its own). The last block shortens the minute
 * (UNREAD_MAIL_MINUTE_MS) and lets the real poll loop send a mail.
 */
const MINUTE = 60_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
/** Mail to `email` the outbox holds (queued or sent). */
const outboxTo = async (email: string) => server.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
const settingsOf = (user: User) => server.api().get('/api/v1/users/me/notifications').set(auth(user));
const setDelay = (user: User, minutes: number | null) =>
  server.api().patch('/api/v1/users/me/notifications').set(auth(user)).send({ unreadEmailDelayMinutes: minutes });
const unsubscribe = (token: string) => server.api().post('/api/v1/notifications/unsubscribe').send({ token });
const markRead = (user: User, message: TChatMessage) =>
  server.api().put(`/api/v1/chat/conversations/${message.conversationId}/read`).set(auth(user)).send({ lastReadMessageId: message.id }).expect(200);

/** A pass at `at` that mails someone, then that mail as it arrived over SMTP. */
async function mailAt(at: Date, to: User): Promise<CapturedMail> {
  expect(await server.unreadMailWorker.runOnce(at)).toBeGreaterThan(0);
  return server.mail.nextMail(to.email);
}

describe('the unread-messages email', () => {
  it('names a room by its name and team, and links to the room', async () => {
    const [kim, ned] = await Promise.all([signUpVerified(server, 'kim'), signUpVerified(server, 'ned')]);
    const team = await createTeam(server, ned, { name: 'Harbor' });
    await addMember(server, ned, team.handle, kim.username);
    const room = await server.api().post(`/api/v1/teams/${team.handle}/rooms`).set(auth(ned)).send({ name: 'dock-talk', memberIds: [kim.agentId] }).expect(201);
    await sendMessage(server, ned, room.body.data.room.id, 'Ships at noon');
    const mail = await mailAt(later(16), kim);
    expect(mail.subject).toBe('New messages from #dock-talk (Harbor) on Agentroom');
    expect(mail.text).toContain(`#dock-talk (Harbor) — 1 unread message\n  Test ned: Ships at noon\nOpen the conversation: http://agentroom.test/t/${team.handle}/r/dock-talk`);
  });

  it('lists, after the delay and not before, each conversation with unread messages, its latest lines and a link', async () => {
    const [ada, maya, leo] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'maya'), signUpVerified(server, 'leo')]);
    const team = await createTeam(server, leo, { name: 'Night Shift' });
    await addMember(server, leo, team.handle, ada.username);
    const withMaya = await startConversation(server, maya, ada);
    const withLeo = await startConversation(server, leo, ada, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle });
    // Writing counts as reading what came before, so Ada's own line comes first here.
    await sendMessage(server, ada, withMaya.id, 'my own words');
    await sendMessage(server, maya, withMaya.id, 'Hello **Ada**');
    await sendMessage(server, maya, withMaya.id, 'Is `LLM_BASE_URL` set?');
    await sendMessage(server, leo, withLeo.id, '2*3*4 = 24, and snake_case stays');

    expect(await server.unreadMailWorker.runOnce(later(14))).toBe(0);
    expect(await outboxTo(ada.email)).toEqual([]);

    const mail = await mailAt(later(16), ada);
    expect(mail.subject).toBe('New messages in 2 conversations on Agentroom');
    expect(mail.text).toContain(`Hi Test,`);
    expect(mail.text).toContain(`Test maya — 2 unread messages\n  Test maya: Hello Ada\n  Test maya: Is LLM_BASE_URL set?\nOpen the conversation: http://agentroom.test/p/@${maya.username}`);
    expect(mail.text).toContain(
      `Test leo (Night Shift) — 1 unread message\n  Test leo: 2*3*4 = 24, and snake_case stays\nOpen the conversation: http://agentroom.test/t/${team.handle}/p/@${leo.username}`,
    );
    expect(mail.text).not.toContain('my own words');
    expect(mail.text).toContain('messages waited unread for 15 minutes');
    expect(mail.html).toContain(`href="http://agentroom.test/p/@${maya.username}"`);
    expect(mail.html).not.toContain('<strong>Ada</strong>');

    // RFC 8058 one-click unsubscribe, pointing at the API; the same token as the link in the text.
    const token = tokenFromMail(mail, '/notifications/unsubscribe');
    expect(mail.headers['list-unsubscribe']).toBe(`<http://agentroom.test/api/v1/notifications/unsubscribe?token=${token}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Never twice for the same messages.
    expect(await server.unreadMailWorker.runOnce(later(120))).toBe(0);
    expect(await outboxTo(ada.email)).toHaveLength(1);

    // A later message makes a new mail after its own delay, with only what is new.
    const next = await sendMessage(server, maya, withMaya.id, 'one more thing');
    expect(await server.unreadMailWorker.runOnce(new Date(Date.parse(next.timestamp) + 14 * MINUTE))).toBe(0);
    const second = await mailAt(new Date(Date.parse(next.timestamp) + 16 * MINUTE), ada);
    expect(second.subject).toBe(`New messages from Test maya on Agentroom`);
    expect(second.text).toContain('Test maya — 1 unread message\n  Test maya: one more thing\n');
    expect(second.text).not.toContain('Hello Ada');
    expect(second.text).not.toContain('Night Shift');
    expect(await outboxTo(ada.email)).toHaveLength(2);
  });

  it('sends nothing for messages read before the delay', async () => {
    const [bob, maya] = await Promise.all([signUpVerified(server, 'bob'), signUpVerified(server, 'maya')]);
    const chat = await startConversation(server, maya, bob);
    await sendMessage(server, maya, chat.id, 'first');
    const read = await sendMessage(server, maya, chat.id, 'second');
    await markRead(bob, read);
    await server.unreadMailWorker.runOnce(later(60));
    expect(await outboxTo(bob.email)).toEqual([]);

    // Only what came after the read cursor is mailed later.
    await sendMessage(server, maya, chat.id, 'third');
    const mail = await mailAt(later(16), bob);
    expect(mail.text).toContain('Test maya — 1 unread message\n  Test maya: third\n');
    expect(mail.text).not.toContain('second');
  });

  it('shows the newest three lines and says how many earlier ones it left out', async () => {
    const [cy, maya] = await Promise.all([signUpVerified(server, 'cy'), signUpVerified(server, 'maya')]);
    const chat = await startConversation(server, maya, cy);
    for (const word of ['one', 'two', 'three', 'four', 'five']) await sendMessage(server, maya, chat.id, word);
    const mail = await mailAt(later(16), cy);
    expect(mail.text).toContain('Test maya — 5 unread messages\n  (2 earlier messages not shown)\n  Test maya: three\n  Test maya: four\n  Test maya: five\n');
  });

  it('sends one mail when two passes reach the same person at once', async () => {
    const [dee, maya] = await Promise.all([signUpVerified(server, 'dee'), signUpVerified(server, 'maya')]);
    const chat = await startConversation(server, maya, dee);
    await sendMessage(server, maya, chat.id, 'race');
    const at = later(16);
    const queued = await Promise.all([server.unreadMailWorker.runOnce(at), server.unreadMailWorker.runOnce(at)]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    await server.mail.nextMail(dee.email);
    expect(await outboxTo(dee.email)).toHaveLength(1);
  });

  it('does not mail about a team conversation its reader has lost with the team', async () => {
    const [eve, leo] = await Promise.all([signUpVerified(server, 'eve'), signUpVerified(server, 'leo')]);
    const team = await createTeam(server, leo);
    await addMember(server, leo, team.handle, eve.username);
    const chat = await startConversation(server, leo, eve, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle });
    await sendMessage(server, leo, chat.id, 'before you go');
    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(auth(eve)).expect(200);
    await server.unreadMailWorker.runOnce(later(60));
    expect(await outboxTo(eve.email)).toEqual([]);
  });

  it('mails nobody whose account is disabled, and mails them again once it is enabled', async () => {
    const [fay, maya] = await Promise.all([signUpVerified(server, 'fay'), signUpVerified(server, 'maya')]);
    const chat = await startConversation(server, maya, fay);
    await sendMessage(server, maya, chat.id, 'while you were away');
    await server.ctx.db.update(accounts).set({ disabledAt: new Date() }).where(eq(accounts.email, fay.email));
    await server.unreadMailWorker.runOnce(later(60));
    expect(await outboxTo(fay.email)).toEqual([]);

    await server.ctx.db.update(accounts).set({ disabledAt: null }).where(eq(accounts.email, fay.email));
    const mail = await mailAt(later(60), fay);
    expect(mail.text).toContain('while you were away');
  });
});

describe('the delay setting', () => {
  it('is 15 minutes by default; each person reads and changes only their own', async () => {
    const [fay, gus] = await Promise.all([signUpVerified(server, 'fay'), signUpVerified(server, 'gus')]);
    expect((await settingsOf(fay).expect(200)).body.data).toEqual({ notifications: { unreadEmailDelayMinutes: 15, pushPreviews: false } });
    expect((await setDelay(fay, 60).expect(200)).body.data).toEqual({ notifications: { unreadEmailDelayMinutes: 60, pushPreviews: false } });
    expect((await settingsOf(fay).expect(200)).body.data.notifications.unreadEmailDelayMinutes).toBe(60);
    expect((await settingsOf(gus).expect(200)).body.data.notifications.unreadEmailDelayMinutes).toBe(15);
  });

  it('refuses delays it does not offer, and callers without a session', async () => {
    const hal = await signUpVerified(server, 'hal');
    for (const value of [30, 0, -5, '15']) {
      const res = await server.api().patch('/api/v1/users/me/notifications').set(auth(hal)).send({ unreadEmailDelayMinutes: value });
      expect(res.status, String(value)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: NOTIFICATION_MESSAGES.delayInvalid });
    }
    // Neither setting named: nothing to change.
    const empty = await server.api().patch('/api/v1/users/me/notifications').set(auth(hal)).send({});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION_ERROR', error: ACCOUNT_TEXTS.nothingToChange });
    expect((await server.api().get('/api/v1/users/me/notifications')).status).toBe(401);
    expect((await server.api().patch('/api/v1/users/me/notifications').send({ unreadEmailDelayMinutes: null })).status).toBe(401);
    expect((await settingsOf(hal).expect(200)).body.data.notifications.unreadEmailDelayMinutes).toBe(15);
  });

  it('waits the chosen delay (5 minutes here); Off sends none, and turning it on again counts only new messages', async () => {
    const [ivy, maya] = await Promise.all([signUpVerified(server, 'ivy'), signUpVerified(server, 'maya')]);
    const chat = await startConversation(server, maya, ivy);
    await setDelay(ivy, 5).expect(200);
    await sendMessage(server, maya, chat.id, 'quick one');
    expect(await server.unreadMailWorker.runOnce(later(4))).toBe(0);
    expect((await mailAt(later(6), ivy)).text).toContain('messages waited unread for 5 minutes');

    await setDelay(ivy, null).expect(200);
    await sendMessage(server, maya, chat.id, 'while you were away');
    await server.unreadMailWorker.runOnce(later(24 * 60));
    expect(await outboxTo(ivy.email)).toHaveLength(1);

    await setDelay(ivy, 60).expect(200);
    await server.unreadMailWorker.runOnce(later(24 * 60));
    expect(await outboxTo(ivy.email)).toHaveLength(1);
    await sendMessage(server, maya, chat.id, 'back again');
    expect(await server.unreadMailWorker.runOnce(later(59))).toBe(0);
    const mail = await mailAt(later(61), ivy);
    expect(mail.text).toContain('Test maya: back again');
    expect(mail.text).not.toContain('while you were away');
    expect(mail.text).toContain('messages waited unread for 1 hour');
  });
});

describe('unsubscribing from the mail', () => {
  async function mailedUser(prefix: string) {
    const [user, maya] = await Promise.all([signUpVerified(server, prefix), signUpVerified(server, 'maya')]);
    const chat = await startConversation(server, maya, user);
    await sendMessage(server, maya, chat.id, 'ping');
    const mail = await mailAt(later(16), user);
    return { user, maya, chat, mail, token: tokenFromMail(mail, '/notifications/unsubscribe') };
  }

  it('works from the link without signing in, turns the emails off, and may be used again', async () => {
    const { user, maya, chat, mail, token } = await mailedUser('jay');
    expect(mail.text).toContain(`Unsubscribe from these emails: http://agentroom.test/notifications/unsubscribe?token=${token}`);
    expect((await unsubscribe(token).expect(200)).body.data).toEqual({ unsubscribed: true });
    expect((await settingsOf(user).expect(200)).body.data.notifications.unreadEmailDelayMinutes).toBeNull();
    expect((await unsubscribe(token).expect(200)).body.data).toEqual({ unsubscribed: true });

    await sendMessage(server, maya, chat.id, 'are you there?');
    await server.unreadMailWorker.runOnce(later(24 * 60));
    expect(await outboxTo(user.email)).toHaveLength(1);
  });

  it('takes the one-click POST of RFC 8058 at the List-Unsubscribe URL', async () => {
    const { user, mail } = await mailedUser('kim');
    const url = new URL(mail.headers['list-unsubscribe']!.slice(1, -1));
    const res = await server
      .api()
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send(mail.headers['list-unsubscribe-post']!);
    expect(res.status).toBe(200);
    expect((await settingsOf(user).expect(200)).body.data.notifications.unreadEmailDelayMinutes).toBeNull();
  });

  it('answers 400 to a token it did not make, changing nothing', async () => {
    const { user, token } = await mailedUser('lou');
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    const otherId = `${'AAAAAAAAAAAAAAAAAAAAAA'}${token.slice(22)}`;
    for (const bad of [flipped, otherId, token.slice(0, 40), 'not-a-token', `${token}A`, 'x'.repeat(300), '***']) {
      const res = await unsubscribe(bad);
      expect(res.status, bad).toBe(400);
    }
    expect((await unsubscribe(flipped)).body).toMatchObject({ code: 'TOKEN_INVALID', error: NOTIFICATION_MESSAGES.invalidUnsubscribeLink });
    expect((await server.api().post('/api/v1/notifications/unsubscribe').send({})).body).toMatchObject({ code: 'VALIDATION_ERROR', error: NOTIFICATION_MESSAGES.tokenRequired });
    expect((await settingsOf(user).expect(200)).body.data.notifications.unreadEmailDelayMinutes).toBe(15);
  });
});

describe('the poll loop with a short minute (UNREAD_MAIL_MINUTE_MS)', () => {
  let fast: TestServer;
  beforeAll(async () => {
    fast = await startTestServer({ UNREAD_MAIL_MINUTE_MS: '20', UNREAD_MAIL_POLL_MS: '25' });
  });
  afterAll(async () => {
    await fast?.stop();
  });

  it('mails on its own once 15 such minutes (300 ms) have passed since the message', async () => {
    const [ada, maya] = await Promise.all([signUpVerified(fast, 'ada'), signUpVerified(fast, 'maya')]);
    const chat = await startConversation(fast, maya, ada);
    const sentBefore = Date.now();
    await sendMessage(fast, maya, chat.id, 'on its own');
    const mail = await fast.mail.nextMail(ada.email);
    // A lower bound only: the mail cannot come before the message is 300 ms old.
    expect(Date.now() - sentBefore).toBeGreaterThanOrEqual(15 * 20);
    expect(mail.text).toContain('Test maya: on its own');
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Two API nodes on one Postgres run their passes at the same moment: each person gets one mail. */
describe.skipIf(!databaseUrl)('two API nodes', () => {
  let nodes: TestServer[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    nodes = [await startTestServer({ DATABASE_URL: database.databaseUrl! }), await startTestServer({ DATABASE_URL: database.databaseUrl! })];
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await drop?.();
  });

  it('never mail the same messages twice', async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const maya = await signUpVerified(one, 'maya');
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => signUpVerified(one, `p${i}`)));
    for (const person of people) await sendMessage(one, maya, (await startConversation(one, maya, person)).id, `hi ${person.username}`);
    const at = later(16);
    const queued = await Promise.all([one.unreadMailWorker.runOnce(at), two.unreadMailWorker.runOnce(at), one.unreadMailWorker.runOnce(at), two.unreadMailWorker.runOnce(at)]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(people.length);
    for (const person of people) expect(await one.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, person.email))).toHaveLength(1);
  });
});
