import type { TOpenThreadResponse } from '@agentroom/shared';
import type { TestServer } from '../support/test-server';
import { auth } from '../chat/chat-fixtures';

/** The thread on `rootMessageId`, opened by `opener` through `POST /chat/messages/:id/thread` as users open one. */
export async function openThreadAs(server: TestServer, opener: { token: string }, rootMessageId: string) {
  const res = await server.api().post(`/api/v1/chat/messages/${rootMessageId}/thread`).set(auth(opener));
  if (res.status !== 201 && res.status !== 200) throw new Error(`opening the thread failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as TOpenThreadResponse).thread;
}
