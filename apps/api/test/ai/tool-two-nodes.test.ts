import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage } from '@agentroom/shared';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { closeSockets, connectSocket, joinConversation, nextEvent, sendMessage } from '../chat/chat-fixtures';
import { createRoomRow } from '../rooms/room-fixtures';
import { createTestDatabase } from '../support/test-database';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';
import { nextMessageFrom } from './ai-fixtures';
import { approve, jobCalls, jobsWhere, setToolPolicy } from './tool-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Two API nodes on one Postgres and one Redis: an approval card and its decision cross nodes; two decisions at once run the tool once. */
describe.skipIf(!databaseUrl || !redisUrl)('tool approvals across two API nodes', () => {
  let llm: FakeLlm;
  let nodes: TestServer[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    llm = await startFakeLlm();
    const database = await createTestDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redisUrl!, LLM_BASE_URL: llm.baseUrl };
    nodes = [await startTestServer(env), await startTestServer(env)];
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await drop?.();
    await llm?.close();
  });

  it('the card reaches a person on the other node; approvals on both nodes at once: one 200, one 409, the tool runs once', async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const maya = await signUpVerified(one, 'maya');
    const leo = await signUpVerified(one, 'leo');
    const team = await createTeam(one, maya);
    await addMember(one, maya, team.handle, leo.username);
    const atlas = await createAiAgent(one, maya, team.handle, { firstName: 'Atlas' });
    const room = await createRoomRow(one, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, atlas.id] });
    await setToolPolicy(one, maya, atlas.id, 'builtin:list_team_members', 'approval');
    const onTwo = await connectSocket(two.url, maya.token);
    await joinConversation(onTwo, room.id);

    const before = llm.requests.length;
    llm.script({ chunks: ['May I?'], toolCalls: [{ name: 'list_team_members', arguments: '{}' }] }, { chunks: ['Maya and Leo.'] });
    const card = nextEvent(onTwo, 'message:received', (m) => m.messageType === 'approval', 20_000);
    await sendMessage(one, leo, room.id, `@${atlas.username} who is here?`);
    const { approval } = (await card) as TChatMessage;
    await jobsWhere(one, room.id, (s) => s.includes('waiting'));

    const reply = nextMessageFrom(onTwo, atlas.id, 20_000);
    const results = await Promise.all([approve(one, leo, approval!.toolCallId), approve(two, maya, approval!.toolCallId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await reply).content).toBe('May I?\n\nMaya and Leo.');
    await jobsWhere(one, room.id, (s) => s.every((x) => x === 'done'));
    expect((await jobCalls(one, room.id)).map((c) => c.status)).toEqual(['done']);
    expect(llm.requests.length - before).toBe(2);
  });
});
