import { expect } from 'vitest';
import type { TRoom, TRoomResponse } from '@agentroom/shared';
import type { TestServer } from '../support/test-server';
import { bearer, type TestUser } from '../teams/team-helpers';

export const roomsPath = (handle: string) => `/api/v1/teams/${handle}/rooms`;

/** Creates a room through the API as `creator`; answers the room and its conversation. */
export async function createRoom(server: TestServer, creator: TestUser, handle: string, body: Record<string, unknown>): Promise<TRoomResponse> {
  const res = await server.api().post(roomsPath(handle)).set(bearer(creator.token)).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as TRoomResponse;
}

/** The team's rooms as `user` lists them. */
export async function listRooms(server: TestServer, user: TestUser, handle: string): Promise<TRoom[]> {
  const res = await server.api().get(roomsPath(handle)).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.rooms as TRoom[];
}

export async function getRoom(server: TestServer, user: TestUser, handle: string, name: string) {
  return server.api().get(`${roomsPath(handle)}/${name}`).set(bearer(user.token));
}

export async function addToRoom(server: TestServer, user: TestUser, handle: string, name: string, agentId: string) {
  const res = await server.api().post(`${roomsPath(handle)}/${name}/members`).set(bearer(user.token)).send({ agentId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as TRoomResponse;
}
