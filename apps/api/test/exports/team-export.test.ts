import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GOVERNANCE_ERRORS, type TChatAttachment } from '@agentroom/shared';
import { agentTools, auditEvents, mcpServers } from '../../src/db/schema';
import { closeSockets, sendMessage } from '../chat/chat-fixtures';
import { seatExternal } from '../external-agents/external-fixtures';
import { createRoom } from '../rooms/room-helpers';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from '../teams/team-helpers';
import { allText, createLink, download, jsonEntry, requestExport, unzip } from './export-fixtures';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let handle: string;
let externalToken: string;
const HEADER_SECRET = 'mcp-header-value-that-must-stay';
const URL_SECRET = 'url-key-that-must-stay';
const FILE_BYTES = Buffer.from('room file bytes \u0000\u00ff');
let attachment: TChatAttachment;

beforeAll(async () => {
  server = await startTestServer();
  await server.exports.pause();
  owner = await signUpVerified(server, 'owner');
  member = await signUpVerified(server, 'member');
  outsider = await signUpVerified(server, 'outsider');
  const team = await createTeam(server, owner, { name: 'Acme' });
  handle = team.handle;
  await addMember(server, owner, handle, member.username);

  const { conversation: general } = await createRoom(server, owner, handle, { name: 'launch', memberIds: [member.agentId] });
  const uploaded = await server
    .api()
    .post(`/api/v1/chat/conversations/${general!.id}/attachments`)
    .set(bearer(member.token))
    .attach('files', FILE_BYTES, { filename: 'plan.txt', contentType: 'text/plain' })
    .expect(201);
  attachment = (uploaded.body.data.attachments as TChatAttachment[])[0]!;
  await sendMessage(server, owner, general!.id, 'owner in #launch');
  await sendMessage(server, member, general!.id, 'member in #launch', { attachmentIds: [attachment.id] });
  const { conversation: theirs } = await createRoom(server, member, handle, { name: 'member-only', isPrivate: true });
  await sendMessage(server, member, theirs!.id, 'a private word the owner cannot read');
  const { conversation: ours } = await createRoom(server, owner, handle, { name: 'owners-den', isPrivate: true });
  await sendMessage(server, owner, ours!.id, 'owner in their private room');

  const ai = await createAiAgent(server, owner, handle, { firstName: 'Clerk' });
  const [mcp] = await server.ctx.db
    .insert(mcpServers)
    .values({ teamId: team.id, name: 'crm', url: `https://crm.example/mcp?key=${URL_SECRET}`, headersEncrypted: HEADER_SECRET, headerNames: ['Authorization'] })
    .returning();
  await server.ctx.db.insert(agentTools).values({ agentId: ai.id, serverId: mcp!.id, toolName: 'lookup_order', policy: 'approval' });
  externalToken = (await seatExternal(server, owner, handle, { firstName: 'Relay' })).token;
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

describe('exporting a team', () => {
  it('is for owners only', async () => {
    const asMember = await server.api().post(`/api/v1/teams/${handle}/exports`).set(bearer(member.token));
    expect(asMember.status).toBe(403);
    const asOutsider = await server.api().post(`/api/v1/teams/${handle}/exports`).set(bearer(outsider.token));
    expect([403, 404]).toContain(asOutsider.status);
    expect((await server.api().get(`/api/v1/teams/${handle}/exports`).set(bearer(member.token))).status).toBe(403);
  });

  it('holds the rooms the owner can read, members without emails, agents without secrets', async () => {
    const queued = await requestExport(server, owner, handle);
    expect(queued).toMatchObject({ kind: 'team', teamHandle: handle, status: 'queued' });
    const twice = await server.api().post(`/api/v1/teams/${handle}/exports`).set(bearer(owner.token));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(GOVERNANCE_ERRORS.exportRunning);
    // A personal export is another kind: it may run beside the team's.
    await requestExport(server, owner);

    expect(await server.exports.runOnce()).toBe(2);
    const mail = await server.mail.nextMail(owner.email, 10_000, 'Your Agentroom export is ready');
    expect(mail.text).toContain(`http://agentroom.test/t/${handle}/settings/export`);
    expect(mail.text).toContain('Acme');

    const listed = await server.api().get(`/api/v1/teams/${handle}/exports`).set(bearer(owner.token)).expect(200);
    expect(listed.body.data.exports).toEqual([expect.objectContaining({ id: queued.id, status: 'ready', progress: 100 })]);

    const res = await download(server, await createLink(server, owner, queued.id));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="agentroom-${handle}-export-\\d{4}-\\d{2}-\\d{2}\\.zip"`));
    const entries = unzip(res.body as Buffer);

    expect(jsonEntry(entries, 'team.json')).toMatchObject({ name: 'Acme', handle });
    const members = jsonEntry<{ username: string; role: string }[]>(entries, 'members.json');
    expect(members.map((m) => [m.username, m.role])).toEqual(expect.arrayContaining([[owner.username, 'owner'], [member.username, 'member']]));
    const agents = jsonEntry<{ aiAgents: { name: string; tools: unknown[] }[]; externalAgents: { name: string }[] }>(entries, 'agents.json');
    expect(agents.aiAgents).toEqual([expect.objectContaining({ tools: [{ server: 'crm', tool: 'lookup_order', policy: 'approval', approvers: 'requester_and_managers' }] })]);
    expect(agents.externalAgents).toEqual([expect.objectContaining({ name: 'Relay' })]);
    const rooms = jsonEntry<{ name: string }[]>(entries, 'rooms.json');
    expect(rooms.map((r) => r.name).sort()).toEqual(['general', 'launch', 'owners-den']);
    const launch = jsonEntry<{ senderUsername: string; content: string; attachments: string[] }[]>(entries, 'rooms/launch/messages.json');
    expect(launch.map((m) => [m.senderUsername, m.content])).toEqual(
      expect.arrayContaining([
        [owner.username, 'owner in #launch'],
        [member.username, 'member in #launch'],
      ]),
    );
    expect(Buffer.from(entries.get(`rooms/launch/files/${attachment.id}-plan.txt`)!)).toEqual(FILE_BYTES);

    const text = allText(entries);
    expect(text).not.toContain('member-only');
    expect(text).not.toContain('a private word');
    expect(text).not.toContain(member.email);
    expect(text).not.toContain(externalToken);
    expect(text).not.toContain(HEADER_SECRET);
    expect(text).not.toContain(URL_SECRET);

    const teamAudit = await server.ctx.db.select({ action: auditEvents.action, teamId: auditEvents.teamId }).from(auditEvents).where(eq(auditEvents.actorAgentId, owner.agentId));
    expect(teamAudit.filter((r) => r.action.startsWith('export.')).map((r) => r.action).sort()).toEqual(['export.downloaded', 'export.requested', 'export.requested']);
  });

  it("does not give anyone else a link to the owner's export", async () => {
    const listed = await server.api().get(`/api/v1/teams/${handle}/exports`).set(bearer(owner.token)).expect(200);
    const res = await server.api().post(`/api/v1/exports/${listed.body.data.exports[0].id}/link`).set(bearer(member.token));
    expect(res.status).toBe(404);
  });
});
