import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, TChatMessage, TConversation, TSocketAck } from '@agentroom/shared';
import { eq } from 'drizzle-orm';
import { findReachFacts } from '../../src/agents/reach-repo';
import { agents, teamMembers, teams } from '../../src/db/schema';
import { signUpVerified, type TestServer } from '../support/test-server';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type User = Awaited<ReturnType<typeof signUpVerified>>;

export const auth = (user: { token: string }) => ({ Authorization: `Bearer ${user.token}` });

export async function startConversation(server: TestServer, from: User, to: { agentId: string }, body: object = {}) {
  await ensureInReach(server, from, to);
  const res = await server
    .api()
    .post(`/api/v1/chat/conversations/${to.agentId}/start`)
    .set(auth(from))
    .send({ conversationType: 'personal', isTeamScoped: false, ...body })
    .expect(200);
  return res.body.data.conversation as TConversation;
}

export async function sendMessage(server: TestServer, from: User, conversationId: string, content: string, extra: object = {}) {
  const res = await server
    .api()
    .post(`/api/v1/chat/conversations/${conversationId}/messages/async`)
    .set(auth(from))
    .send({ content, clientMessageId: randomUUID(), ...extra });
  if (res.status !== 201 && res.status !== 200) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.participantMessage as TChatMessage;
}

/**
 * The reach rule (decision 0022) lets people talk only while they share an active team: two people
 * with none get one, written to the database (tests about the rule itself are in security/reach-rule).
 */
async function ensureInReach(server: TestServer, from: { agentId: string }, to: { agentId: string }) {
  const [target] = await server.ctx.db.select({ isHuman: agents.isHuman }).from(agents).where(eq(agents.id, to.agentId));
  if (!target?.isHuman || from.agentId === to.agentId) return;
  const facts = (await findReachFacts(server.ctx.db, from.agentId, [to.agentId])).get(to.agentId);
  if (!facts?.sharesTeam) await createTeam(server, [from.agentId, to.agentId]);
}

/** A team with the given agents as active members, written straight to the database. */
export async function createTeam(server: TestServer, agentIds: string[]) {
  const handle = `team-${randomUUID().slice(0, 8)}`;
  const [team] = await server.ctx.db.insert(teams).values({ name: `Team ${handle}`, handle }).returning();
  await server.ctx.db.insert(teamMembers).values(agentIds.map((agentId) => ({ teamId: team!.id, agentId })));
  return team!;
}

const sockets: ClientSocket[] = [];

/** A socket.io-client connected with the user's token (rejects with the server's error otherwise). */
export function connectSocket(url: string, token: string | undefined): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

export function closeSockets() {
  for (const socket of sockets.splice(0)) socket.disconnect();
}

type EventArg<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Resolves with the next `event` payload matching `accept`. The timeout only turns a hang into a failure. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  accept: (payload: EventArg<E>) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<EventArg<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: EventArg<E>) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Collects every payload of `event` (to assert that something did NOT arrive, after a later marker event). */
export function recordEvents<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): EventArg<E>[] {
  const seen: EventArg<E>[] = [];
  socket.on(event, ((payload: EventArg<E>) => seen.push(payload)) as never);
  return seen;
}

/** Emits with an acknowledgement and resolves with it. */
export function emitWithAck(socket: ClientSocket, event: keyof ClientToServerEvents, payload: unknown): Promise<TSocketAck> {
  return socket.timeout(10_000).emitWithAck(event, payload as never) as Promise<TSocketAck>;
}

export function joinConversation(socket: ClientSocket, conversationId: string) {
  return emitWithAck(socket, 'room:join', { roomId: `conversation:${conversationId}` });
}

export function disconnected(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}
