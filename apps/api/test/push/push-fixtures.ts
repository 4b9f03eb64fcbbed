import { expect } from 'vitest';
import type { PushReceiver, PushSubscriptionJson } from '@agentroom/testkit';
import type { TPushDevice } from '@agentroom/shared';
import type { TestServer } from '../support/test-server';
import { bearer, type TestUser } from '../teams/team-helpers';

/** A device of `user` on the receiver, subscribed through the API as the web app does. */
export async function subscribeDevice(server: TestServer, receiver: PushReceiver, user: TestUser, extra: object = {}): Promise<PushSubscriptionJson & { id: string }> {
  const subscription = receiver.subscribe();
  const res = await server.api().post('/api/v1/users/me/push-devices').set(bearer(user.token)).send({ ...subscription, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...subscription, id: res.body.data.device.id as string };
}

export async function listDevices(server: TestServer, user: TestUser): Promise<{ publicKey: string | null; devices: TPushDevice[] }> {
  return (await server.api().get('/api/v1/users/me/push-devices').set(bearer(user.token)).expect(200)).body.data;
}

export const setPreviews = (server: TestServer, user: TestUser, pushPreviews: boolean) =>
  server.api().patch('/api/v1/users/me/notifications').set(bearer(user.token)).send({ pushPreviews }).expect(200);
