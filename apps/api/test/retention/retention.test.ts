import { and, eq, lte, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOVERNANCE_ERRORS, type TChatMessage, type TConversation, type TTeam } from '@agentroom/shared';
import { attachments, auditEvents, messages, teams } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, joinConversation, recordEvents, sendMessage } from '../chat/chat-fixtures';
import { listRooms } from '../rooms/room-helpers';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, createTeam, type TestUser } from '../teams/team-helpers';

/**
 * A team's message retention (decision 0028): owners set it, and the worker removes each
 * conversation's oldest messages past it in bounded batches. Messages are made old by moving their
 * `created_at` back, and the worker runs at "now" rather than waiting days.
 */
let server: TestServer;

beforeAll(async () => {
  // Small batches, so a handful of messages already takes several transactions.
  server = await startTestServer({ RETENTION_BATCH_SIZE: '3' });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
});

const retentionPath = (handle: string) => `/api/v1/teams/${handle}/retention`;
const setRetention = (as: TestUser, handle: string, body: unknown) => server.api().put(retentionPath(handle)).set(auth(as)).send(body as object);
const auditRows = (teamId: string, action: string) =>
  server.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.teamId, teamId), eq(auditEvents.action, action))).orderBy(auditEvents.createdAt, auditEvents.id);
/** Moves the conversation's messages up to `seq` back by `days`. */
const age = (conversationId: string, throughSeq: number, days = 40) =>
  server.ctx.db
    .update(messages)
    .set({ createdAt: sql`created_at - ${`${days} days`}::interval` })
    .where(and(eq(messages.conversationId, conversationId), lte(messages.seq, throughSeq)));
const history = async (as: TestUser, conversationId: string) => {
  const res = await server.api().get(`/api/v1/chat/conversations/${conversationId}/messages?limit=100`).set(auth(as)).expect(200);
  return res.body.data.messages as TChatMessage[];
};
const conversationOf = async (as: TestUser, conversationId: string) =>
  (await server.api().get(`/api/v1/chat/conversations/${conversationId}`).set(auth(as)).expect(200)).body.data.conversation as TConversation;

/** A team of an owner, an admin and a member, its #general, and a 30-day retention. */
async function teamWithRetention(prefix: string, body = { days: 30, keepPinned: true }) {
  const [owner, admin, member] = await Promise.all(['o', 'a', 'm'].map((p) => signUpVerified(server, `${prefix}${p}`)));
  const team = await createTeam(server, owner!);
  await addMember(server, owner!, team.handle, admin!.username);
  await addMember(server, owner!, team.handle, member!.username);
  await server.api().patch(`/api/v1/teams/${team.handle}/members/${admin!.agentId}`).set(auth(owner!)).send({ role: 'admin' }).expect(200);
  await setRetention(owner!, team.handle, body).expect(200);
  const general = (await listRooms(server, owner!, team.handle)).find((room) => room.isGeneral)!;
  return { owner: owner!, admin: admin!, member: member!, team, generalId: general.id };
}

describe('setting retention', () => {
  it('lets owners set and turn it off, tells every member, and audits each change once', async () => {
    const { owner, member, team } = await teamWithRetention('set', { days: 90, keepPinned: false });
    const seen = await server.api().get(`/api/v1/teams/${team.handle}`).set(auth(member)).expect(200);
    expect((seen.body.data.team as TTeam).retention).toEqual({ days: 90, keepPinned: false });

    const off = await setRetention(owner, team.handle, { days: null, keepPinned: true }).expect(200);
    expect(off.body.data.retention).toEqual({ days: null, keepPinned: true });
    // The same again changes nothing, and writes no row.
    await setRetention(owner, team.handle, { days: null, keepPinned: true }).expect(200);

    const rows = await auditRows(team.id, 'team.retention_changed');
    expect(rows.map((row) => row.details)).toEqual([
      { from: { days: null, keepPinned: true }, to: { days: 90, keepPinned: false } },
      { from: { days: 90, keepPinned: false }, to: { days: null, keepPinned: true } },
    ]);
    expect(rows.every((row) => row.actorAgentId === owner.agentId && row.actorKind === 'person')).toBe(true);
  });

  it('refuses admins, members and outsiders, and bad values, changing nothing and auditing nothing', async () => {
    const { admin, member, owner, team } = await teamWithRetention('refuse');
    const outsider = await signUpVerified(server, 'refuseout');
    await setRetention(admin, team.handle, { days: 1, keepPinned: true }).expect(403);
    await setRetention(member, team.handle, { days: 1, keepPinned: true }).expect(403);
    expect([403, 404]).toContain((await setRetention(outsider, team.handle, { days: 1, keepPinned: true })).status);
    await setRetention(owner, 'no-such-team-here', { days: 1, keepPinned: true }).expect(404);
    for (const body of [{ days: 0, keepPinned: true }, { days: -1, keepPinned: true }, { days: 3651, keepPinned: true }, { days: 1.5, keepPinned: true }, { days: '7', keepPinned: true }, { days: 7 }, { days: 7, keepPinned: 'yes' }, { days: 7, keepPinned: true, extra: 1 }, { days: '\u0000', keepPinned: true }, null, 'x']) {
      const res = await setRetention(owner, team.handle, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const bad = await setRetention(owner, team.handle, { days: 0, keepPinned: true }).expect(400);
    expect(JSON.stringify(bad.body)).toContain(GOVERNANCE_ERRORS.retentionDays);
    const [row] = await server.ctx.db.select().from(teams).where(eq(teams.id, team.id));
    expect({ days: row!.retentionDays, keepPinned: row!.retentionKeepPinned }).toEqual({ days: 30, keepPinned: true });
    expect(await auditRows(team.id, 'team.retention_changed')).toHaveLength(1);
  });
});

describe('the retention worker', () => {
  it('removes old messages and their files in batches; pinned ones, newer ones and every seq stay; unread and search stay right; clients are told', async () => {
    const { owner, member, team, generalId } = await teamWithRetention('run');
    const upload = await server.api().post(`/api/v1/chat/conversations/${generalId}/attachments`).set(auth(owner)).attach('files', Buffer.from('old file'), { filename: 'old.txt', contentType: 'text/plain' }).expect(201);
    const fileId = upload.body.data.attachments[0].id as string;
    const old: TChatMessage[] = [];
    old.push(await sendMessage(server, owner, generalId, 'zebracrossing with a file', { attachmentIds: [fileId] }));
    old.push(await sendMessage(server, owner, generalId, `@${member.username} ancient mention`));
    for (const word of ['three', 'four', 'five', 'six', 'seven']) old.push(await sendMessage(server, owner, generalId, `old ${word}`));
    const pinned = old[3]!;
    await server.api().put(`/api/v1/chat/messages/${pinned.id}/pin`).set(auth(owner)).expect(200);
    await age(generalId, old.at(-1)!.seq);
    const fresh = [await sendMessage(server, owner, generalId, 'fresh one'), await sendMessage(server, owner, generalId, 'fresh two')];
    const [stored] = await server.ctx.db.select().from(attachments).where(eq(attachments.id, fileId));
    const storageKey = stored!.storageKey;
    expect(await server.ctx.files.exists('uploads', storageKey)).toBe(true);
    const before = await conversationOf(member, generalId);
    expect(before.unreadCount).toBe(9);
    expect(before.unreadMentions).toBe(1);

    const socket = await connectSocket(server.url, member.token);
    await joinConversation(socket, generalId);
    const removedEvents = recordEvents(socket, 'messages:removed');
    const run = await server.retention.runOnce();
    // 6 removable (the pinned one stays): batches of 3, 3, then one that finds nothing left.
    expect(run).toMatchObject({ messages: 6, files: 1 });
    await expect.poll(() => removedEvents.length).toBe(2);
    expect(removedEvents.flatMap((event) => event.messageIds).sort()).toEqual(old.filter((m) => m.id !== pinned.id).map((m) => m.id).sort());
    expect(removedEvents.at(-1)!.throughSeq).toBe(old.at(-1)!.seq);

    const left = await history(member, generalId);
    expect(left.map((m) => [m.seq, m.content])).toEqual([[pinned.seq, pinned.content], ...fresh.map((m) => [m.seq, m.content])]);
    expect(await server.ctx.files.exists('uploads', storageKey)).toBe(false);
    const after = await conversationOf(member, generalId);
    expect(after.unreadCount).toBe(2);
    expect(after.unreadMentions).toBe(0);
    expect(after.removedThroughSeq).toBe(old.at(-1)!.seq);
    const search = await server.api().get('/api/v1/chat/search?q=zebracrossing').set(auth(owner)).expect(200);
    expect(search.body.data.results).toEqual([]);

    const [audit, ...more] = await auditRows(team.id, 'retention.removed');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ actorKind: 'system', actorAgentId: null, ip: null, details: expect.objectContaining({ messages: 6, files: 1, conversations: 1, days: 30 }) });

    // Nothing more to remove: nothing happens, no second row.
    expect(await server.retention.runOnce()).toMatchObject({ messages: 0 });
    expect(await auditRows(team.id, 'retention.removed')).toHaveLength(1);
    // New messages follow on from the old seq.
    const next = await sendMessage(server, owner, generalId, 'after retention');
    expect(next.seq).toBe(fresh.at(-1)!.seq + 1);
  });

  it('removes pinned messages too when the owners do not keep them, and leaves teams without retention alone', async () => {
    const { owner, team, generalId } = await teamWithRetention('pins', { days: 30, keepPinned: false });
    const pinned = await sendMessage(server, owner, generalId, 'pinned long ago');
    await server.api().put(`/api/v1/chat/messages/${pinned.id}/pin`).set(auth(owner)).expect(200);
    await age(generalId, pinned.seq);
    const untouched = await teamWithRetention('none', { days: 30, keepPinned: true });
    await setRetention(untouched.owner, untouched.team.handle, { days: null, keepPinned: true }).expect(200);
    const kept = await sendMessage(server, untouched.owner, untouched.generalId, 'kept forever');
    await age(untouched.generalId, kept.seq, 4000);

    await server.retention.runOnce();
    expect(await history(owner, generalId)).toEqual([]);
    expect((await history(untouched.owner, untouched.generalId)).map((m) => m.content)).toEqual(['kept forever']);
    expect(await auditRows(team.id, 'retention.removed')).toHaveLength(1);
  });

  it('never breaks a send that races it: every send lands, and seq stays gap-free', async () => {
    const { owner, member, generalId } = await teamWithRetention('race');
    for (let i = 0; i < 12; i++) await sendMessage(server, owner, generalId, `old ${i}`);
    await age(generalId, 12);
    const [run, ...sent] = await Promise.all([
      server.retention.runOnce(),
      ...Array.from({ length: 8 }, (_, i) => sendMessage(server, i % 2 ? owner : member, generalId, `new ${i}`)),
    ]);
    expect(run).toMatchObject({ messages: 12 });
    const left = await history(owner, generalId);
    expect(left.map((m) => m.seq)).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    expect(left.map((m) => m.content).sort()).toEqual(sent.map((m) => m.content).sort());
  });
});
