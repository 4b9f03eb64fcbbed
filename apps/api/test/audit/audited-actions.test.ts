import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTeam } from '@agentroom/shared';
import { replyJobs, toolCalls } from '../../src/db/schema';
import { closeSockets, sendMessage, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from '../teams/team-helpers';
import { seatExternal } from '../external-agents/external-fixtures';
import { expectOneRow, LOCAL_IPS, rowsWrittenBy, type AuditRow } from './audit-support';

/**
 * Every audited change (decision 0028), made through HTTP as a user would: exactly one row, with who
 * did it, in which team, to what, from where, and never a secret. Changes that fail write nothing.
 */
let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let invitee: TestUser;
let team: TTeam;
const api = () => server.api();
const as = (user: TestUser) => bearer(user.token);

/** The row of a person's change made through HTTP in `team`. */
const byPerson = (user: TestUser, teamId = team.id): Partial<AuditRow> => ({ actorKind: 'person', actorAgentId: user.agentId, actorName: `${user.firstName} ${user.lastName}`, teamId });
const expectFromRequest = (row: AuditRow) => expect(LOCAL_IPS).toContain(row.ip);

beforeAll(async () => {
  // MCP servers at 127.0.0.1:1 are allowed, so a registration is stored (unreachable) without leaving the machine.
  server = await startTestServer({ MCP_ALLOWED_HOSTS: '127.0.0.1', LOGIN_LOCKOUT_MAX_FAILURES: '2' });
  [owner, admin, member, invitee] = [await signUpVerified(server, 'owner'), await signUpVerified(server, 'admin'), await signUpVerified(server, 'member'), await signUpVerified(server, 'invitee')];
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

describe('team and membership changes', () => {
  it('team.created', async () => {
    const rows = await rowsWrittenBy(server, async () => {
      team = await createTeam(server, owner, { name: 'Audited' });
    });
    const row = expectOneRow(rows, 'team.created', { ...byPerson(owner), targetKind: 'team', targetId: team.id, targetName: 'Audited' });
    expectFromRequest(row);
  });

  it('member.added, and an admin making someone owner (403) or a bad body (400) writes none', async () => {
    const rows = await rowsWrittenBy(server, () =>
      api().post(`/api/v1/teams/${team.handle}/members`).set(as(owner)).send({ username: admin.username, role: 'admin' }).expect(201),
    );
    expectFromRequest(expectOneRow(rows, 'member.added', { ...byPerson(owner), targetKind: 'agent', targetId: admin.agentId, targetName: admin.username, details: { role: 'admin' } }));
    await addMember(server, owner, team.handle, member.username);

    const refused = await rowsWrittenBy(server, async () => {
      await api().patch(`/api/v1/teams/${team.handle}/members/${member.agentId}`).set(as(admin)).send({ role: 'owner' }).expect(403);
      await api().post(`/api/v1/teams/${team.handle}/members`).set(as(owner)).send({ username: 42 }).expect(400);
      await api().patch(`/api/v1/teams/${team.handle}`).set(as(admin)).send({ name: 'Taken over' }).expect(403);
      await api().put(`/api/v1/teams/${team.handle}/budget`).set(as(owner)).send({ dailyTokenBudget: -5, personDailyTokenLimit: null }).expect(400);
    });
    expect(refused).toEqual([]);
  });

  it('member.role_changed with from and to', async () => {
    const rows = await rowsWrittenBy(server, () => api().patch(`/api/v1/teams/${team.handle}/members/${member.agentId}`).set(as(admin)).send({ role: 'admin' }).expect(200));
    expectOneRow(rows, 'member.role_changed', { ...byPerson(admin), targetKind: 'agent', targetId: member.agentId, details: { from: 'member', to: 'admin' } });
    await api().patch(`/api/v1/teams/${team.handle}/members/${member.agentId}`).set(as(owner)).send({ role: 'member' }).expect(200);
  });

  it('team.updated names only the fields that changed', async () => {
    const rows = await rowsWrittenBy(server, () => api().patch(`/api/v1/teams/${team.handle}`).set(as(owner)).send({ name: 'Audited Team', description: team.description }).expect(200));
    expectOneRow(rows, 'team.updated', { ...byPerson(owner), targetKind: 'team', targetName: 'Audited Team', details: { name: { from: 'Audited', to: 'Audited Team' } } });
  });

  it('team.budget_changed', async () => {
    const rows = await rowsWrittenBy(server, () => api().put(`/api/v1/teams/${team.handle}/budget`).set(as(owner)).send({ dailyTokenBudget: 1000, personDailyTokenLimit: null }).expect(200));
    expectOneRow(rows, 'team.budget_changed', { ...byPerson(owner), targetKind: 'team', targetId: team.id, details: { dailyTokenBudget: { from: null, to: 1000 } } });
  });

  it('member.removed by a manager, member.left by the person', async () => {
    const leaver = await signUpVerified(server, 'leaver');
    await addMember(server, owner, team.handle, leaver.username);
    const left = await rowsWrittenBy(server, () => api().delete(`/api/v1/teams/${team.handle}/members/me`).set(as(leaver)).expect(200));
    expectOneRow(left, 'member.left', { ...byPerson(leaver), targetKind: 'agent', targetId: leaver.agentId, targetName: leaver.username });

    await addMember(server, owner, team.handle, leaver.username);
    const removed = await rowsWrittenBy(server, () => api().delete(`/api/v1/teams/${team.handle}/members/${leaver.agentId}`).set(as(admin)).expect(200));
    expectOneRow(removed, 'member.removed', { ...byPerson(admin), targetKind: 'agent', targetId: leaver.agentId, targetName: leaver.username });
  });
});

describe('invitations', () => {
  it('invitation.created names the address, never the token; invitation.revoked', async () => {
    const created = await rowsWrittenBy(server, () => api().post(`/api/v1/teams/${team.handle}/invitations`).set(as(admin)).send({ email: 'someone@example.test' }).expect(201));
    const row = expectOneRow(created, 'invitation.created', { ...byPerson(admin), targetKind: 'invitation', targetName: 'someone@example.test' });
    const mail = await server.mail.nextMail('someone@example.test');
    const token = /token=([A-Za-z0-9_-]+)/.exec(JSON.stringify(mail))![1]!;
    expect(JSON.stringify(row)).not.toContain(token);

    const revoked = await rowsWrittenBy(server, () => api().delete(`/api/v1/teams/${team.handle}/invitations/${row.targetId}`).set(as(owner)).expect(200));
    expectOneRow(revoked, 'invitation.revoked', { ...byPerson(owner), targetKind: 'invitation', targetId: row.targetId, targetName: 'someone@example.test' });
  });

  it('invitation.accepted is the one row of a join, the person who joined its actor', async () => {
    const invitation = (await api().post(`/api/v1/teams/${team.handle}/invitations`).set(as(owner)).send({ email: invitee.email }).expect(201)).body.data.invitation;
    const rows = await rowsWrittenBy(server, () => api().post(`/api/v1/invitations/${invitation.id}/accept`).set(as(invitee)).expect(200));
    expectFromRequest(expectOneRow(rows, 'invitation.accepted', { ...byPerson(invitee), targetKind: 'invitation', targetId: invitation.id, targetName: invitee.email }));
  });
});

describe('rooms', () => {
  const rooms = () => `/api/v1/teams/${team.handle}/rooms`;
  let roomId: string;

  it('room.created, room.updated with the changed fields', async () => {
    const created = await rowsWrittenBy(server, async () => {
      roomId = (await api().post(rooms()).set(as(admin)).send({ name: 'audited-room' }).expect(201)).body.data.room.id;
    });
    expectOneRow(created, 'room.created', { ...byPerson(admin), targetKind: 'room', targetId: roomId, targetName: 'audited-room' });

    const updated = await rowsWrittenBy(server, () => api().patch(`${rooms()}/audited-room`).set(as(admin)).send({ topic: 'Plans' }).expect(200));
    expectOneRow(updated, 'room.updated', { ...byPerson(admin), targetKind: 'room', targetId: roomId, details: { topic: { from: '', to: 'Plans' } } });
  });

  it('room.member_added and room.member_removed; leaving a room oneself writes none', async () => {
    const added = await rowsWrittenBy(server, () => api().post(`${rooms()}/audited-room/members`).set(as(admin)).send({ agentId: member.agentId }).expect(200));
    expectOneRow(added, 'room.member_added', { ...byPerson(admin), targetKind: 'room', targetId: roomId, details: { member: { id: member.agentId, username: member.username } } });

    const removed = await rowsWrittenBy(server, () => api().delete(`${rooms()}/audited-room/members/${member.agentId}`).set(as(admin)).expect(200));
    expectOneRow(removed, 'room.member_removed', { ...byPerson(admin), targetKind: 'room', targetId: roomId, details: { member: { id: member.agentId, username: member.username } } });

    await api().post(`${rooms()}/audited-room/members`).set(as(admin)).send({ agentId: member.agentId }).expect(200);
    const left = await rowsWrittenBy(server, () => api().delete(`${rooms()}/audited-room/members/me`).set(as(member)).expect(200));
    expect(left).toEqual([]);
  });
});

describe('AI agents, tools, MCP servers and approvals', () => {
  let aiId: string;

  it('agent.created, agent.updated naming fields (not the persona), agent.tools_changed', async () => {
    const created = await rowsWrittenBy(server, async () => {
      aiId = (await createAiAgent(server, admin, team.handle, { firstName: 'Scribe' })).id;
    });
    expectOneRow(created, 'agent.created', { ...byPerson(admin), targetKind: 'agent', targetId: aiId });

    const updated = await rowsWrittenBy(server, () => api().patch(`/api/v1/agents/${aiId}`).set(as(owner)).send({ personality: 'Secret persona 7731' }).expect(200));
    const row = expectOneRow(updated, 'agent.updated', { ...byPerson(owner), targetKind: 'agent', targetId: aiId, details: { fields: ['personality'] } });
    expect(JSON.stringify(row)).not.toContain('7731');

    const tools = await rowsWrittenBy(server, () => api().put(`/api/v1/agents/${aiId}/tools`).set(as(admin)).send({ tools: [{ key: 'builtin:read_history', policy: 'auto' }] }).expect(200));
    const toolRow = expectOneRow(tools, 'agent.tools_changed', { ...byPerson(admin), targetKind: 'agent', targetId: aiId });
    expect(toolRow.details).toMatchObject({ tools: [{ key: 'builtin:read_history', to: { policy: 'auto' } }] });

    const refused = await rowsWrittenBy(server, () => api().put(`/api/v1/agents/${aiId}/tools`).set(as(member)).send({ tools: [{ key: 'builtin:read_history', policy: 'off' }] }).expect(403));
    expect(refused).toEqual([]);
  });

  it('mcp_server.created, updated, deleted: never the headers', async () => {
    const path = `/api/v1/teams/${team.handle}/mcp-servers`;
    let serverId = '';
    const created = await rowsWrittenBy(server, async () => {
      serverId = (await api().post(path).set(as(admin)).send({ name: 'docs', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer header-secret-991' } }).expect(201)).body.data.server.id;
    });
    const row = expectOneRow(created, 'mcp_server.created', { ...byPerson(admin), targetKind: 'mcp_server', targetId: serverId, targetName: 'docs' });
    const updated = await rowsWrittenBy(server, () => api().patch(`${path}/${serverId}`).set(as(admin)).send({ name: 'docs-2', headers: { Authorization: 'Bearer header-secret-992' } }).expect(200));
    const updateRow = expectOneRow(updated, 'mcp_server.updated', { ...byPerson(admin), targetId: serverId, details: { fields: ['name', 'headers'], name: { from: 'docs', to: 'docs-2' } } });
    const deleted = await rowsWrittenBy(server, () => api().delete(`${path}/${serverId}`).set(as(owner)).expect(200));
    expectOneRow(deleted, 'mcp_server.deleted', { ...byPerson(owner), targetId: serverId, targetName: 'docs-2' });
    expect(JSON.stringify([row, updateRow])).not.toMatch(/header-secret/);
  });

  it('approval.decided: the approver, the decision and the tool', async () => {
    const conversation = await startConversation(server, owner, { agentId: aiId });
    const question = await sendMessage(server, owner, conversation.id, 'Who is in the team?');
    const [job] = await server.ctx.db
      .insert(replyJobs)
      .values({ conversationId: conversation.id, agentId: aiId, triggerMessageId: question.id, teamId: team.id, dedupeKey: `audit:${randomUUID()}`, status: 'done', requestedByAgentId: owner.agentId })
      .returning();
    const [call] = await server.ctx.db
      .insert(toolCalls)
      .values({
        jobId: job!.id,
        conversationId: conversation.id,
        agentId: aiId,
        teamId: team.id,
        requestedByAgentId: owner.agentId,
        step: 1,
        callIndex: 0,
        callId: 'call_audit',
        toolName: 'list_team_members',
        toolTitle: 'List team members',
        arguments: {},
        status: 'pending_approval',
        approvers: 'requester_and_managers',
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const rows = await rowsWrittenBy(server, () => api().post(`/api/v1/chat/tool-calls/${call!.id}/deny`).set(as(owner)).expect(200));
    expectOneRow(rows, 'approval.decided', { ...byPerson(owner), targetKind: 'tool_call', targetId: call!.id, details: { decision: 'denied', tool: 'list_team_members' } });
    const again = await rowsWrittenBy(server, () => api().post(`/api/v1/chat/tool-calls/${call!.id}/approve`).set(as(owner)).expect(409));
    expect(again).toEqual([]);
  });
});

describe('external agents', () => {
  it('created (with its first token), updated, token rotated and revoked, deleted: never a token', async () => {
    const path = `/api/v1/teams/${team.handle}/external-agents`;
    let agentId = '';
    let token = '';
    const created = await rowsWrittenBy(server, async () => {
      const body = (await api().post(path).set(as(admin)).send({ username: `relay-${randomUUID().slice(0, 6)}`, firstName: 'Relay' }).expect(201)).body.data;
      agentId = body.externalAgent.agent.id;
      token = body.token;
    });
    expect(created.map((row) => row.action)).toEqual(['external_agent.created', 'external_agent.token_created']);
    for (const row of created) expect(row).toMatchObject({ ...byPerson(admin), targetKind: 'external_agent', targetId: agentId });

    const updated = await rowsWrittenBy(server, () => api().patch(`${path}/${agentId}`).set(as(admin)).send({ role: 'Bridge', listensTo: 'all' }).expect(200));
    expectOneRow(updated, 'external_agent.updated', { ...byPerson(admin), targetId: agentId, details: { fields: ['role', 'listensTo'] } });

    let rotated = '';
    const rotation = await rowsWrittenBy(server, async () => {
      rotated = (await api().post(`${path}/${agentId}/token`).set(as(owner)).expect(200)).body.data.token;
    });
    expectOneRow(rotation, 'external_agent.token_rotated', { ...byPerson(owner), targetId: agentId });
    const revoked = await rowsWrittenBy(server, () => api().delete(`${path}/${agentId}/token`).set(as(owner)).expect(200));
    expectOneRow(revoked, 'external_agent.token_revoked', { ...byPerson(owner), targetId: agentId });
    const deleted = await rowsWrittenBy(server, () => api().delete(`${path}/${agentId}`).set(as(admin)).expect(200));
    expectOneRow(deleted, 'external_agent.deleted', { ...byPerson(admin), targetId: agentId });
    expect(JSON.stringify([...created, ...updated, ...rotation, ...revoked])).not.toContain(token);
    expect(JSON.stringify(rotation)).not.toContain(rotated);
  });

  it("an external agent's token reaches no audited route (403), so it writes no row: its changes would be actor kind external_agent", async () => {
    const { token } = await seatExternal(server, admin, team.handle);
    const rows = await rowsWrittenBy(server, async () => {
      await api().post(`/api/v1/teams/${team.handle}/rooms`).set(bearer(token)).send({ name: 'by-an-agent' }).expect(403);
      await api().patch(`/api/v1/teams/${team.handle}`).set(bearer(token)).send({ name: 'Agent was here' }).expect(403);
    });
    expect(rows).toEqual([]);
  });
});

describe('deleting and restoring a team', () => {
  it('team.deleted, team.restored', async () => {
    const doomed = await createTeam(server, owner, { name: 'Doomed' });
    const deleted = await rowsWrittenBy(server, () => api().delete(`/api/v1/teams/${doomed.handle}`).set(as(owner)).expect(200));
    expectOneRow(deleted, 'team.deleted', { ...byPerson(owner, doomed.id), targetKind: 'team', targetId: doomed.id, targetName: 'Doomed' });
    const restored = await rowsWrittenBy(server, () => api().post(`/api/v1/teams/${doomed.handle}/restore`).set(as(owner)).expect(200));
    expectOneRow(restored, 'team.restored', { ...byPerson(owner, doomed.id), targetKind: 'team', targetId: doomed.id });
  });
});

describe('sign-in', () => {
  it('auth.locked_sign_in for each refused attempt on a locked account, by the system; none for other sign-ins', async () => {
    const locked = await signUpVerified(server, 'locked');
    const signIn = (password: string) => api().post('/api/v1/auth/login').send({ username: locked.username, password });
    const before = await rowsWrittenBy(server, async () => {
      await signIn(locked.password).expect(200);
      await signIn('wrong-one').expect(401);
      await signIn('wrong-two').expect(401);
    });
    expect(before).toEqual([]);
    const refused = await rowsWrittenBy(server, async () => {
      await signIn(locked.password).expect(429);
      await signIn('wrong-three').expect(429);
    });
    expect(refused.map((row) => row.action)).toEqual(['auth.locked_sign_in', 'auth.locked_sign_in']);
    for (const row of refused) {
      expect(row).toMatchObject({ actorKind: 'system', actorAgentId: null, teamId: null, targetKind: 'account', targetId: locked.agentId, targetName: locked.username });
      expectFromRequest(row);
    }
  });
});
