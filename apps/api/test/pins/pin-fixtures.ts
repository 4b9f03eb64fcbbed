import type { TChatMessage, TOpenThreadResponse } from '@agentroom/shared';
import type { TestServer } from '../support/test-server';
import { sendMessage } from '../chat/chat-fixtures';
import { bearer, type TestUser } from '../teams/team-helpers';

/** The thread on `root`, opened by `replier` through `POST /chat/messages/:id/thread`, with one reply from them. */
export async function writeThreadReply(server: TestServer, root: TChatMessage, replier: TestUser, content: string) {
  const opened = await server.api().post(`/api/v1/chat/messages/${root.id}/thread`).set(bearer(replier.token));
  if (opened.status !== 201 && opened.status !== 200) throw new Error(`opening the thread failed: ${opened.status} ${JSON.stringify(opened.body)}`);
  const threadId = (opened.body.data as TOpenThreadResponse).thread.id;
  const reply = await sendMessage(server, replier, threadId, content);
  return { threadId, replyId: reply.id };
}

export const pinPath = (messageId: string) => `/api/v1/chat/messages/${messageId}/pin`;
export const savePath = (messageId: string) => `/api/v1/chat/messages/${messageId}/save`;
export const pinsPath = (conversationId: string) => `/api/v1/chat/conversations/${conversationId}/pins`;

export const pin = (server: TestServer, as: TestUser, messageId: string) => server.api().put(pinPath(messageId)).set(bearer(as.token));
export const unpin = (server: TestServer, as: TestUser, messageId: string) => server.api().delete(pinPath(messageId)).set(bearer(as.token));
export const listPins = (server: TestServer, as: TestUser, conversationId: string) => server.api().get(pinsPath(conversationId)).set(bearer(as.token));
