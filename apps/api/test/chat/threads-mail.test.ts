import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema';
import { auth, sendMessage } from './chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, createTeam } from '../teams/team-helpers';

/** The unread-messages email and threads (decision 0026): a thread's replies are mailed to its followers only. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('the unread-messages email and threads', () => {
  it('mails a follower the reply, named after the thread’s room, and not a member who does not follow', async () => {
    const [kim, ned, ivy] = await Promise.all([signUpVerified(server, 'tmkim'), signUpVerified(server, 'tmned'), signUpVerified(server, 'tmivy')]);
    const team = await createTeam(server, ned, { name: 'Harbor' });
    await addMember(server, ned, team.handle, kim.username);
    await addMember(server, ned, team.handle, ivy.username);
    const room = await server.api().post(`/api/v1/teams/${team.handle}/rooms`).set(auth(ned)).send({ name: 'dock', memberIds: [kim.agentId, ivy.agentId] }).expect(201);
    const roomId = room.body.data.room.id as string;
    // Kim's message starts the thread (so Kim follows it); Ivy has read the room.
    const root = await sendMessage(server, kim, roomId, 'When do we sail?');
    await server.api().put(`/api/v1/chat/conversations/${roomId}/read`).set(auth(ivy)).send({ lastReadMessageId: root.id }).expect(200);
    await server.api().put(`/api/v1/chat/conversations/${roomId}/read`).set(auth(ned)).send({ lastReadMessageId: root.id }).expect(200);
    const thread = (await server.api().post(`/api/v1/chat/messages/${root.id}/thread`).set(auth(ned)).expect(201)).body.data.thread as { id: string };
    await sendMessage(server, ned, thread.id, 'Anchors aweigh at noon');

    expect(await server.unreadMailWorker.runOnce(later(16))).toBeGreaterThan(0);
    const mail = await server.mail.nextMail(kim.email);
    expect(mail.text).toContain(`Thread in #dock (Harbor) — 1 unread message\n  Test tmned: Anchors aweigh at noon\nOpen the conversation: http://agentroom.test/t/${team.handle}/r/dock`);
    expect(await server.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, ivy.email))).toEqual([]);
  });
});
