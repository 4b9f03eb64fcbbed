import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TToolApprovers, TToolPolicy } from '@agentroom/shared';
import { replyJobs, toolCalls } from '../../src/db/schema';
import { connectSocket, joinConversation, type ClientSocket } from '../chat/chat-fixtures';
import { createRoomRow } from '../rooms/room-fixtures';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from '../teams/team-helpers';
import { signUpVerified, type TestServer } from '../support/test-server';

/** Sets one tool's policy for an AI agent as a manager of its team does (PUT /agents/:agent/tools). */
export async function setToolPolicy(server: TestServer, manager: TestUser, agentId: string, key: string, policy: TToolPolicy, approvers?: TToolApprovers) {
  const res = await server
    .api()
    .put(`/api/v1/agents/${agentId}/tools`)
    .set(bearer(manager.token))
    .send({ tools: [{ key, policy, ...(approvers ? { approvers } : {}) }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * A room of three people and an AI agent, everyone's socket joined: Maya owns the team and created
 * the room (a room manager), Leo asks (the requester), Ann is a plain member; Olga is in no team of theirs.
 */
export async function roomWithAtlas(server: TestServer) {
  const maya = await signUpVerified(server, 'maya');
  const leo = await signUpVerified(server, 'leo');
  const ann = await signUpVerified(server, 'ann');
  const olga = await signUpVerified(server, 'olga');
  const team = await createTeam(server, maya);
  await addMember(server, maya, team.handle, leo.username);
  await addMember(server, maya, team.handle, ann.username);
  const atlas = await createAiAgent(server, maya, team.handle, { firstName: 'Atlas' });
  const room = await createRoomRow(server, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, ann.agentId, atlas.id] });
  const sockets: Record<'maya' | 'leo' | 'ann', ClientSocket> = {
    maya: await connectSocket(server.url, maya.token),
    leo: await connectSocket(server.url, leo.token),
    ann: await connectSocket(server.url, ann.token),
  };
  for (const socket of Object.values(sockets)) await joinConversation(socket, room.id);
  return { maya, leo, ann, olga, team, atlas, room, sockets };
}

export const approve = (server: TestServer, user: TestUser, toolCallId: string) =>
  server.api().post(`/api/v1/chat/tool-calls/${toolCallId}/approve`).set(bearer(user.token));
export const deny = (server: TestServer, user: TestUser, toolCallId: string) =>
  server.api().post(`/api/v1/chat/tool-calls/${toolCallId}/deny`).set(bearer(user.token));

export function jobCalls(server: TestServer, conversationId: string) {
  return server.ctx.db.select().from(toolCalls).where(eq(toolCalls.conversationId, conversationId)).orderBy(asc(toolCalls.createdAt), asc(toolCalls.step), asc(toolCalls.callIndex));
}

/** Polls (no guessed sleep) until the conversation's reply jobs match `done`. */
export async function jobsWhere(server: TestServer, conversationId: string, done: (statuses: string[]) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await server.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, conversationId)).orderBy(asc(replyJobs.id));
    if (done(jobs.map((j) => j.status))) return jobs;
    if (Date.now() > deadline) throw new Error(`jobs did not settle: ${JSON.stringify(jobs.map((j) => j.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The tool turns the model was sent in a recorded request. */
export const toolTurns = (request: { messages: { role: string; content: unknown; tool_call_id?: string }[] }) =>
  request.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
