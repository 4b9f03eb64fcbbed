import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@agentroom/shared';
import { closeSockets, connectSocket, joinConversation, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from './team-helpers';

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member] = await Promise.all([signUpVerified(server, 'owner'), signUpVerified(server, 'admin'), signUpVerified(server, 'member')]);
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

async function teamOfThree() {
  const team = await createTeam(server, owner);
  await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
  await addMember(server, owner, team.handle, member.username);
  return team;
}

const rolesOf = async (handle: string, as: TestUser) => {
  const res = await server.api().get(`/api/v1/teams/${handle}/agents`).set(bearer(as.token)).expect(200);
  return Object.fromEntries(res.body.data.agents.map((a: { username: string; membershipRole: string }) => [a.username, a.membershipRole]));
};

describe('roles', () => {
  it('a manager promotes and demotes; the new role shows for everyone', async () => {
    const team = await teamOfThree();
    const res = await server.api().patch(`/api/v1/teams/${team.handle}/members/${member.agentId}`).set(bearer(admin.token)).send({ role: 'admin' }).expect(200);
    expect(res.body.data.agent).toMatchObject({ id: member.agentId, membershipRole: 'admin' });
    expect((await rolesOf(team.handle, member))[member.username]).toBe('admin');
    const mine = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(member.token)).expect(200);
    expect(mine.body.data.team).toMatchObject({ myRole: 'admin', canManage: true });

    await server.api().patch(`/api/v1/teams/${team.handle}/members/${member.agentId}`).set(bearer(owner.token)).send({ role: 'member' }).expect(200);
    expect((await rolesOf(team.handle, owner))[member.username]).toBe('member');
  });

  it('an admin can neither make nor unmake an owner; an owner can', async () => {
    const team = await teamOfThree();
    const making = await server.api().patch(`/api/v1/teams/${team.handle}/members/${member.agentId}`).set(bearer(admin.token)).send({ role: 'owner' }).expect(403);
    expect(making.body.error).toBe(TEAM_MESSAGES.ownersManageOwners);
    await server.api().patch(`/api/v1/teams/${team.handle}/members/${owner.agentId}`).set(bearer(admin.token)).send({ role: 'admin' }).expect(403);
    await server.api().delete(`/api/v1/teams/${team.handle}/members/${owner.agentId}`).set(bearer(admin.token)).expect(403);
    expect((await rolesOf(team.handle, owner))[owner.username]).toBe('owner');

    await server.api().patch(`/api/v1/teams/${team.handle}/members/${admin.agentId}`).set(bearer(owner.token)).send({ role: 'owner' }).expect(200);
    // Now a co-owner, the former admin may unmake the original owner.
    await server.api().patch(`/api/v1/teams/${team.handle}/members/${owner.agentId}`).set(bearer(admin.token)).send({ role: 'member' }).expect(200);
    expect(await rolesOf(team.handle, owner)).toMatchObject({ [owner.username]: 'member', [admin.username]: 'owner' });
  });

  it('nobody changes or removes themselves; AI agents stay members', async () => {
    const team = await teamOfThree();
    const self = await server.api().patch(`/api/v1/teams/${team.handle}/members/${admin.agentId}`).set(bearer(admin.token)).send({ role: 'member' }).expect(400);
    expect(self.body.error).toBe(TEAM_MESSAGES.notYourself);
    await server.api().delete(`/api/v1/teams/${team.handle}/members/${admin.agentId}`).set(bearer(admin.token)).expect(400);
    const ai = await createAiAgent(server, owner, team.handle);
    const promoted = await server.api().patch(`/api/v1/teams/${team.handle}/members/${ai.id}`).set(bearer(owner.token)).send({ role: 'admin' }).expect(409);
    expect(promoted.body.error).toBe(TEAM_MESSAGES.aiAgentKeepsMemberRole);
  });
});

describe('removing a member', () => {
  it('is the same as their leaving: the team and its team-scoped conversation are gone for them at once', async () => {
    const team = await teamOfThree();
    const chat = await startConversation(server, member, { agentId: admin.agentId }, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle });
    const socket = await connectSocket(server.url, member.token);
    expect(await joinConversation(socket, chat.id)).toMatchObject({ ok: true });

    const res = await server.api().delete(`/api/v1/teams/${team.handle}/members/${member.agentId}`).set(bearer(admin.token)).expect(200);
    expect(res.body.data).toEqual({ removed: true });

    await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(member.token)).expect(403);
    const mine = await server.api().get('/api/v1/teams').set(bearer(member.token)).expect(200);
    expect(mine.body.data.teams.map((t: { handle: string }) => t.handle)).not.toContain(team.handle);
    await server.api().get(`/api/v1/chat/conversations/${chat.id}`).set(bearer(member.token)).expect(404);
    expect(await joinConversation(socket, chat.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const view = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).expect(200);
    expect(view.body.data.team.memberCount).toBe(2);
  });
});

describe('team details and deletion (owners)', () => {
  it('renames and describes a team; everyone sees it', async () => {
    const team = await teamOfThree();
    const res = await server.api().patch(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).send({ name: '  Night Shift ', description: 'We answer at 3 a.m.' }).expect(200);
    expect(res.body.data.team).toMatchObject({ name: 'Night Shift', description: 'We answer at 3 a.m.', handle: team.handle });
    const seen = await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(member.token)).expect(200);
    expect(seen.body.data.team).toMatchObject({ name: 'Night Shift', description: 'We answer at 3 a.m.' });
    await server.api().patch(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).send({ description: '' }).expect(200);
  });

  it('deleting hides the team from all at once (404 like an unknown one): its conversations and AI agents are unreachable', async () => {
    const team = await teamOfThree();
    const ai = await createAiAgent(server, owner, team.handle);
    const aiChat = await startConversation(server, member, { agentId: ai.id });
    const teamChat = await startConversation(server, member, { agentId: admin.agentId }, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle });

    const res = await server.api().delete(`/api/v1/teams/${team.handle}`).set(bearer(owner.token)).expect(200);
    expect(res.body.data).toEqual({ deleted: true });

    for (const person of [owner, admin, member]) {
      const mine = await server.api().get('/api/v1/teams').set(bearer(person.token)).expect(200);
      expect(mine.body.data.teams.map((t: { handle: string }) => t.handle)).not.toContain(team.handle);
      await server.api().get(`/api/v1/teams/${team.handle}`).set(bearer(person.token)).expect(404);
      await server.api().get(`/api/v1/agents/${ai.username}`).set(bearer(person.token)).expect(404);
    }
    await server.api().get(`/api/v1/chat/conversations/${aiChat.id}`).set(bearer(member.token)).expect(404);
    await server.api().get(`/api/v1/chat/conversations/${teamChat.id}`).set(bearer(member.token)).expect(404);
    await server.api().get(`/api/v1/chat/conversations/${teamChat.id}`).set(bearer(admin.token)).expect(404);
    // Nobody manages it any more (until an owner restores it), so nobody can bring people into it.
    await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: member.username }).expect(404);
  });
});
