import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS, type TSavedMessage, type TTeam } from '@agentroom/shared';
import { savedMessages } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { sendMessage, startConversation } from '../chat/chat-fixtures';
import { createRoom, roomsPath } from '../rooms/room-helpers';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { savePath, writeThreadReply } from './pin-fixtures';

/**
 * Saved messages (decision 0026) through HTTP on PGlite. Team T: ada (owner), bob, cy, dan; the
 * open room "reading-room" has ada and bob. Eve is in no team of theirs.
 */
let server: TestServer;
let ada: TestUser, bob: TestUser, cy: TestUser, dan: TestUser, eve: TestUser;
let team: TTeam;
let roomId: string;

beforeAll(async () => {
  server = await startTestServer();
  [ada, bob, cy, dan, eve] = (await Promise.all(['sada', 'sbob', 'scy', 'sdan', 'seve'].map((name) => signUpVerified(server, name)))) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  team = await createTeam(server, ada);
  for (const person of [bob, cy, dan]) await addMember(server, ada, team.handle, person.username);
  roomId = (await createRoom(server, ada, team.handle, { name: 'reading-room', memberIds: [bob.agentId] })).room.id;
}, 60_000);
afterAll(async () => server?.stop());

const save = (as: TestUser, messageId: string) => server.api().put(savePath(messageId)).set(bearer(as.token));
const unsave = (as: TestUser, messageId: string) => server.api().delete(savePath(messageId)).set(bearer(as.token));
const savedPage = (as: TestUser, query = '') => server.api().get(`/api/v1/users/me/saved${query}`).set(bearer(as.token));
async function savedIds(as: TestUser): Promise<string[]> {
  const res = await savedPage(as, '?limit=100').expect(200);
  return (res.body.data.saved as TSavedMessage[]).map((s) => s.message.id);
}

describe('saving messages', () => {
  it('lists saved messages across conversations, newest saved first, each with where to open it', async () => {
    const chat = await startConversation(server, ada, bob);
    const inChat = await sendMessage(server, ada, chat.id, 'The door code is 4711');
    const inRoom = await sendMessage(server, ada, roomId, 'Read the brief first');
    const root = await sendMessage(server, ada, roomId, 'Questions about the brief?');
    const { threadId, replyId } = await writeThreadReply(server, root, ada, 'Page 3 is the key part');

    for (const id of [inRoom.id, inChat.id, replyId]) expect((await save(bob, id).expect(200)).body.data).toEqual({ saved: true });

    const res = await savedPage(bob).expect(200);
    const saved = res.body.data.saved as TSavedMessage[];
    expect(res.body.data.nextBefore).toBeNull();
    expect(saved.map((s) => s.message.id)).toEqual([replyId, inChat.id, inRoom.id]);
    const [reply, direct, room] = saved as [TSavedMessage, TSavedMessage, TSavedMessage];
    // A thread reply opens in its thread's conversation, the thread beside it.
    expect(reply.message).toMatchObject({ conversationId: threadId, content: 'Page 3 is the key part', inThread: { threadConversationId: threadId, rootMessageId: root.id, parentConversationId: roomId } });
    expect(reply.conversation).toEqual(room.conversation);
    expect(room.conversation).toEqual({ id: roomId, conversationType: 'room', team: { id: team.id, handle: team.handle, name: team.name }, roomName: 'reading-room', otherAgent: null });
    expect(room.message).toMatchObject({ id: inRoom.id, content: 'Read the brief first', sender: { id: ada.agentId } });
    expect(room.message.inThread).toBeUndefined();
    expect(direct.conversation).toMatchObject({ id: chat.id, conversationType: 'personal', roomName: null, otherAgent: { id: ada.agentId, username: ada.username } });
    expect(new Date(saved[0]!.savedAt) >= new Date(saved[2]!.savedAt)).toBe(true);
    // Saved for bob only.
    expect(await savedIds(ada)).not.toContain(inRoom.id);
  });

  it('is idempotent both ways', async () => {
    const message = await sendMessage(server, ada, roomId, 'Save me twice');
    const first = (await savedPage(bob, '?limit=100').expect(200)).body.data.saved.length as number;
    await save(bob, message.id).expect(200);
    const savedAt = ((await savedPage(bob).expect(200)).body.data.saved as TSavedMessage[])[0]!.savedAt;
    expect((await save(bob, message.id).expect(200)).body.data).toEqual({ saved: true });
    const listed = (await savedPage(bob, '?limit=100').expect(200)).body.data.saved as TSavedMessage[];
    expect(listed).toHaveLength(first + 1);
    expect(listed.find((s) => s.message.id === message.id)?.savedAt).toBe(savedAt);
    for (let i = 0; i < 2; i += 1) expect((await unsave(bob, message.id).expect(200)).body.data).toEqual({ saved: false });
    expect(await savedIds(bob)).not.toContain(message.id);
  });

  it('saves in a read-only 1:1 (saving tells no one)', async () => {
    const chat = await startConversation(server, cy, dan);
    const message = await sendMessage(server, cy, chat.id, 'Before the block');
    await server.api().put(`/api/v1/users/me/blocks/${cy.agentId}`).set(bearer(dan.token)).expect(200);
    try {
      await save(dan, message.id).expect(200);
      await save(cy, message.id).expect(200);
      expect(await savedIds(dan)).toContain(message.id);
    } finally {
      await server.api().delete(`/api/v1/users/me/blocks/${cy.agentId}`).set(bearer(dan.token)).expect(200);
    }
  });
});

describe('only what the person can still read', () => {
  it('hides a room they left, its threads too, and shows them again once they rejoin', async () => {
    const inRoom = await sendMessage(server, ada, roomId, 'Room notes');
    const root = await sendMessage(server, ada, roomId, 'Thread about the notes');
    const { replyId } = await writeThreadReply(server, root, ada, 'A reply in it');
    const chat = await startConversation(server, ada, bob);
    const inChat = await sendMessage(server, ada, chat.id, 'Still ours');
    for (const id of [inRoom.id, replyId, inChat.id]) await save(bob, id).expect(200);

    await server.api().delete(`${roomsPath(team.handle)}/reading-room/members/me`).set(bearer(bob.token)).expect(200);
    const whileAway = await savedIds(bob);
    expect(whileAway).toContain(inChat.id);
    expect(whileAway).not.toContain(inRoom.id);
    expect(whileAway).not.toContain(replyId);
    expect((await save(bob, inRoom.id)).status).toBe(404);
    expect((await unsave(bob, replyId)).status).toBe(404);

    await server.api().post(`${roomsPath(team.handle)}/reading-room/join`).set(bearer(bob.token)).expect(200);
    expect(await savedIds(bob)).toEqual(expect.arrayContaining([inRoom.id, replyId, inChat.id]));
  });

  it('hides a team-scoped conversation of a team they left, and shows it again when they are back in it', async () => {
    const chat = await startConversation(server, cy, ada, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle });
    const message = await sendMessage(server, ada, chat.id, 'Team business');
    await save(cy, message.id).expect(200);
    expect(await savedIds(cy)).toContain(message.id);

    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(cy.token)).expect(200);
    expect(await savedIds(cy)).not.toContain(message.id);
    expect((await save(cy, message.id)).status).toBe(404);

    await addMember(server, ada, team.handle, cy.username);
    expect(await savedIds(cy)).toContain(message.id);
  });

  it('leaves deleted messages out, and refuses to save one (409, as reacting to one)', async () => {
    const message = await sendMessage(server, ada, roomId, 'Soon gone');
    await save(bob, message.id).expect(200);
    await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(bearer(ada.token)).expect(200);
    expect(await savedIds(bob)).not.toContain(message.id);
    const res = await save(ada, message.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', error: CHAT_ERRORS.messageDeleted });
    await unsave(bob, message.id).expect(200);
  });

  it('answers an outsider, a malformed and an unknown id like an unknown message (404)', async () => {
    const message = await sendMessage(server, ada, roomId, 'Not for eve');
    for (const res of [
      await save(eve, message.id),
      await unsave(eve, message.id),
      await save(dan, message.id),
      await save(ada, 'not-a-uuid'),
      await unsave(ada, 'not-a-uuid'),
      await save(ada, '00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(CHAT_ERRORS.messageNotFound);
    }
    expect(await savedIds(eve)).toEqual([]);
  });
});

describe('pages of saved messages', () => {
  it('pages newest saved first by `before`, never skipping saves of one millisecond at a page edge', async () => {
    const fay = await signUpVerified(server, 'sfay');
    const chat = await startConversation(server, fay, ada);
    const sent = [];
    for (let i = 1; i <= 5; i += 1) sent.push(await sendMessage(server, ada, chat.id, `Saved ${i}`));
    for (const message of sent) await save(fay, message.id).expect(200);
    // Fixed times: the third and fourth saved in the same millisecond.
    const base = Date.parse('2026-01-10T12:00:00.000Z');
    const at = [base, base + 1000, base + 2000, base + 2000, base + 4000];
    for (const [i, message] of sent.entries())
      await server.ctx.db
        .update(savedMessages)
        .set({ savedAt: new Date(at[i]!) })
        .where(and(eq(savedMessages.agentId, fay.agentId), eq(savedMessages.messageId, message.id)));

    const pages: TSavedMessage[][] = [];
    const cursors: (string | null)[] = [];
    let query = '?limit=2';
    for (;;) {
      const res = await savedPage(fay, query).expect(200);
      pages.push(res.body.data.saved);
      cursors.push(res.body.data.nextBefore);
      if (!res.body.data.nextBefore) break;
      query = `?limit=2&before=${encodeURIComponent(res.body.data.nextBefore)}`;
      expect(pages.length).toBeLessThan(6);
    }
    const ids = pages.map((page) => page.map((s) => s.message.id));
    // The page edge fell inside the shared millisecond: both moved to the second page.
    expect(ids[0]).toEqual([sent[4]!.id]);
    expect(new Set(ids[1])).toEqual(new Set([sent[2]!.id, sent[3]!.id]));
    expect(ids.slice(2)).toEqual([[sent[1]!.id, sent[0]!.id]]);
    expect(cursors).toEqual([new Date(at[4]!).toISOString(), new Date(at[2]!).toISOString(), null]);
  });

  it('refuses a limit out of range or a `before` that is no date (400)', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=many', '?before=yesterday', '?before=2026-13-40T00:00:00Z']) {
      const res = await savedPage(ada, query);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });
});
