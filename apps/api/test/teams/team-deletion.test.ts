import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ERRORS, TEAM_MESSAGES, type TDeletedTeam, type TRoom } from '@agentroom/shared';
import { signUpVerified, type TestServer } from '../support/test-server';
import { closeSockets, connectSocket, joinConversation, nextEvent, sendMessage, startConversation } from '../chat/chat-fixtures';
import { listRooms } from '../rooms/room-helpers';
import { setTeamDeletedAt } from '../../src/teams/teams-repo';
import { purgeDeletedTeams } from '../../src/teams/team-purge-worker';
import { addMember, bearer, createAiAgent, createTeam, startServerWithUsers, type TestUser } from './team-helpers';

/**
 * Teams do not vanish by accident. The last person cannot leave a team that holds
 * something; deleting is soft (hidden from everyone at once, restorable by its owners during the
 * grace period, then purged, which frees the handle); someone removed hears it at once.
 */
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ({ server, users: [owner, member, stranger] } = await startServerWithUsers('delowner', 'delmember', 'delstranger'));
});
afterEach(() => closeSockets());
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

const api = () => server.api();
const leave = (user: TestUser, handle: string) => api().delete(`/api/v1/teams/${handle}/members/me`).set(bearer(user.token));
const deleteTeam = (user: TestUser, handle: string) => api().delete(`/api/v1/teams/${handle}`).set(bearer(user.token));
const restore = (user: TestUser, handle: string) => api().post(`/api/v1/teams/${handle}/restore`).set(bearer(user.token));
const deletedTeams = async (user: TestUser) =>
  (await api().get('/api/v1/deleted-teams').set(bearer(user.token)).expect(200)).body.data.teams as TDeletedTeam[];
const DAY_MS = 24 * 60 * 60 * 1000;

async function generalOf(user: TestUser, handle: string): Promise<TRoom> {
  return (await listRooms(server, user, handle)).find((room) => room.isGeneral)!;
}

describe('the last person leaving', () => {
  it('is refused while the team holds a room with messages, with a clear error; the team stays', async () => {
    const team = await createTeam(server, owner);
    await sendMessage(server, owner, (await generalOf(owner, team.handle)).id, 'Notes worth keeping');
    const refused = await leave(owner, team.handle).expect(409);
    expect(refused.body.error).toBe(TEAM_MESSAGES.lastPersonCannotLeave);
    await api().get(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).expect(200);
  });

  it('is refused while the team has an AI agent', async () => {
    const team = await createTeam(server, owner);
    await createAiAgent(server, owner, team.handle, { firstName: 'Bot' });
    expect((await leave(owner, team.handle).expect(409)).body.error).toBe(TEAM_MESSAGES.lastPersonCannotLeave);
  });

  it('is refused while a team-scoped conversation has messages, even after the others left', async () => {
    const team = await createTeam(server, owner);
    await addMember(server, owner, team.handle, member.username);
    const chat = await startConversation(server, owner, { agentId: member.agentId }, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle });
    await sendMessage(server, owner, chat.id, 'Just us');
    await leave(member, team.handle).expect(200);
    expect((await leave(owner, team.handle).expect(409)).body.error).toBe(TEAM_MESSAGES.lastPersonCannotLeave);
  });

  it('is allowed when the team is empty (an unwritten #general): the team goes and its handle is free', async () => {
    const team = await createTeam(server, owner);
    await leave(owner, team.handle).expect(200);
    await api().get(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).expect(404);
    await createTeam(server, stranger, { handle: team.handle });
  });

  it('keeps the usual leave for someone who is not the last', async () => {
    const team = await createTeam(server, owner);
    await createAiAgent(server, owner, team.handle, { firstName: 'Bot' });
    await addMember(server, owner, team.handle, member.username);
    await leave(member, team.handle).expect(200);
    await api().get(`/api/v1/teams/${team.handle}`).set(bearer(member.token)).expect(403);
  });
});

/** A team with a written room, a team-scoped conversation and an AI agent; owner and member in it. */
async function busyTeam() {
  const team = await createTeam(server, owner);
  await addMember(server, owner, team.handle, member.username);
  const ai = await createAiAgent(server, owner, team.handle, { firstName: 'Sage' });
  const general = await generalOf(owner, team.handle);
  await sendMessage(server, owner, general.id, 'Welcome');
  const chat = await startConversation(server, owner, { agentId: member.agentId }, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle });
  await sendMessage(server, owner, chat.id, 'Between us');
  return { team, ai, general, chat };
}

describe('deleting a team', () => {
  it('hides it at once from every team, room, conversation and AI agent route, for members as for strangers (404 like unknown)', async () => {
    const { team, ai, general, chat } = await busyTeam();
    await deleteTeam(owner, team.handle).expect(200);

    for (const user of [owner, member, stranger]) {
      const teams = (await api().get('/api/v1/teams').set(bearer(user.token)).expect(200)).body.data.teams as { id: string }[];
      expect(teams.map((t) => t.id)).not.toContain(team.id);
      for (const path of [`/teams/${team.handle}`, `/teams/${team.handle}/agents`, `/teams/${team.handle}/rooms`, `/teams/${team.handle}/rooms/general`]) {
        const res = await api().get(`/api/v1${path}`).set(bearer(user.token));
        expect(res.status, `${path} for ${user.username}`).toBe(404);
        expect(res.body.error).toBe(TEAM_ERRORS.notFound);
      }
      expect((await api().get(`/api/v1/agents/${ai.username}`).set(bearer(user.token))).status).toBe(404);
    }
    const { requestId: _unknownId, ...unknown } = (await api().get('/api/v1/teams/no-such-team-here').set(bearer(member.token)).expect(404)).body;
    const { requestId: _deletedId, ...deleted } = (await api().get(`/api/v1/teams/${team.handle}`).set(bearer(stranger.token))).body;
    expect(deleted).toEqual(unknown);
    for (const user of [owner, member]) {
      for (const id of [general.id, chat.id]) {
        const res = await api().get(`/api/v1/chat/conversations/${id}/messages`).set(bearer(user.token));
        expect([403, 404], `${id} for ${user.username}`).toContain(res.status);
      }
      const list = (await api().get('/api/v1/chat/conversations').set(bearer(user.token)).expect(200)).body.data.conversations as { id: string }[];
      expect(list.map((c) => c.id)).not.toContain(general.id);
      expect(list.map((c) => c.id)).not.toContain(chat.id);
    }
    // Writes are refused alike; the handle stays taken until the purge.
    await api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: stranger.username }).expect(404);
    await api().post('/api/v1/teams').set(bearer(stranger.token)).send({ name: 'Squatter', handle: team.handle }).expect(409);
  });

  it('tells every member at once (teams:changed) and takes their sockets out of its rooms', async () => {
    const { team, general } = await busyTeam();
    const atMember = await connectSocket(server.url, member.token);
    expect(await joinConversation(atMember, general.id)).toEqual({ ok: true });
    const told = nextEvent(atMember, 'teams:changed');
    await deleteTeam(owner, team.handle).expect(200);
    expect(await told).toEqual({ teamId: team.id, handle: team.handle, name: team.name, change: 'deleted' });
    expect((await joinConversation(atMember, general.id)).ok).toBe(false);
  });

  it('is for owners only', async () => {
    const { team } = await busyTeam();
    await deleteTeam(member, team.handle).expect(403);
    await deleteTeam(stranger, team.handle).expect(403);
  });
});

describe('restoring a deleted team', () => {
  it('is listed for its owners only, and brings back everything for everyone', async () => {
    const { team, ai, general, chat } = await busyTeam();
    await deleteTeam(owner, team.handle).expect(200);

    const listed = await deletedTeams(owner);
    const mine = listed.find((t) => t.id === team.id)!;
    expect(mine).toMatchObject({ handle: team.handle, name: team.name });
    expect(new Date(mine.purgeAt).getTime() - new Date(mine.deletedAt).getTime()).toBe(server.ctx.config.teamDeleteGraceDays * DAY_MS);
    expect((await deletedTeams(member)).map((t) => t.id)).not.toContain(team.id);
    expect((await deletedTeams(stranger)).map((t) => t.id)).not.toContain(team.id);

    await restore(stranger, team.handle).expect(404);
    expect((await restore(member, team.handle).expect(403)).body.error).toBe(TEAM_MESSAGES.ownersOnly);
    const restored = await restore(owner, team.handle).expect(200);
    expect(restored.body.data.team).toMatchObject({ id: team.id, memberCount: 3, myRole: 'owner' });

    for (const user of [owner, member]) {
      await api().get(`/api/v1/teams/${team.handle}`).set(bearer(user.token)).expect(200);
      await api().get(`/api/v1/agents/${ai.username}`).set(bearer(user.token)).expect(200);
      const messages = await api().get(`/api/v1/chat/conversations/${general.id}/messages`).set(bearer(user.token)).expect(200);
      expect(JSON.stringify(messages.body.data)).toContain('Welcome');
      await api().get(`/api/v1/chat/conversations/${chat.id}/messages`).set(bearer(user.token)).expect(200);
    }
    expect((await deletedTeams(owner)).map((t) => t.id)).not.toContain(team.id);
    expect((await restore(owner, team.handle).expect(409)).body.error).toBe(TEAM_MESSAGES.notDeleted);
  });

  it('is refused once the grace period is over', async () => {
    const { team } = await busyTeam();
    await deleteTeam(owner, team.handle).expect(200);
    await setTeamDeletedAt(server.ctx.db, team.id, new Date(Date.now() - (server.ctx.config.teamDeleteGraceDays * DAY_MS + 60_000)));
    expect((await deletedTeams(owner)).map((t) => t.id)).not.toContain(team.id);
    expect((await restore(owner, team.handle).expect(409)).body.error).toBe(TEAM_MESSAGES.restoreTooLate);
  });
});

describe('the purge after the grace period', () => {
  it('deletes the team for good and frees its handle; a team still within its grace period stays', async () => {
    const { team: old } = await busyTeam();
    const { team: recent } = await busyTeam();
    await deleteTeam(owner, old.handle).expect(200);
    await deleteTeam(owner, recent.handle).expect(200);
    await setTeamDeletedAt(server.ctx.db, old.id, new Date(Date.now() - (server.ctx.config.teamDeleteGraceDays * DAY_MS + 60_000)));

    expect(await purgeDeletedTeams(server.ctx)).toBeGreaterThanOrEqual(1);
    await restore(owner, old.handle).expect(404);
    const reused = await createTeam(server, stranger, { handle: old.handle });
    expect(reused.id).not.toBe(old.id);
    expect(reused.memberCount).toBe(1);
    expect((await deletedTeams(owner)).map((t) => t.id)).toContain(recent.id);
    await restore(owner, recent.handle).expect(200);
  });
});

describe('removing a member', () => {
  it('tells the removed person at once, by name, and they lose the team', async () => {
    const team = await createTeam(server, owner);
    const removed = await signUpVerified(server, 'delremoved');
    await addMember(server, owner, team.handle, removed.username);
    const general = await generalOf(removed, team.handle);
    const atRemoved = await connectSocket(server.url, removed.token);
    expect(await joinConversation(atRemoved, general.id)).toEqual({ ok: true });
    const atOwner = await connectSocket(server.url, owner.token);
    const ownerHeard: unknown[] = [];
    atOwner.on('teams:changed', (event) => ownerHeard.push(event));

    const told = nextEvent(atRemoved, 'teams:changed');
    await api().delete(`/api/v1/teams/${team.handle}/members/${removed.agentId}`).set(bearer(owner.token)).expect(200);
    expect(await told).toEqual({ teamId: team.id, handle: team.handle, name: team.name, change: 'removed' });
    await api().get(`/api/v1/teams/${team.handle}`).set(bearer(removed.token)).expect(403);
    expect((await joinConversation(atRemoved, general.id)).ok).toBe(false);
    // Only the removed person is told; a round trip later the owner has still heard nothing.
    expect((await joinConversation(atOwner, general.id)).ok).toBe(true);
    expect(ownerHeard).toEqual([]);
  });
});
