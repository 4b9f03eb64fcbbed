import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import {
  closeSockets,
  connectSocket,
  emitWithAck,
  joinConversation,
  nextEvent,
  recordEvents,
  sendMessage,
  type ClientSocket,
} from '../chat/chat-fixtures';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from '../teams/team-helpers';
import { addToRoom, createRoom, roomsPath } from './room-helpers';

/** Three people in one room, each with a socket in it, on one node (two nodes: rooms-two-nodes). */
let server: TestServer;
let maya: TestUser;
let liam: TestUser;
let zoe: TestUser;
let handle: string;
let roomId: string;
let roomName: string;

beforeAll(async () => {
  server = await startTestServer();
  [maya, liam, zoe] = [await signUpVerified(server, 'rtmaya'), await signUpVerified(server, 'rtliam'), await signUpVerified(server, 'rtzoe')];
  handle = (await createTeam(server, maya)).handle;
  await addMember(server, maya, handle, liam.username);
  await addMember(server, maya, handle, zoe.username);
  const { room } = await createRoom(server, maya, handle, { name: 'trio', memberIds: [liam.agentId, zoe.agentId] });
  roomId = room.id;
  roomName = room.name;
});
afterEach(() => closeSockets());
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

async function inRoom(user: TestUser): Promise<ClientSocket> {
  const socket = await connectSocket(server.url, user.token);
  expect(await joinConversation(socket, roomId)).toEqual({ ok: true });
  return socket;
}

describe('a room of three, live', () => {
  it('carries a message from one member to both others, and to their other tabs', async () => {
    const [atMaya, atLiam, atZoe] = [await inRoom(maya), await inRoom(liam), await inRoom(zoe)];
    const zoeLobby = await connectSocket(server.url, zoe.token);
    const arrivals = [nextEvent(atLiam, 'message:received'), nextEvent(atZoe, 'message:received'), nextEvent(zoeLobby, 'conversation:message')];
    const echo = nextEvent(atMaya, 'message:received');
    const sent = await sendMessage(server, maya, roomId, 'Hello you two');
    const [toLiam, toZoe, listed] = await Promise.all(arrivals);
    expect(toLiam).toEqual(sent);
    expect(toZoe).toEqual(sent);
    expect(listed).toMatchObject({ conversationId: roomId, message: { id: sent.id } });
    expect((await echo).id).toBe(sent.id);
  });

  it('relays typing of several people to everyone else in the room', async () => {
    const [atMaya, atLiam, atZoe] = [await inRoom(maya), await inRoom(liam), await inRoom(zoe)];
    const typingSeenByZoe = recordEvents(atZoe, 'conversation:participant:typing');
    const liamHearsMaya = nextEvent(atLiam, 'conversation:participant:typing', (e) => e.agentId === maya.agentId);
    const mayaHearsLiam = nextEvent(atMaya, 'conversation:participant:typing', (e) => e.agentId === liam.agentId);
    expect(await emitWithAck(atMaya, 'conversation:participant:typing', { conversationId: roomId, isTyping: true })).toEqual({ ok: true });
    expect(await emitWithAck(atLiam, 'conversation:participant:typing', { conversationId: roomId, isTyping: true })).toEqual({ ok: true });
    expect(await liamHearsMaya).toMatchObject({ conversationId: roomId, isTyping: true, agent: { id: maya.agentId } });
    expect(await mayaHearsLiam).toMatchObject({ conversationId: roomId, isTyping: true, agent: { id: liam.agentId } });
    // Zoe hears both at once ("Maya and Liam are typing…"), and never her own.
    await expect.poll(() => typingSeenByZoe.map((e) => e.agentId).sort(), { timeout: 5000, interval: 20 }).toEqual([maya.agentId, liam.agentId].sort());
  });

  it('moves each reader’s seen marker for everyone, and GET messages shows all of them', async () => {
    const [atMaya, atLiam, atZoe] = [await inRoom(maya), await inRoom(liam), await inRoom(zoe)];
    const message = await sendMessage(server, maya, roomId, 'Read me');
    const mayaSees = nextEvent(atMaya, 'conversation:message:seen', (e) => e.agentId === liam.agentId);
    const zoeSees = nextEvent(atZoe, 'conversation:message:seen', (e) => e.agentId === liam.agentId);
    await server.api().post(`/api/v1/chat/messages/${message.id}/seen`).set(bearer(liam.token)).expect(200);
    expect(await mayaSees).toMatchObject({ messageId: message.id, agent: { id: liam.agentId } });
    expect(await zoeSees).toMatchObject({ messageId: message.id });
    const liamSees = nextEvent(atLiam, 'conversation:message:seen', (e) => e.agentId === zoe.agentId);
    await server.api().put(`/api/v1/chat/conversations/${roomId}/read`).set(bearer(zoe.token)).send({ lastReadMessageId: message.id }).expect(200);
    await liamSees;
    const page = await server.api().get(`/api/v1/chat/conversations/${roomId}/messages`).set(bearer(maya.token)).expect(200);
    expect(page.body.data.seenStatus[message.id].map((a: { id: string }) => a.id).sort()).toEqual([liam.agentId, zoe.agentId].sort());
  });

  it('reactions and deletes reach every member', async () => {
    const [atMaya, atLiam, atZoe] = [await inRoom(maya), await inRoom(liam), await inRoom(zoe)];
    const message = await sendMessage(server, liam, roomId, 'React, then gone');
    const reacted = [atMaya, atZoe].map((s) => nextEvent(s, 'message:reaction', (e) => e.messageId === message.id));
    await server.api().put(`/api/v1/chat/messages/${message.id}/reactions/${encodeURIComponent('🎉')}`).set(bearer(maya.token)).expect(200);
    await server.api().put(`/api/v1/chat/messages/${message.id}/reactions/${encodeURIComponent('🎉')}`).set(bearer(zoe.token)).expect(200);
    for (const event of await Promise.all(reacted)) expect(event).toMatchObject({ emoji: '🎉', reacted: true });
    const page = await server.api().get(`/api/v1/chat/conversations/${roomId}/messages`).set(bearer(liam.token)).expect(200);
    const stored = page.body.data.messages.find((m: { id: string }) => m.id === message.id);
    expect(stored.reactions).toEqual([expect.objectContaining({ emoji: '🎉', count: 2 })]);

    const deleted = [atMaya, atZoe].map((s) => nextEvent(s, 'message:updated', (m) => m.id === message.id));
    await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(bearer(liam.token)).expect(200);
    for (const event of await Promise.all(deleted)) expect(event).toMatchObject({ deleted: true, content: '' });
    // Only its sender deletes a message.
    expect((await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(bearer(maya.token))).status).toBe(403);
    void atLiam;
  });
});

describe('edits, files and search in a room', () => {
  it('an edit reaches everyone; a file is every member’s to open; search finds room messages only for members', async () => {
    const [atMaya, atLiam, atZoe] = [await inRoom(maya), await inRoom(liam), await inRoom(zoe)];
    const upload = await server
      .api()
      .post(`/api/v1/chat/conversations/${roomId}/attachments`)
      .set(bearer(liam.token))
      .attach('files', Buffer.from('quarterly numbers'), { filename: 'numbers.txt', contentType: 'text/plain' })
      .expect(201);
    const fileId = upload.body.data.attachments[0].id as string;
    const withFile = await sendMessage(server, liam, roomId, 'Pelican numbers attached', { attachmentIds: [fileId] });
    expect(withFile.attachments.map((a) => a.id)).toEqual([fileId]);
    for (const user of [maya, zoe]) await server.api().get(`/api/v1/chat/attachments/${fileId}`).set(bearer(user.token)).expect(200);

    const edited = [atMaya, atZoe].map((s) => nextEvent(s, 'message:updated', (m) => m.id === withFile.id));
    await server.api().patch(`/api/v1/chat/messages/${withFile.id}`).set(bearer(liam.token)).send({ content: 'Pelican numbers, final' }).expect(200);
    for (const event of await Promise.all(edited)) expect(event).toMatchObject({ content: 'Pelican numbers, final', isEdited: true });
    expect((await server.api().patch(`/api/v1/chat/messages/${withFile.id}`).set(bearer(zoe.token)).send({ content: 'mine now' })).status).toBe(403);
    void atLiam;

    const search = async (user: TestUser) =>
      (await server.api().get('/api/v1/chat/search?q=pelican').set(bearer(user.token)).expect(200)).body.data.results as {
        messageId: string;
        conversation: { roomName: string | null; otherAgent: unknown; conversationType: string; team: { handle: string } | null };
      }[];
    const found = await search(zoe);
    expect(found.map((r) => r.messageId)).toEqual([withFile.id]);
    // The hit names its room and team (the search dialog shows "in #room · Team").
    expect(found[0]!.conversation).toMatchObject({ conversationType: 'room', roomName: roomName, otherAgent: null, team: { handle } });
    // A team member outside the room finds nothing of it, nor can open its file.
    const outside = await signUpVerified(server, 'rtoutside');
    await addMember(server, maya, handle, outside.username);
    expect(await search(outside)).toEqual([]);
    expect((await server.api().get(`/api/v1/chat/attachments/${fileId}`).set(bearer(outside.token))).status).toBe(404);
  });
});

describe('membership changes, live', () => {
  it('someone added hears the room at once (rooms:changed, then its messages); someone removed stops hearing it', async () => {
    const newcomer = await signUpVerified(server, 'rtnew');
    await addMember(server, maya, handle, newcomer.username);
    const lobby = await connectSocket(server.url, newcomer.token);
    const atMaya = await inRoom(maya);
    const toldNewcomer = nextEvent(lobby, 'rooms:changed', (e) => e.roomId === roomId);
    const toldMaya = nextEvent(atMaya, 'rooms:changed', (e) => e.roomId === roomId);
    await addToRoom(server, liam, handle, roomName, newcomer.agentId);
    expect(await toldNewcomer).toMatchObject({ roomId });
    await toldMaya;

    // Without a room:join of its own, the socket was put in the room.
    const heard = nextEvent(lobby, 'message:received', (m) => m.content === 'welcome');
    await sendMessage(server, zoe, roomId, 'welcome');
    await heard;
    // The newcomer may write at once.
    await sendMessage(server, newcomer, roomId, 'thanks');

    const removed = nextEvent(lobby, 'rooms:changed', (e) => e.roomId === roomId);
    await server.api().delete(`${roomsPath(handle)}/${roomName}/members/${newcomer.agentId}`).set(bearer(maya.token)).expect(200);
    await removed;
    const afterwards = recordEvents(lobby, 'message:received');
    const notified = recordEvents(lobby, 'conversation:message');
    const arrived = nextEvent(atMaya, 'message:received', (m) => m.content === 'after you left');
    await sendMessage(server, zoe, roomId, 'after you left');
    await arrived;
    // An ack comes after anything the server sent this socket before it: nothing arrived.
    expect(await emitWithAck(lobby, 'room:join', { roomId: `conversation:${roomId}` })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(afterwards).toEqual([]);
    expect(notified).toEqual([]);
    const write = await server.api().post(`/api/v1/chat/conversations/${roomId}/messages`).set(bearer(newcomer.token)).send({ content: 'hello?', clientMessageId: 'x-1' });
    expect(write.status).toBe(404);
  });

  it('a person leaving the team stops hearing its rooms, #general included', async () => {
    const goner = await signUpVerified(server, 'rtgoner');
    await addMember(server, maya, handle, goner.username);
    const general = (await server.api().get(`${roomsPath(handle)}/general`).set(bearer(goner.token)).expect(200)).body.data.room.id as string;
    const atGoner = await connectSocket(server.url, goner.token);
    expect(await joinConversation(atGoner, general)).toEqual({ ok: true });
    const atMaya = await connectSocket(server.url, maya.token);
    expect(await joinConversation(atMaya, general)).toEqual({ ok: true });
    const toldMaya = nextEvent(atMaya, 'rooms:changed', (e) => e.roomId === general);
    await server.api().delete(`/api/v1/teams/${handle}/members/me`).set(bearer(goner.token)).expect(200);
    await toldMaya;
    const heard = recordEvents(atGoner, 'message:received');
    const arrived = nextEvent(atMaya, 'message:received', (m) => m.content === 'bye for now');
    await sendMessage(server, maya, general, 'bye for now');
    await arrived;
    expect(await emitWithAck(atGoner, 'conversation:participant:typing', { conversationId: general, isTyping: true })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(heard).toEqual([]);
  });

  it('tells every team member of a new open room, and only its members of a private one', async () => {
    const atLiam = await connectSocket(server.url, liam.token);
    const atZoe = await connectSocket(server.url, zoe.token);
    const open = nextEvent(atZoe, 'rooms:changed');
    const { room } = await createRoom(server, liam, handle, { name: 'open-news' });
    expect(await open).toEqual({ teamId: room.team.id, roomId: room.id });

    const zoeHears = recordEvents(atZoe, 'rooms:changed');
    const liamHears = nextEvent(atLiam, 'rooms:changed', (e) => e.roomId !== room.id);
    const ai = await createAiAgent(server, maya, handle, { firstName: 'Quiet' });
    const secret = await createRoom(server, liam, handle, { name: 'hush', isPrivate: true, memberIds: [ai.id] });
    expect((await liamHears).roomId).toBe(secret.room.id);
    expect(await emitWithAck(atZoe, 'room:leave', { roomId: `conversation:${secret.room.id}` })).toEqual({ ok: true });
    expect(zoeHears.filter((e) => e.roomId === secret.room.id)).toEqual([]);
  });
});
