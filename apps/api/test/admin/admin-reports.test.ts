import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOVERNANCE_ERRORS, type TAdminReport } from '@agentroom/shared';
import { auditEvents } from '../../src/db/schema';
import { closeSockets, connectSocket, joinConversation, nextEvent, sendMessage, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, type TestServer } from '../support/test-server';
import { bearerOf, startAdminServer, type Person } from './admin-fixtures';

type User = Awaited<ReturnType<typeof signUpVerified>>;

describe('reports in the admin area', () => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    ({ server, first: admin } = await startAdminServer());
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await server.stop();
  });

  const api = () => server.api();
  const report = async (by: User, body: object) => (await api().post('/api/v1/reports').set(bearerOf(by)).send(body).expect(201)).body.data.report.id as string;
  const resolve = (id: string, action: unknown) => api().post(`/api/v1/admin/reports/${id}/resolve`).set(bearerOf(admin)).send({ action });
  const list = async (status: 'open' | 'resolved') =>
    (await api().get(`/api/v1/admin/reports?status=${status}`).set(bearerOf(admin)).expect(200)).body.data.reports as TAdminReport[];

  async function scene() {
    const [reporter, offender] = [await signUpVerified(server, 'rep'), await signUpVerified(server, 'off')];
    const conversation = await startConversation(server, reporter, offender);
    const message = await sendMessage(server, offender, conversation.id, 'buy cheap pills at spam.example');
    return { reporter, offender, conversationId: conversation.id, message };
  }

  it('lists open reports newest first with reporter, subject and the message; dismissing resolves once', async () => {
    const { reporter, offender, message } = await scene();
    const aboutMessage = await report(reporter, { messageId: message.id, reason: 'spam', details: 'again' });
    const aboutPerson = await report(reporter, { agentId: offender.agentId, reason: 'harassment' });
    const open = await list('open');
    expect(open.slice(0, 2).map((r) => r.id)).toEqual([aboutPerson, aboutMessage]);
    expect(open[1]).toMatchObject({
      reason: 'spam',
      details: 'again',
      reporter: { agentId: reporter.agentId, username: reporter.username, disabled: false },
      subject: { agentId: offender.agentId, username: offender.username, disabled: false },
      message: { id: message.id, excerpt: 'buy cheap pills at spam.example', removed: false },
      resolvedAt: null,
      resolution: null,
    });
    expect(open[0]!.message).toBeNull();

    const dismissed = await resolve(aboutPerson, 'dismiss').expect(200);
    expect(dismissed.body.data.report).toMatchObject({ id: aboutPerson, resolution: 'dismissed', resolvedAt: expect.any(String) });
    const again = await resolve(aboutPerson, 'disable_account').expect(409);
    expect(again.body.error).toBe(GOVERNANCE_ERRORS.reportResolved);
    expect((await list('open')).map((r) => r.id)).not.toContain(aboutPerson);
    expect((await list('resolved')).map((r) => r.id)).toContain(aboutPerson);
    // Nothing happened to the person.
    await api().get('/api/v1/auth/me').set(bearerOf(offender)).expect(200);
    const audit = await server.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, aboutPerson), eq(auditEvents.action, 'report.resolved')));
    expect(audit.map((row) => [row.actorAgentId, row.details])).toEqual([[admin.agentId, { resolution: 'dismissed' }]]);
  });

  it('removes the reported message as its sender would: every member reads it as deleted', async () => {
    const { reporter, offender, conversationId, message } = await scene();
    const id = await report(reporter, { messageId: message.id, reason: 'spam' });
    const socket = await connectSocket(server.url, reporter.token);
    expect(await joinConversation(socket, conversationId)).toEqual({ ok: true });
    const updated = nextEvent(socket, 'message:updated', (m) => m.id === message.id);

    const resolved = await resolve(id, 'remove_message').expect(200);
    expect(resolved.body.data.report).toMatchObject({ resolution: 'message_removed', message: { id: message.id, removed: true } });
    expect(await updated).toMatchObject({ id: message.id, content: '', deleted: true });
    for (const member of [reporter, offender]) {
      const page = await api().get(`/api/v1/chat/conversations/${conversationId}/messages`).set(bearerOf(member)).expect(200);
      const seen = page.body.data.messages.find((m: { id: string }) => m.id === message.id);
      expect(seen).toMatchObject({ content: '', deleted: true });
    }
    const actions = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.actorAgentId, admin.agentId));
    expect(actions.filter((row) => row.targetId === message.id).map((row) => [row.action, row.details])).toEqual([['message.removed', { reportId: id }]]);
    await resolve(id, 'remove_message').expect(409);
  });

  it('disables the reported account: the person is signed out and the report says so', async () => {
    const { reporter, offender } = await scene();
    const id = await report(reporter, { agentId: offender.agentId, reason: 'harassment' });
    // A report about a person names no message to remove.
    const noMessage = await resolve(id, 'remove_message').expect(400);
    expect(noMessage.body.error).toBe(GOVERNANCE_ERRORS.reportNoMessage);
    const resolved = await resolve(id, 'disable_account').expect(200);
    expect(resolved.body.data.report).toMatchObject({ resolution: 'account_disabled', subject: { agentId: offender.agentId, disabled: true } });
    expect((await api().get('/api/v1/auth/me').set(bearerOf(offender))).status).toBe(401);
    const login = await api().post('/api/v1/auth/login').send({ username: offender.username, password: offender.password }).expect(403);
    expect(login.body.error).toBe(GOVERNANCE_ERRORS.accountDisabled);
    const people = await api().get(`/api/v1/admin/people?disabled=true&q=${offender.username}`).set(bearerOf(admin)).expect(200);
    expect(people.body.data.people.map((p: { agentId: string }) => p.agentId)).toEqual([offender.agentId]);
  });

  it('answers bad ids and bodies with 400 or 404, never 500', async () => {
    const { reporter, message } = await scene();
    const id = await report(reporter, { messageId: message.id, reason: 'spam' });
    expect((await resolve('not-a-uuid', 'dismiss')).status).toBe(400);
    const unknown = await resolve('00000000-0000-4000-8000-0000000000ff', 'dismiss').expect(404);
    expect(unknown.body.error).toBe(GOVERNANCE_ERRORS.reportNotFound);
    expect((await resolve(id, 'ban_forever')).status).toBe(400);
    expect((await resolve(id, undefined)).status).toBe(400);
    expect((await api().post(`/api/v1/admin/reports/${id}/resolve`).set(bearerOf(admin)).send({ action: 'dismiss', extra: true })).status).toBe(400);
    expect((await api().get('/api/v1/admin/reports?status=closed').set(bearerOf(admin))).status).toBe(400);
    expect((await api().get('/api/v1/admin/reports?page=0').set(bearerOf(admin))).status).toBe(400);
    // Still open after all that.
    expect((await list('open')).map((r) => r.id)).toContain(id);
  });
});
