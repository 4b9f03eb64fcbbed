import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConversation, TRoom } from '@agentroom/shared';
import { DEMO_LOGIN } from '../../src/demo/demo-seed';
import { startTestServer, type TestServer } from '../support/test-server';
import { bearer } from '../teams/team-helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await server?.stop();
});

describe('the demo team’s rooms', () => {
  it('signing in as the demo user shows #general and a room with both AI agents, in the rooms list and the inbox', async () => {
    const login = await server.api().post('/api/v1/auth/login').send({ username: DEMO_LOGIN.username, password: DEMO_LOGIN.password }).expect(200);
    const token = login.body.data.token as string;
    const rooms = (await server.api().get('/api/v1/teams/demo/rooms').set(bearer(token)).expect(200)).body.data.rooms as TRoom[];
    expect(rooms.map((r) => [r.name, r.isMember, r.memberCount])).toEqual([
      ['general', true, 2],
      ['launch-plan', true, 4],
    ]);
    const launch = await server.api().get('/api/v1/teams/demo/rooms/launch-plan').set(bearer(token)).expect(200);
    const names = (launch.body.data.conversation as TConversation).participants.map((p) => p.agent.firstName).sort();
    expect(names).toEqual(['Demo', 'Maya', 'Nova', 'Sage']);
    const inbox = (await server.api().get('/api/v1/chat/conversations').set(bearer(token)).expect(200)).body.data.conversations as TConversation[];
    expect(inbox.filter((c) => c.room).map((c) => c.room!.name).sort()).toEqual(['general', 'launch-plan']);
  });
});
