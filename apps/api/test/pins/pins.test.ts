import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS, PINS_MAX_PER_CONVERSATION, REACH_ERRORS, THREAD_ERRORS, type TChatMessage, type TPin, type TTeam } from '@agentroom/shared';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { closeSockets, connectSocket, joinConversation, nextEvent, recordEvents, sendMessage, startConversation } from '../chat/chat-fixtures';
import { createRoom } from '../rooms/room-helpers';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { listPins, pin, unpin, writeThreadReply } from './pin-fixtures';

/**
 * Pins (decision 0026) through HTTP and the socket on PGlite. Team T: ada (owner), bob, cy. The
 * room "pinboard" has ada and bob, not cy. Dee is in no team of theirs. Two nodes and the race at
 * the cap on Postgres: pins-two-nodes.test.ts.
 */
let server: TestServer;
let ada: TestUser, bob: TestUser, cy: TestUser, dee: TestUser;
let team: TTeam;
let roomId: string;

beforeAll(async () => {
  server = await startTestServer();
  [ada, bob, cy, dee] = (await Promise.all(['pada', 'pbob', 'pcy', 'pdee'].map((name) => signUpVerified(server, name)))) as [TestUser, TestUser, TestUser, TestUser];
  team = await createTeam(server, ada);
  for (const person of [bob, cy]) await addMember(server, ada, team.handle, person.username);
  roomId = (await createRoom(server, ada, team.handle, { name: 'pinboard', memberIds: [bob.agentId] })).room.id;
}, 60_000);
afterEach(() => closeSockets());
afterAll(async () => server?.stop());

/** A fresh room of ada and bob, so each test counts its own pins. */
async function freshRoom(name: string) {
  return (await createRoom(server, ada, team.handle, { name, memberIds: [bob.agentId] })).room.id;
}

const pinnedIds = async (as: TestUser, conversationId: string) => {
  const res = await listPins(server, as, conversationId).expect(200);
  return (res.body.data.pins as TPin[]).map((p) => p.message.id);
};

describe('pinning and unpinning', () => {
  it('tells the conversation live, and lists pins newest pinned first with who pinned them', async () => {
    const [first, second, third] = [
      await sendMessage(server, ada, roomId, 'Agenda for Monday'),
      await sendMessage(server, bob, roomId, 'Budget spreadsheet'),
      await sendMessage(server, ada, roomId, 'Launch date: May 4'),
    ] as [TChatMessage, TChatMessage, TChatMessage];
    const bobSocket = await connectSocket(server.url, bob.token);
    expect(await joinConversation(bobSocket, roomId)).toEqual({ ok: true });

    const told = nextEvent(bobSocket, 'conversation:pins', (e) => e.messageId === first.id);
    const pinned = await pin(server, ada, first.id).expect(200);
    expect(await told).toEqual({ conversationId: roomId, messageId: first.id, pinned: true });
    expect(pinned.body.data.pin).toMatchObject({
      message: { id: first.id, content: 'Agenda for Monday', conversationId: roomId },
      pinnedBy: { id: ada.agentId, firstName: ada.firstName, lastName: ada.lastName },
    });
    await pin(server, bob, second.id).expect(200);
    await pin(server, ada, third.id).expect(200);

    const res = await listPins(server, bob, roomId).expect(200);
    const pins = res.body.data.pins as TPin[];
    expect(pins.map((p) => p.message.id)).toEqual([third.id, second.id, first.id]);
    expect(pins.map((p) => p.pinnedBy?.id)).toEqual([ada.agentId, bob.agentId, ada.agentId]);
    expect(new Date(pins[0]!.pinnedAt) >= new Date(pins[2]!.pinnedAt)).toBe(true);

    const unpinned = nextEvent(bobSocket, 'conversation:pins', (e) => e.messageId === second.id);
    expect((await unpin(server, ada, second.id).expect(200)).body.data).toEqual({ pin: null });
    expect(await unpinned).toEqual({ conversationId: roomId, messageId: second.id, pinned: false });
    expect(await pinnedIds(ada, roomId)).toEqual([third.id, first.id]);
  });

  it('is idempotent: pinning a pinned message answers the same pin, and neither repeat announces anything', async () => {
    const room = await freshRoom('idempotent-pins');
    const message = await sendMessage(server, ada, room, 'Pin me once');
    const marker = await sendMessage(server, ada, room, 'Marker');
    const first = (await pin(server, ada, message.id).expect(200)).body.data.pin as TPin;

    const bobSocket = await connectSocket(server.url, bob.token);
    expect(await joinConversation(bobSocket, room)).toEqual({ ok: true });
    const heard = recordEvents(bobSocket, 'conversation:pins');
    const again = (await pin(server, bob, message.id).expect(200)).body.data.pin as TPin;
    expect(again.pinnedAt).toBe(first.pinnedAt);
    expect(again.pinnedBy?.id).toBe(ada.agentId);
    expect((await unpin(server, bob, marker.id).expect(200)).body.data).toEqual({ pin: null });

    // Events of one conversation arrive in order: once the marker's pin is heard, nothing else was on its way.
    const markerHeard = nextEvent(bobSocket, 'conversation:pins', (e) => e.messageId === marker.id);
    await pin(server, ada, marker.id).expect(200);
    await markerHeard;
    expect(heard).toEqual([{ conversationId: room, messageId: marker.id, pinned: true }]);
    expect(await pinnedIds(bob, room)).toEqual([marker.id, message.id]);
  });

  it(`holds ${PINS_MAX_PER_CONVERSATION} pins a conversation, counting only messages not deleted`, async () => {
    const room = await freshRoom('full-board');
    const sent: TChatMessage[] = [];
    for (let i = 0; i <= PINS_MAX_PER_CONVERSATION + 1; i += 1) sent.push(await sendMessage(server, ada, room, `Note ${i}`));
    for (const message of sent.slice(0, PINS_MAX_PER_CONVERSATION)) await pin(server, ada, message.id).expect(200);

    const over = await pin(server, bob, sent[PINS_MAX_PER_CONVERSATION]!.id);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'CONFLICT', error: THREAD_ERRORS.tooManyPins });
    // A pinned message pinned again is no new pin.
    await pin(server, bob, sent[0]!.id).expect(200);
    expect(await pinnedIds(ada, room)).toHaveLength(PINS_MAX_PER_CONVERSATION);

    // Deleting a pinned message frees its place; it is no longer listed.
    await server.api().delete(`/api/v1/chat/messages/${sent[1]!.id}`).set(bearer(ada.token)).expect(200);
    expect(await pinnedIds(ada, room)).not.toContain(sent[1]!.id);
    await pin(server, bob, sent[PINS_MAX_PER_CONVERSATION]!.id).expect(200);
    expect((await pin(server, bob, sent[PINS_MAX_PER_CONVERSATION + 1]!.id)).status).toBe(409);
    // Unpinning one does too.
    await unpin(server, ada, sent[2]!.id).expect(200);
    await pin(server, bob, sent[PINS_MAX_PER_CONVERSATION + 1]!.id).expect(200);
    const listed = await pinnedIds(ada, room);
    expect(listed).toHaveLength(PINS_MAX_PER_CONVERSATION);
    expect(listed.slice(0, 2)).toEqual([sent[PINS_MAX_PER_CONVERSATION + 1]!.id, sent[PINS_MAX_PER_CONVERSATION]!.id]);
  });

  it('lets two pins at one below the cap make it full, never past it', async () => {
    const room = await freshRoom('race-board');
    const sent: TChatMessage[] = [];
    for (let i = 0; i <= PINS_MAX_PER_CONVERSATION; i += 1) sent.push(await sendMessage(server, ada, room, `Race ${i}`));
    for (const message of sent.slice(0, PINS_MAX_PER_CONVERSATION - 1)) await pin(server, ada, message.id).expect(200);
    const statuses = await Promise.all([pin(server, ada, sent.at(-2)!.id), pin(server, bob, sent.at(-1)!.id)].map(async (r) => (await r).status));
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await pinnedIds(ada, room)).toHaveLength(PINS_MAX_PER_CONVERSATION);
  });
});

describe('what cannot be pinned', () => {
  it("refuses a thread's reply (400) but pins its root", async () => {
    const root = await sendMessage(server, ada, roomId, 'Where do we meet?');
    const { replyId } = await writeThreadReply(server, root, bob, 'In the lobby');
    const res = await pin(server, ada, replyId);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: THREAD_ERRORS.pinInThread });
    expect((await unpin(server, ada, replyId).expect(200)).body.data).toEqual({ pin: null });
    await pin(server, ada, root.id).expect(200);
  });

  it('refuses a deleted message (409, as reacting to one)', async () => {
    const message = await sendMessage(server, bob, roomId, 'Oops');
    await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(bearer(bob.token)).expect(200);
    const res = await pin(server, ada, message.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', error: THREAD_ERRORS.pinDeleted });
  });

  it('refuses pins in a read-only 1:1 both ways (403 with the reason), as it refuses sends; the pins stay readable', async () => {
    const chat = await startConversation(server, ada, bob);
    const message = await sendMessage(server, bob, chat.id, 'Remember this');
    await pin(server, bob, message.id).expect(200);
    await server.api().put(`/api/v1/users/me/blocks/${bob.agentId}`).set(bearer(ada.token)).expect(200);
    try {
      for (const [who, error] of [
        [ada, REACH_ERRORS.blocked],
        [bob, REACH_ERRORS.blockedYou],
      ] as const) {
        for (const res of [await pin(server, who, message.id), await unpin(server, who, message.id)]) {
          expect(res.status, who.username).toBe(403);
          expect(res.body).toMatchObject({ code: 'FORBIDDEN', error });
        }
        expect(await pinnedIds(who, chat.id)).toEqual([message.id]);
      }
    } finally {
      await server.api().delete(`/api/v1/users/me/blocks/${bob.agentId}`).set(bearer(ada.token)).expect(200);
    }
    await unpin(server, ada, message.id).expect(200);
  });
});

describe('who may see and change pins', () => {
  it('answers anyone outside the conversation like an unknown id (404)', async () => {
    const message = await sendMessage(server, ada, roomId, 'Members only');
    await pin(server, ada, message.id).expect(200);
    for (const outsider of [cy, dee]) {
      for (const res of [await pin(server, outsider, message.id), await unpin(server, outsider, message.id), await listPins(server, outsider, roomId)]) {
        expect(res.status, outsider.username).toBe(404);
      }
      expect((await pin(server, outsider, message.id)).body.error).toBe(CHAT_ERRORS.messageNotFound);
    }
    expect(await pinnedIds(bob, roomId)).toContain(message.id);
  });

  it('answers malformed and unknown ids with 404', async () => {
    for (const res of [
      await pin(server, ada, 'not-a-uuid'),
      await unpin(server, ada, 'not-a-uuid'),
      await pin(server, ada, '00000000-0000-4000-8000-000000000000'),
      await listPins(server, ada, 'not-a-uuid'),
      await listPins(server, ada, '00000000-0000-4000-8000-000000000000'),
    ])
      expect(res.status).toBe(404);
  });
});
