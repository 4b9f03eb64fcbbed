import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_ROOM_NAME, ROOM_MESSAGES, type TConversation, type TRoomResponse } from '@agentroom/shared';
import { backfillGeneralRooms } from '../../src/rooms/room-membership';
import { agents, conversationParticipants, conversations, replyJobs, teamMembers, teams } from '../../src/db/schema';
import { rowCounts, withNul } from '../support/row-counts';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { sendMessage } from '../chat/chat-fixtures';
import { addMember, bearer, createAiAgent, createTeam, uniqueHandle, type TestUser } from '../teams/team-helpers';
import { addToRoom, createRoom, getRoom, listRooms, roomsPath } from './room-helpers';

let server: TestServer;
/** Owner of the team, an admin, two plain members, someone outside the team. */
let owner: TestUser;
let admin: TestUser;
let maya: TestUser;
let liam: TestUser;
let outsider: TestUser;
let handle: string;
let nova: { id: string };
let sage: { id: string };

const api = () => server.api();
const conversationsOf = async (user: TestUser) =>
  (await api().get('/api/v1/chat/conversations').set(bearer(user.token)).expect(200)).body.data.conversations as TConversation[];
const roomMemberIds = async (roomId: string) =>
  (await server.ctx.db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, roomId))).map((p) => p.agentId).sort();

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, maya, liam, outsider] = await Promise.all([
    signUpVerified(server, 'rowner'),
    signUpVerified(server, 'radmin'),
    signUpVerified(server, 'rmaya'),
    signUpVerified(server, 'rliam'),
    signUpVerified(server, 'routsider'),
  ]);
  handle = (await createTeam(server, owner)).handle;
  await api().post(`/api/v1/teams/${handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
  await addMember(server, owner, handle, maya.username);
  await addMember(server, owner, handle, liam.username);
  nova = await createAiAgent(server, owner, handle, { firstName: 'Nova' });
  sage = await createAiAgent(server, owner, handle, { firstName: 'Sage' });
});
afterAll(async () => {
  await server?.stop();
});

describe('#general', () => {
  it('every team has one with all its people, those added later too, and not its AI agents', async () => {
    const rooms = await listRooms(server, maya, handle);
    expect(rooms[0]).toMatchObject({ name: GENERAL_ROOM_NAME, isGeneral: true, isPrivate: false, isMember: true, memberCount: 4 });
    const general = rooms[0]!;
    expect(await roomMemberIds(general.id)).toEqual([owner.agentId, admin.agentId, maya.agentId, liam.agentId].sort());

    const res = await getRoom(server, maya, handle, 'general');
    expect(res.status).toBe(200);
    const { room, conversation } = res.body.data as TRoomResponse;
    expect(room).toMatchObject({ id: general.id, canManage: false, team: { handle } });
    expect(conversation).toMatchObject({ id: general.id, conversationType: 'room', otherAgent: null, room: { name: 'general', canManage: false } });
    expect(conversation!.participants).toHaveLength(4);
    // The owner and admins manage every room.
    expect((await getRoom(server, admin, handle, encodeURIComponent('#General'))).body.data.room.canManage).toBe(true);
  });

  it('a person who accepts an invitation joins #general in the same step', async () => {
    const newcomer = await signUpVerified(server, 'rinvitee');
    const invite = await api().post(`/api/v1/teams/${handle}/invitations`).set(bearer(owner.token)).send({ email: newcomer.email }).expect(201);
    await api().post(`/api/v1/invitations/${invite.body.data.invitation.id}/accept`).set(bearer(newcomer.token)).expect(200);
    const [general] = await listRooms(server, newcomer, handle);
    expect(general).toMatchObject({ name: 'general', isMember: true });
    expect((await conversationsOf(newcomer)).map((c) => c.id)).toContain(general!.id);
    await api().delete(`/api/v1/teams/${handle}/members/me`).set(bearer(newcomer.token)).expect(200);
  });

  it('cannot be left, renamed or made private; its people cannot be removed', async () => {
    const general = `${roomsPath(handle)}/general`;
    expect((await api().delete(`${general}/members/me`).set(bearer(maya.token))).status).toBe(409);
    const rename = await api().patch(general).set(bearer(owner.token)).send({ name: 'random' });
    expect(rename.status).toBe(409);
    expect(rename.body.error).toBe(ROOM_MESSAGES.generalKeepsItsName);
    expect((await api().patch(general).set(bearer(owner.token)).send({ isPrivate: true })).status).toBe(409);
    expect((await api().delete(`${general}/members/${maya.agentId}`).set(bearer(owner.token))).status).toBe(409);
    // Its topic can change.
    const topic = await api().patch(general).set(bearer(owner.token)).send({ topic: 'Everything else' }).expect(200);
    expect(topic.body.data.room).toMatchObject({ name: 'general', topic: 'Everything else' });
    // AI agents join when added.
    const added = await addToRoom(server, maya, handle, 'general', nova.id);
    expect(added.conversation!.participants.map((p) => p.agentId)).toContain(nova.id);
  });

  it('is backfilled at start-up for teams from before rooms, once, even by two nodes at once', async () => {
    const [team] = await server.ctx.db.insert(teams).values({ name: 'Old Team', handle: uniqueHandle('old') }).returning();
    const [ai] = await server.ctx.db.insert(agents).values({ username: `oldai${randomUUID().slice(0, 6)}`, firstName: 'Old', isHuman: false, ownerTeamId: team!.id }).returning();
    await server.ctx.db.insert(teamMembers).values([
      { teamId: team!.id, agentId: maya.agentId },
      { teamId: team!.id, agentId: liam.agentId },
      { teamId: team!.id, agentId: ai!.id },
      { teamId: team!.id, agentId: outsider.agentId, leftAt: new Date() },
    ]);
    await Promise.all([backfillGeneralRooms(server.ctx.db), backfillGeneralRooms(server.ctx.db)]);
    await backfillGeneralRooms(server.ctx.db);
    const generals = await server.ctx.db.select().from(conversations).where(and(eq(conversations.teamId, team!.id), eq(conversations.isGeneral, true)));
    expect(generals).toHaveLength(1);
    expect(await roomMemberIds(generals[0]!.id)).toEqual([maya.agentId, liam.agentId].sort());
    expect((await listRooms(server, liam, team!.handle)).map((r) => r.name)).toEqual(['general']);
  });
});

describe('creating rooms', () => {
  it('any member creates one with people and the team’s AI agents; the name is normalized and unique', async () => {
    const { room, conversation } = await createRoom(server, maya, handle, {
      name: '  Launch Plan ',
      topic: 'Ship it',
      memberIds: [liam.agentId, nova.id, liam.agentId],
    });
    expect(room).toMatchObject({ name: 'launch-plan', topic: 'Ship it', isPrivate: false, isGeneral: false, canManage: true, isMember: true, memberCount: 3, unreadCount: 0 });
    expect(conversation!.participants.map((p) => p.agentId).sort()).toEqual([maya.agentId, liam.agentId, nova.id].sort());
    expect(conversation!.room).toMatchObject({ name: 'launch-plan', agentTurnLimit: 4, answersAllAgentId: null });

    const again = await api().post(roomsPath(handle)).set(bearer(liam.token)).send({ name: 'launch-plan' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ROOM_MESSAGES.nameTaken);
    expect((await api().post(roomsPath(handle)).set(bearer(liam.token)).send({ name: '#General' })).status).toBe(409);
  });

  it('two creators racing for one name: one room, the other hears 409', async () => {
    const name = `race-${randomUUID().slice(0, 6)}`;
    const answers = await Promise.all([maya, liam, admin].map((u) => api().post(roomsPath(handle)).set(bearer(u.token)).send({ name })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await server.ctx.db.select().from(conversations).where(eq(conversations.name, name));
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await rowCounts(server);
    const otherTeam = await createTeam(server, outsider);
    const otherAi = await createAiAgent(server, outsider, otherTeam.handle);
    const afterSetup = await rowCounts(server);
    const base = { name: 'valid-name', topic: 'A topic', memberIds: [liam.agentId] };
    const bad: unknown[] = [
      withNul(base, 'name'),
      withNul(base, 'topic'),
      withNul(base, 'memberIds'),
      { ...base, name: '' },
      { ...base, name: 'x'.repeat(41) },
      { ...base, name: 'no_underscores!' },
      { ...base, topic: 't'.repeat(251) },
      { ...base, name: 5 },
      { ...base, isPrivate: 'yes' },
      { ...base, memberIds: 'everyone' },
      { ...base, memberIds: ['not-a-uuid'] },
      { ...base, memberIds: Array.from({ length: 201 }, () => randomUUID()) },
      // Someone outside the team, another team's AI agent, an unknown id.
      { ...base, memberIds: [outsider.agentId] },
      { ...base, memberIds: [otherAi.id] },
      { ...base, memberIds: [randomUUID()] },
      'just a string',
      [],
    ];
    for (const body of bad) {
      const res = await api().post(roomsPath(handle)).set(bearer(maya.token)).send(body as object);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const huge = await api().post(roomsPath(handle)).set(bearer(maya.token)).send({ ...base, topic: 'y'.repeat(2_000_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(afterSetup.conversations).toBe(before.conversations! + 1); // the other team's #general
    expect(await rowCounts(server)).toEqual(afterSetup);
  });
});

describe('open and private rooms', () => {
  it('a private room is invisible to everyone outside it, owners included', async () => {
    const { room } = await createRoom(server, liam, handle, { name: 'secret-plans', isPrivate: true, memberIds: [sage.id] });
    for (const user of [maya, owner, admin]) {
      expect((await listRooms(server, user, handle)).map((r) => r.name)).not.toContain('secret-plans');
      const res = await getRoom(server, user, handle, 'secret-plans');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(ROOM_MESSAGES.notFound);
      expect((await api().post(`${roomsPath(handle)}/secret-plans/join`).set(bearer(user.token))).status).toBe(404);
      expect((await api().get(`/api/v1/chat/conversations/${room.id}`).set(bearer(user.token))).status).toBe(404);
      expect((await api().get(`/api/v1/chat/conversations/${room.id}/messages`).set(bearer(user.token))).status).toBe(404);
    }
    // A room of the same name is still taken (a hidden room says only that the name is taken).
    expect((await api().post(roomsPath(handle)).set(bearer(maya.token)).send({ name: 'secret-plans' })).status).toBe(409);
    // Outside the team: the team rule answers first.
    expect((await getRoom(server, outsider, handle, 'secret-plans')).status).toBe(403);
    expect((await getRoom(server, outsider, handle, 'general')).status).toBe(403);
  });

  it('an open room lists for every member; joining gives its conversation, leaving takes it away', async () => {
    await createRoom(server, maya, handle, { name: 'design', topic: 'Pixels' });
    const listed = (await listRooms(server, liam, handle)).find((r) => r.name === 'design');
    expect(listed).toMatchObject({ isMember: false, memberCount: 1, unreadCount: 0 });
    // Mine first, then the ones I could join.
    const names = (await listRooms(server, liam, handle)).map((r) => ({ name: r.name, isMember: r.isMember }));
    expect(names.findIndex((r) => !r.isMember)).toBeGreaterThan(names.findLastIndex((r) => r.isMember));

    const preview = await getRoom(server, liam, handle, 'design');
    expect(preview.body.data).toMatchObject({ room: { isMember: false }, conversation: null });
    expect((await api().get(`/api/v1/chat/conversations/${listed!.id}`).set(bearer(liam.token))).status).toBe(404);

    await sendMessage(server, maya, listed!.id, 'before you came');
    const joined = await api().post(`${roomsPath(handle)}/design/join`).set(bearer(liam.token)).expect(200);
    // What was said before is history, not unread.
    expect(joined.body.data.room.unreadCount).toBe(0);
    expect(joined.body.data.conversation.unreadCount).toBe(0);
    expect(joined.body.data).toMatchObject({ room: { isMember: true, memberCount: 2 }, conversation: { id: listed!.id } });
    await api().post(`${roomsPath(handle)}/design/join`).set(bearer(liam.token)).expect(200);
    await sendMessage(server, liam, listed!.id, 'hello design');

    await api().delete(`${roomsPath(handle)}/design/members/me`).set(bearer(liam.token)).expect(200);
    expect((await api().delete(`${roomsPath(handle)}/design/members/me`).set(bearer(liam.token))).status).toBe(409);
    expect((await api().get(`/api/v1/chat/conversations/${listed!.id}`).set(bearer(liam.token))).status).toBe(404);
    expect((await conversationsOf(liam)).map((c) => c.id)).not.toContain(listed!.id);
    const send = await api().post(`/api/v1/chat/conversations/${listed!.id}/messages`).set(bearer(liam.token)).send({ content: 'still here?', clientMessageId: randomUUID() });
    expect(send.status).toBe(404);
  });
});

describe('changing rooms', () => {
  it('its creator and the team’s owners and admins change a room; others get 403', async () => {
    await createRoom(server, maya, handle, { name: 'roadmap', memberIds: [liam.agentId, nova.id] });
    const path = `${roomsPath(handle)}/roadmap`;
    const denied = await api().patch(path).set(bearer(liam.token)).send({ topic: 'mine now' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(ROOM_MESSAGES.managersOnly);

    const renamed = await api().patch(path).set(bearer(maya.token)).send({ name: 'Roadmap 2027', topic: 'Next year', agentTurnLimit: 2 }).expect(200);
    expect(renamed.body.data.room).toMatchObject({ name: 'roadmap-2027', topic: 'Next year', agentTurnLimit: 2 });
    expect((await getRoom(server, maya, handle, 'roadmap')).status).toBe(404);
    await api().patch(`${roomsPath(handle)}/roadmap-2027`).set(bearer(admin.token)).send({ isPrivate: true }).expect(200);
    expect((await api().patch(`${roomsPath(handle)}/roadmap-2027`).set(bearer(maya.token)).send({ name: 'launch-plan' })).status).toBe(409);

    const ai = `${roomsPath(handle)}/roadmap-2027`;
    expect((await api().patch(ai).set(bearer(maya.token)).send({ answersAllAgentId: liam.agentId })).status).toBe(400);
    expect((await api().patch(ai).set(bearer(maya.token)).send({ answersAllAgentId: sage.id })).status).toBe(400);
    expect((await api().patch(ai).set(bearer(maya.token)).send({ answersAllAgentId: 'nope' })).status).toBe(400);
    const set = await api().patch(ai).set(bearer(maya.token)).send({ answersAllAgentId: nova.id }).expect(200);
    expect(set.body.data.conversation.room.answersAllAgentId).toBe(nova.id);
    for (const body of [{}, { agentTurnLimit: 11 }, { agentTurnLimit: -1 }, { topic: 'a\u0000b' }, { isPrivate: 'no' }, { name: null }])
      expect((await api().patch(ai).set(bearer(maya.token)).send(body)).status, JSON.stringify(body)).toBe(400);

    // Removing the agent that answers everything clears the setting.
    await api().delete(`${ai}/members/${nova.id}`).set(bearer(liam.token)).expect(200);
    expect((await getRoom(server, maya, handle, 'roadmap-2027')).body.data.room.answersAllAgentId).toBeNull();
  });

  it('any member adds a person of the team or its AI agent; only managers remove people, anyone an AI agent', async () => {
    await createRoom(server, maya, handle, { name: 'support', isPrivate: true, memberIds: [liam.agentId] });
    const path = `${roomsPath(handle)}/support`;
    // Liam (a plain member of the room) adds an AI agent and a person.
    await addToRoom(server, liam, handle, 'support', sage.id);
    const withAdmin = await addToRoom(server, liam, handle, 'support', admin.agentId);
    expect(withAdmin.room.memberCount).toBe(4);
    expect((await api().post(`${path}/members`).set(bearer(liam.token)).send({ agentId: sage.id })).status).toBe(409);
    expect((await api().post(`${path}/members`).set(bearer(liam.token)).send({ agentId: outsider.agentId })).status).toBe(400);
    expect((await api().post(`${path}/members`).set(bearer(liam.token)).send({ agentId: randomUUID() })).status).toBe(400);
    expect((await api().post(`${path}/members`).set(bearer(liam.token)).send({ agentId: 'x\u0000' })).status).toBe(400);
    expect((await api().post(`${path}/members`).set(bearer(liam.token)).send({})).status).toBe(400);
    // Someone outside the private room cannot even find it.
    expect((await api().post(`${path}/members`).set(bearer(owner.token)).send({ agentId: owner.agentId })).status).toBe(404);

    expect((await api().delete(`${path}/members/${admin.agentId}`).set(bearer(liam.token))).status).toBe(403);
    expect((await api().delete(`${path}/members/${outsider.agentId}`).set(bearer(maya.token))).status).toBe(404);
    expect((await api().delete(`${path}/members/not-an-id`).set(bearer(maya.token))).status).toBe(404);
    await api().delete(`${path}/members/${sage.id}`).set(bearer(liam.token)).expect(200);
    // The creator removes a person; the admin, a team manager who is in the room, removes one too.
    await api().delete(`${path}/members/${liam.agentId}`).set(bearer(admin.token)).expect(200);
    await api().delete(`${path}/members/${admin.agentId}`).set(bearer(maya.token)).expect(200);
    expect((await getRoom(server, liam, handle, 'support')).status).toBe(404);

    // An open room: a team member outside it may not add people to it.
    await createRoom(server, maya, handle, { name: 'watercooler' });
    expect((await api().post(`${roomsPath(handle)}/watercooler/members`).set(bearer(liam.token)).send({ agentId: liam.agentId })).status).toBe(403);
  });
});

describe('rooms as conversations', () => {
  it('the inbox lists my rooms with unread counts; a person’s message queues no AI reply', async () => {
    const { room } = await createRoom(server, maya, handle, { name: 'inbox-check', memberIds: [liam.agentId, sage.id] });
    await sendMessage(server, liam, room.id, 'one');
    await sendMessage(server, liam, room.id, 'two');
    const listed = (await conversationsOf(maya)).find((c) => c.id === room.id);
    expect(listed).toMatchObject({ conversationType: 'room', otherAgent: null, unreadCount: 2, room: { name: 'inbox-check', canManage: true } });
    expect((await conversationsOf(liam)).find((c) => c.id === room.id)).toMatchObject({ unreadCount: 0, room: { canManage: false } });
    expect((await listRooms(server, maya, handle)).find((r) => r.id === room.id)).toMatchObject({ unreadCount: 2 });
    const jobs = await server.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, room.id));
    expect(jobs).toEqual([]);
  });

  it('leaving the team, or being removed, takes a person out of all its rooms at once', async () => {
    const [goner, removed] = await Promise.all([signUpVerified(server, 'rgoner'), signUpVerified(server, 'rremoved')]);
    await addMember(server, owner, handle, goner.username);
    await addMember(server, owner, handle, removed.username);
    const { room } = await createRoom(server, goner, handle, { name: `farewell-${randomUUID().slice(0, 4)}`, memberIds: [removed.agentId, maya.agentId] });
    const general = (await listRooms(server, goner, handle)).find((r) => r.isGeneral)!;
    await sendMessage(server, goner, room.id, 'last words');

    await api().delete(`/api/v1/teams/${handle}/members/me`).set(bearer(goner.token)).expect(200);
    await api().delete(`/api/v1/teams/${handle}/members/${removed.agentId}`).set(bearer(owner.token)).expect(200);
    for (const user of [goner, removed]) {
      for (const id of [room.id, general.id]) {
        expect((await api().get(`/api/v1/chat/conversations/${id}`).set(bearer(user.token))).status).toBe(404);
        expect(await roomMemberIds(id)).not.toContain(user.agentId);
      }
      expect((await conversationsOf(user)).filter((c) => c.conversationType === 'room')).toEqual([]);
      expect((await api().get(roomsPath(handle)).set(bearer(user.token))).status).toBe(403);
    }
    // The room goes on for the others, its history kept.
    const messages = await api().get(`/api/v1/chat/conversations/${room.id}/messages`).set(bearer(maya.token)).expect(200);
    expect(messages.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['last words']);

    // Coming back: #general again, the other rooms only if someone adds them.
    await addMember(server, owner, handle, goner.username);
    const back = await listRooms(server, goner, handle);
    expect(back.find((r) => r.isGeneral)).toMatchObject({ id: general.id, isMember: true, canManage: false });
    expect(back.find((r) => r.id === room.id)).toMatchObject({ isMember: false });
  });

  it('deleting a team hides its rooms from their members; they stay as they were for a restore', async () => {
    const boss = await signUpVerified(server, 'rboss');
    const team = await createTeam(server, boss);
    await addMember(server, boss, team.handle, maya.username);
    const { room } = await createRoom(server, maya, team.handle, { name: 'doomed' });
    await api().delete(`/api/v1/teams/${team.handle}`).set(bearer(boss.token)).expect(200);
    expect((await conversationsOf(maya)).map((c) => c.id)).not.toContain(room.id);
    expect((await getRoom(server, maya, team.handle, 'doomed')).status).toBe(404);
    expect(await roomMemberIds(room.id)).toContain(maya.agentId);
    await api().post(`/api/v1/teams/${team.handle}/restore`).set(bearer(boss.token)).expect(200);
    expect((await conversationsOf(maya)).map((c) => c.id)).toContain(room.id);
  });
});
