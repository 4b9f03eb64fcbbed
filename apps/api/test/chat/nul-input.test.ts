import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { VALIDATION, type TSocketAck } from '@agentroom/shared';
import { rowCounts, withNul } from '../support/row-counts';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';
import { auth, closeSockets, connectSocket, sendMessage, startConversation, type User } from './chat-fixtures';

let server: TestServer;
let ada: User;
let bob: User;
let handle: string;
let aiAgentId: string;
let conversationId: string;
let messageId: string;

beforeAll(async () => {
  server = await startTestServer();
  [ada, bob] = [await signUpVerified(server, 'nula'), await signUpVerified(server, 'nulb')];
  const team = await createTeam(server, ada);
  handle = team.handle;
  await addMember(server, ada, handle, bob.username);
  aiAgentId = (await createAiAgent(server, ada, handle)).id;
  conversationId = (await startConversation(server, ada, { agentId: bob.agentId })).id;
  messageId = (await sendMessage(server, ada, conversationId, 'hello')).id;
  await server.api().post(`/api/v1/teams/${handle}/rooms`).set(auth(ada)).send({ name: 'nul-room', memberIds: [bob.agentId, aiAgentId] }).expect(201);
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

type Method = 'post' | 'patch' | 'put';
const agentFields = { firstName: 'Robo', middleName: 'Q', lastName: 'Bot', role: 'Helper', personality: 'Kind', avatarUrl: '/api/v1/avatars/robo.svg', model: 'gpt' };

/** Every string field of every team, agent and chat body: endpoint × field, each with a NUL inside. */
const bodyCases: { method: Method; path: () => string; body: () => Record<string, unknown>; fields: string[] }[] = [
  { method: 'post', path: () => '/teams', body: () => ({ name: 'Nul Team', handle: 'nul-team', description: 'About' }), fields: ['name', 'handle', 'description'] },
  { method: 'post', path: () => `/teams/${handle}/members`, body: () => ({ username: bob.username }), fields: ['username'] },
  { method: 'post', path: () => `/teams/${handle}/agents`, body: () => agentFields, fields: Object.keys(agentFields) },
  { method: 'patch', path: () => `/agents/${aiAgentId}`, body: () => agentFields, fields: Object.keys(agentFields) },
  {
    method: 'post',
    path: () => `/chat/conversations/${bob.agentId}/start`,
    body: () => ({ conversationType: 'team-scoped', isTeamScoped: true, teamHandle: handle }),
    fields: ['teamHandle'],
  },
  {
    method: 'post',
    path: () => `/chat/conversations/${conversationId}/messages`,
    body: () => ({ content: 'hi there', clientMessageId: randomUUID(), targetAgentId: bob.agentId, attachmentIds: [randomUUID()] }),
    fields: ['content', 'clientMessageId', 'targetAgentId', 'attachmentIds'],
  },
  {
    method: 'post',
    path: () => `/chat/conversations/${conversationId}/messages/async`,
    body: () => ({ content: 'hi there', clientMessageId: randomUUID() }),
    fields: ['content', 'clientMessageId'],
  },
  { method: 'patch', path: () => `/chat/messages/${messageId}`, body: () => ({ content: 'edited' }), fields: ['content'] },
  { method: 'put', path: () => `/chat/conversations/${conversationId}/read`, body: () => ({ lastReadMessageId: messageId }), fields: ['lastReadMessageId'] },
  // Team rooms
  { method: 'post', path: () => `/teams/${handle}/rooms`, body: () => ({ name: 'nul-room-2', topic: 'About', memberIds: [bob.agentId] }), fields: ['name', 'topic', 'memberIds'] },
  {
    method: 'patch',
    path: () => `/teams/${handle}/rooms/nul-room`,
    body: () => ({ name: 'renamed', topic: 'New topic', answersAllAgentId: aiAgentId }),
    fields: ['name', 'topic', 'answersAllAgentId'],
  },
  { method: 'post', path: () => `/teams/${handle}/rooms/nul-room/members`, body: () => ({ agentId: aiAgentId }), fields: ['agentId'] },
];
/** The path template as written above, for the test's name. */
const routeOf = (path: () => string) => path.toString().replace(/^\(\) => /, '').replace(/[`'"]/g, '');

const bodyTable = bodyCases.flatMap(({ fields, ...rest }) => fields.map((field) => ({ ...rest, field, route: routeOf(rest.path) })));

/** `%00` in route params and query strings: handle, username, ids, paging, download token. */
const urlCases: { method: 'get' | 'post' | 'put' | 'patch' | 'delete'; path: () => string }[] = [
  { method: 'get', path: () => `/teams/${handle}%00` },
  { method: 'get', path: () => `/teams/%00${handle}/agents` },
  { method: 'post', path: () => `/teams/${handle}%00/members` },
  { method: 'post', path: () => `/teams/${handle}%00/agents` },
  { method: 'delete', path: () => `/teams/${handle}%00/members/me` },
  { method: 'get', path: () => `/agents/${bob.username}%00` },
  { method: 'get', path: () => `/agents/%40${bob.username}%00` },
  { method: 'patch', path: () => `/agents/${aiAgentId}%00` },
  { method: 'post', path: () => `/chat/conversations/${bob.agentId}%00/start` },
  { method: 'get', path: () => `/chat/conversations/${conversationId}%00` },
  { method: 'get', path: () => `/chat/conversations/${conversationId}/messages?before=%00` },
  { method: 'get', path: () => `/chat/conversations/${conversationId}/messages?page=1%00` },
  { method: 'get', path: () => `/chat/conversations?limit=%0010` },
  { method: 'get', path: () => `/chat/conversations/${conversationId}/replies%00` },
  { method: 'post', path: () => `/chat/messages/${messageId}%00/seen` },
  { method: 'patch', path: () => `/chat/messages/%00` },
  { method: 'get', path: () => `/chat/attachments/${randomUUID()}?token=abc%00def` },
  { method: 'get', path: () => `/avatars/ada%00.svg` },
  { method: 'get', path: () => `/chat/search?q=deploy%00` },
  { method: 'get', path: () => `/chat/conversations/${conversationId}/messages?around=1%00` },
  { method: 'put', path: () => `/chat/messages/${messageId}/reactions/%F0%9F%91%8D%00` },
  { method: 'delete', path: () => `/chat/messages/${messageId}/reactions/%00` },
  { method: 'delete', path: () => `/chat/messages/${messageId}%00` },
  { method: 'get', path: () => `/teams/${handle}/rooms/nul%00room` },
  { method: 'post', path: () => `/teams/${handle}/rooms/general%00/join` },
  { method: 'delete', path: () => `/teams/${handle}/rooms/nul-room/members/%00` },
  { method: 'delete', path: () => `/teams/${handle}/rooms/%00/members/me` },
];

describe('a NUL character anywhere in a request is a 4xx, never a 500, and writes nothing', () => {
  it.each(bodyTable)('body: $method $route $field', async ({ method, path, body, field }) => {
    const before = await rowCounts(server);
    const res = await server.api()[method](`/api/v1${path()}`).set(auth(ada)).send(withNul(body(), field));
    expect(res.status, `${path()} ${field}: ${res.text}`).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(Object.values(res.body.details ?? {})).toContain(VALIDATION.noNulCharacters);
    expect(await rowCounts(server)).toEqual(before);
  });

  it.each(urlCases.map((c) => ({ ...c, route: routeOf(c.path) })))('url: $method $route', async ({ method, path }) => {
    const before = await rowCounts(server);
    const res = await server.api()[method](`/api/v1${path()}`).set(auth(ada)).send({});
    expect([400, 404], `${path()}: ${res.status} ${res.text}`).toContain(res.status);
    expect(res.body).toMatchObject({ success: false });
    expect(typeof res.body.code).toBe('string');
    expect(await rowCounts(server)).toEqual(before);
  });

  it('socket payloads with NUL get a VALIDATION_ERROR ack', async () => {
    const socket = await connectSocket(server.url, ada.token);
    const emit = (event: 'room:join' | 'room:leave' | 'conversation:participant:typing', payload: object) =>
      new Promise<TSocketAck>((resolve) => (socket.emit as (...args: unknown[]) => void)(event, payload, resolve));
    for (const [event, payload] of [
      ['room:join', { roomId: `conversation:${conversationId}\u0000` }],
      ['room:leave', { roomId: `\u0000conversation:${conversationId}` }],
      ['conversation:participant:typing', { conversationId: `${conversationId}\u0000`, isTyping: true }],
    ] as const) {
      const ack = await emit(event, payload);
      expect(ack, event).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect(await emit('room:join', { roomId: `conversation:${conversationId}` })).toEqual({ ok: true });
  });
});
