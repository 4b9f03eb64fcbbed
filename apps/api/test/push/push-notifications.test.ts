import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, startPushReceiver, type FakeLlm, type PushReceiver } from '@agentroom/testkit';
import { accounts } from '../../src/db/schema';
import { closeSockets, connectSocket, sendMessage, startConversation } from '../chat/chat-fixtures';
import { createRoomRow } from '../rooms/room-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from '../teams/team-helpers';
import { setToolPolicy } from '../ai/tool-fixtures';
import { listDevices, setPreviews, subscribeDevice } from './push-fixtures';

let server: TestServer;
let receiver: PushReceiver;
let llm: FakeLlm;
beforeAll(async () => {
  receiver = await startPushReceiver();
  llm = await startFakeLlm();
  server = await startTestServer({ PUSH_ALLOWED_HOSTS: '127.0.0.1', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await llm?.close();
});

/** Maya writes to Leo in a 1:1; Leo has a device on the receiver and no tab open. */
async function oneToOne() {
  const maya = await signUpVerified(server, 'maya');
  const leo = await signUpVerified(server, 'leo');
  const conversation = await startConversation(server, maya, { agentId: leo.agentId });
  const device = await subscribeDevice(server, receiver, leo);
  return { maya, leo, conversation, device };
}

const fullName = (user: TestUser) => `${user.firstName} ${user.lastName}`;

describe('push notifications', () => {
  it('pushes a 1:1 message to an offline person, encrypted to their device, without its text unless they allow previews', async () => {
    const { maya, leo, conversation, device } = await oneToOne();
    const first = receiver.next(device.endpoint);
    await sendMessage(server, maya, conversation.id, 'The **launch** moved to Friday');
    const push = await first;
    expect(push.payload).toEqual({ title: fullName(maya), body: 'New message', url: `/p/@${maya.username}`, tag: conversation.id });
    expect(push.text).not.toContain('launch');
    expect(push.headers).toMatchObject({ ttl: '86400', urgency: 'normal', 'content-encoding': 'aes128gcm' });
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${server.ctx.config.push.vapid!.publicKey}$`));
    // The device shows when it last got a push.
    await expect.poll(async () => (await listDevices(server, leo)).devices[0]?.lastPushedAt).not.toBeNull();

    await setPreviews(server, leo, true);
    const second = receiver.next(device.endpoint);
    await sendMessage(server, maya, conversation.id, 'The **launch** moved to Friday');
    expect((await second).payload).toMatchObject({ title: fullName(maya), body: 'The launch moved to Friday' });
    expect(receiver.failures).toEqual([]);
  });

  it('pushes nothing while the person has a tab connected, and again once it closed', async () => {
    const { maya, leo, conversation, device } = await oneToOne();
    await setPreviews(server, leo, true);
    const tab = await connectSocket(server.url, leo.token);
    await sendMessage(server, maya, conversation.id, 'While you are here');
    // Decided while the tab is still connected (the decision runs after the commit, off the request).
    await server.push.settled();
    const tabId = tab.id!;
    tab.disconnect();
    await expect.poll(() => server.io.sockets.sockets.has(tabId), { interval: 10 }).toBe(false);
    const next = receiver.next(device.endpoint);
    await sendMessage(server, maya, conversation.id, 'Now you are away');
    expect((await next).payload).toMatchObject({ body: 'Now you are away' });
    expect(receiver.at(device.endpoint).map((p) => (p.payload as { body: string }).body)).toEqual(['Now you are away']);
  });

  it('pushes an @mention in a room, never a plain room message', async () => {
    const maya = await signUpVerified(server, 'maya');
    const leo = await signUpVerified(server, 'leo');
    const team = await createTeam(server, maya);
    await addMember(server, maya, team.handle, leo.username);
    const room = await createRoomRow(server, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId] });
    const device = await subscribeDevice(server, receiver, leo);
    const next = receiver.next(device.endpoint);
    await sendMessage(server, maya, room.id, 'Morning all');
    await sendMessage(server, maya, room.id, `@${leo.username} can you look at this?`);
    expect((await next).payload).toEqual({
      title: `${fullName(maya)} in #${room.name}`,
      body: 'Mentioned you',
      url: `/t/${team.handle}/r/${room.name}`,
      tag: room.id,
    });
    expect(receiver.at(device.endpoint)).toHaveLength(1);
  });

  it('pushes no @mention from someone the person blocked', async () => {
    const [maya, leo, ann] = [await signUpVerified(server, 'maya'), await signUpVerified(server, 'leo'), await signUpVerified(server, 'ann')];
    const team = await createTeam(server, maya);
    for (const person of [leo, ann]) await addMember(server, maya, team.handle, person.username);
    const room = await createRoomRow(server, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, ann.agentId] });
    await server.api().put(`/api/v1/users/me/blocks/${maya.agentId}`).set(bearer(leo.token)).expect(200);
    const device = await subscribeDevice(server, receiver, leo);
    const next = receiver.next(device.endpoint);
    await sendMessage(server, maya, room.id, `@${leo.username} hello?`);
    await sendMessage(server, ann, room.id, `@${leo.username} hello!`);
    expect((await next).payload).toMatchObject({ title: `${fullName(ann)} in #${room.name}` });
    expect(receiver.at(device.endpoint)).toHaveLength(1);
  });

  it('pushes nothing in a muted 1:1 nor during do not disturb', async () => {
    const { maya, leo, conversation, device } = await oneToOne();
    await setPreviews(server, leo, true);
    // Each change waits until the message before it was decided under the setting it was sent with.
    const settings = async (body: object) => {
      await server.push.settled();
      await server.api().patch(`/api/v1/chat/conversations/${conversation.id}/settings`).set(bearer(leo.token)).send(body).expect(200);
    };
    const dnd = async (body: object) => {
      await server.push.settled();
      await server.api().put('/api/v1/users/me/dnd').set(bearer(leo.token)).send(body).expect(200);
    };
    await settings({ muted: true });
    await sendMessage(server, maya, conversation.id, 'Muted one');
    await settings({ muted: false, notifyLevel: 'none' });
    await sendMessage(server, maya, conversation.id, 'Level none');
    await settings({ notifyLevel: 'all' });
    await dnd({ until: new Date(Date.now() + 3_600_000).toISOString(), schedule: null });
    await sendMessage(server, maya, conversation.id, 'During do not disturb');
    await dnd({ until: null, schedule: null });
    const next = receiver.next(device.endpoint);
    await sendMessage(server, maya, conversation.id, 'Back again');
    expect((await next).payload).toMatchObject({ body: 'Back again' });
    expect(receiver.at(device.endpoint)).toHaveLength(1);
  });

  it('pushes a tool call waiting for approval to the people who may decide it', async () => {
    const maya = await signUpVerified(server, 'maya');
    const leo = await signUpVerified(server, 'leo');
    const team = await createTeam(server, maya);
    await addMember(server, maya, team.handle, leo.username);
    const atlas = await createAiAgent(server, maya, team.handle, { firstName: 'Atlas' });
    const room = await createRoomRow(server, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, atlas.id] });
    await setToolPolicy(server, maya, atlas.id, 'builtin:list_team_members', 'approval');
    const device = await subscribeDevice(server, receiver, maya);
    await setPreviews(server, maya, true);
    llm.script({ chunks: ['I need the member list.'], toolCalls: [{ id: 'call_members', name: 'list_team_members', arguments: '{}' }] });
    const next = receiver.next(device.endpoint);
    await sendMessage(server, leo, room.id, `@${atlas.username} who is in the team?`);
    const push = await next;
    expect(push.payload).toMatchObject({ title: 'Approval needed', body: 'An agent is waiting for your approval', url: `/t/${team.handle}/r/${room.name}`, tag: room.id });
    expect(push.headers.urgency).toBe('high');
  });

  it.each([410, 404])('forgets a device the push service answers %i for', async (status) => {
    const { maya, leo, conversation, device } = await oneToOne();
    receiver.answer(device.endpoint, status);
    const refused = receiver.next(device.endpoint);
    await sendMessage(server, maya, conversation.id, 'Anyone there?');
    expect((await refused).status).toBe(status);
    await expect.poll(async () => (await listDevices(server, leo)).devices).toEqual([]);
  });

  it("speaks the person's language (accounts.locale)", async () => {
    const { maya, leo, conversation, device } = await oneToOne();
    await server.ctx.db.update(accounts).set({ locale: 'de' }).where(eq(accounts.id, leo.user.id));
    const next = receiver.next(device.endpoint);
    await sendMessage(server, maya, conversation.id, 'Hallo');
    expect((await next).payload).toMatchObject({ title: fullName(maya), body: 'Neue Nachricht' });
  });
});
