import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GOVERNANCE_ERRORS, type TChatAttachment } from '@agentroom/shared';
import { auditEvents, dataExports } from '../../src/db/schema';
import { closeSockets, connectSocket, nextEvent, sendMessage, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { addToRoom, createRoom } from '../rooms/room-helpers';
import { allText, createLink, download, jsonEntry, requestExport, unzip } from './export-fixtures';

let server: TestServer;
let ada: TestUser;
let bob: TestUser;
const FILE_BYTES = Buffer.from('%PDF-1.4 ada’s report \u0000\u0001\u0002 bytes');

beforeAll(async () => {
  server = await startTestServer();
  // Exports are built when the test says so: a queued one stays queued meanwhile.
  await server.exports.pause();
  ada = await signUpVerified(server, 'ada');
  bob = await signUpVerified(server, 'bob');
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

describe('exporting your own data', () => {
  let exportId: string;
  let attachment: TChatAttachment;

  it('queues an export, builds it in the background with progress on the socket, and mails when it is ready', async () => {
    const team = await createTeam(server, ada, { name: 'Export Team' });
    await addMember(server, ada, team.handle, bob.username);
    const direct = await startConversation(server, ada, { agentId: bob.agentId });
    const { conversation: room } = await createRoom(server, ada, team.handle, { name: 'plans' });
    const uploaded = await server
      .api()
      .post(`/api/v1/chat/conversations/${direct.id}/attachments`)
      .set(bearer(ada.token))
      .attach('files', FILE_BYTES, { filename: 'report.pdf', contentType: 'application/pdf' })
      .expect(201);
    attachment = (uploaded.body.data.attachments as TChatAttachment[])[0]!;
    await sendMessage(server, ada, direct.id, 'ada in the 1:1', { attachmentIds: [attachment.id] });
    await sendMessage(server, bob, direct.id, 'bob in the 1:1 (not ada’s)');
    await sendMessage(server, ada, room!.id, 'ada in #plans');
    await addToRoom(server, ada, team.handle, 'plans', bob.agentId);
    await sendMessage(server, bob, room!.id, 'bob in #plans (not ada’s)');

    const queued = await requestExport(server, ada);
    expect(queued).toMatchObject({ kind: 'account', status: 'queued', progress: 0, teamHandle: null });
    exportId = queued.id;
    const second = await server.api().post('/api/v1/users/me/exports').set(bearer(ada.token));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(GOVERNANCE_ERRORS.exportRunning);
    const early = await server.api().post(`/api/v1/exports/${exportId}/link`).set(bearer(ada.token));
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(GOVERNANCE_ERRORS.exportNotReady);

    const socket = await connectSocket(server.url, ada.token);
    const ready = nextEvent(socket, 'export:updated', ({ export: e }) => e.id === exportId && e.status === 'ready');
    const progressed = nextEvent(socket, 'export:updated', ({ export: e }) => e.id === exportId && e.status === 'running' && e.progress > 0);
    expect(await server.exports.runOnce()).toBe(1);
    expect((await progressed).export.progress).toBeLessThan(100);
    const done = (await ready).export;
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
    expect(done.size).toBeGreaterThan(0);
    expect(new Date(done.expiresAt!).getTime() - new Date(done.finishedAt!).getTime()).toBeGreaterThan(167 * 3_600_000);

    const mail = await server.mail.nextMail(ada.email);
    expect(mail.subject).toBe('Your Agentroom export is ready');
    expect(mail.text).toContain('http://agentroom.test/account/data');

    const listed = await server.api().get('/api/v1/users/me/exports').set(bearer(ada.token)).expect(200);
    expect(listed.body.data.exports.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([[exportId, 'ready']]);
    expect((await server.api().get('/api/v1/users/me/exports').set(bearer(bob.token)).expect(200)).body.data.exports).toEqual([]);
  });

  it('holds only their own messages and files, and never a password hash', async () => {
    const url = await createLink(server, ada, exportId);
    expect(url).toMatch(new RegExp(`^/api/v1/exports/${exportId}/download\\?token=[\\w-]{43}$`));
    const res = await download(server, url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="agentroom-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzip(res.body as Buffer);

    expect(jsonEntry(entries, 'profile.json')).toMatchObject({ email: ada.email, username: ada.username });
    const memberships = jsonEntry<{ teams: { name: string; role: string }[]; rooms: { name: string }[] }>(entries, 'memberships.json');
    expect(memberships.teams).toEqual([expect.objectContaining({ name: 'Export Team', role: 'owner' })]);
    expect(memberships.rooms.map((r) => r.name)).toContain('plans');
    const conversations = jsonEntry<{ name: string }[]>(entries, 'conversations.json');
    expect(conversations.map((c) => c.name)).toEqual(expect.arrayContaining(['#plans', `${bob.firstName} ${bob.lastName}`]));
    const messages = jsonEntry<{ content: string; conversationName: string; attachments: string[] }[]>(entries, 'messages.json');
    expect(messages.map((m) => [m.conversationName, m.content])).toEqual(
      expect.arrayContaining([
        [`${bob.firstName} ${bob.lastName}`, 'ada in the 1:1'],
        ['#plans', 'ada in #plans'],
      ]),
    );
    expect(messages.find((m) => m.content === 'ada in the 1:1')?.attachments).toEqual(['report.pdf']);
    const text = allText(entries);
    expect(text).not.toContain('not ada’s');
    expect(text).not.toMatch(/argon2|passwordHash|password_hash/i);
    expect(Buffer.from(entries.get(`files/${attachment.id}-report.pdf`)!)).toEqual(FILE_BYTES);
    expect(entries.has('README.txt')).toBe(true);
  });

  it('lets a link work once, only for the person it belongs to, and audits request and download', async () => {
    const url = await createLink(server, ada, exportId);
    const socket = await connectSocket(server.url, ada.token);
    const downloaded = nextEvent(socket, 'export:updated', ({ export: e }) => e.id === exportId && e.downloadedAt !== null);
    const before = Date.now();
    expect((await download(server, url)).status).toBe(200);
    expect(new Date((await downloaded).export.downloadedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const again = await download(server, url);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe(GOVERNANCE_ERRORS.exportLinkUsed);
    expect((await download(server, `/api/v1/exports/${exportId}/download?token=not-the-token`)).status).toBe(410);

    const foreign = await server.api().post(`/api/v1/exports/${exportId}/link`).set(bearer(bob.token));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(GOVERNANCE_ERRORS.exportNotFound);

    const rows = await server.ctx.db.select({ action: auditEvents.action }).from(auditEvents).where(and(eq(auditEvents.actorAgentId, ada.agentId)));
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === 'export.requested')).toHaveLength(1);
    expect(actions.filter((a) => a === 'export.downloaded')).toHaveLength(2);
  });

  it('deletes the ZIP once it expires: a link is then refused with 410', async () => {
    const [before] = await server.ctx.db.select({ storageKey: dataExports.storageKey }).from(dataExports).where(eq(dataExports.id, exportId));
    expect(await server.ctx.files.exists('exports', before!.storageKey!)).toBe(true);
    await server.ctx.db.update(dataExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dataExports.id, exportId));
    expect(await server.exports.runOnce()).toBe(1);
    const listed = await server.api().get('/api/v1/users/me/exports').set(bearer(ada.token)).expect(200);
    expect(listed.body.data.exports[0]).toMatchObject({ id: exportId, status: 'expired' });
    const res = await server.api().post(`/api/v1/exports/${exportId}/link`).set(bearer(ada.token));
    expect(res.status).toBe(410);
    expect(res.body.error).toBe(GOVERNANCE_ERRORS.exportExpired);
    expect(await server.ctx.files.exists('exports', before!.storageKey!)).toBe(false);
  });

  it('gives up on an export whose builds keep failing, with a clear error', async () => {
    // Three attempts were made already (each node died mid-build: the lease ran out).
    const [stuck] = await server.ctx.db
      .insert(dataExports)
      .values({ kind: 'account', requestedBy: bob.agentId, status: 'running', attempts: 3, leaseUntil: new Date(Date.now() - 1000) })
      .returning();
    expect(await server.exports.runOnce()).toBe(1);
    const listed = await server.api().get('/api/v1/users/me/exports').set(bearer(bob.token)).expect(200);
    expect(listed.body.data.exports).toEqual([expect.objectContaining({ id: stuck!.id, status: 'failed', error: 'The export could not be built after 3 attempts' })]);
    // A failed export is over: a new one may be asked for.
    await requestExport(server, bob);
  });
});
