import {
  CHAT_FALLBACKS,
  type TActiveReply,
  type TAgent,
  type TChatAttachment,
  type TChatMessage,
  type TConversation,
  type TEnvelope,
  type TMessagePage,
  type TSendMessageRequest,
  type TStartConversationRequest,
} from '@agentroom/shared';
import { apiRequest } from './api-client';
import { API_PREFIX } from './api-base-url';
import { ApiError, withFallback } from './api-error';
import { tokenStorage } from './token-storage';

async function call<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw withFallback(error, fallback);
  }
}

const conversationPath = (id: string) => `/chat/conversations/${encodeURIComponent(id)}`;
const messagePath = (id: string) => `/chat/messages/${encodeURIComponent(id)}`;

export type MessagePageQuery = { page?: number; limit?: number; before?: string; after?: number };

function query(params: MessagePageQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Multipart upload: the JSON client cannot send a form, so this one call uses fetch directly with
 * the same bearer token and the same envelope → ApiError mapping (413/415/400 keep the server's text).
 */
async function uploadAttachments(conversationId: string, files: readonly File[], signal?: AbortSignal) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const token = tokenStorage.get();
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${conversationPath(conversationId)}/attachments`, {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
      signal,
    });
  } catch {
    throw ApiError.network();
  }
  const envelope = (await response.json().catch(() => undefined)) as TEnvelope<{ attachments: TChatAttachment[] }> | undefined;
  if (response.ok && envelope?.success === true) return envelope.data.attachments;
  if (envelope && envelope.success === false && envelope.error)
    throw new ApiError(envelope.error, response.status, envelope.code, envelope.details);
  throw new ApiError(`HTTP ${response.status}`, response.status);
}

/** The chat and AI-reply calls of spec §7 and DESIGN §4–6, one function each, with the spec §8 fallbacks. */
export const chatApi = {
  agent: (username: string) =>
    call(
      () => apiRequest<{ agent: TAgent }>(`/agents/${encodeURIComponent(username.replace(/^@/, ''))}`),
      CHAT_FALLBACKS.agentNotFound,
    ).then((d) => d.agent),

  start: (agentId: string, input: TStartConversationRequest) =>
    call(
      () =>
        apiRequest<{ conversation: TConversation }>(`/chat/conversations/${encodeURIComponent(agentId)}/start`, {
          method: 'POST',
          body: input,
        }),
      CHAT_FALLBACKS.getOrCreateConversation,
    ).then((d) => d.conversation),

  messages: (conversationId: string, params: MessagePageQuery, fallback: string = CHAT_FALLBACKS.getMessages) =>
    call(() => apiRequest<TMessagePage>(`${conversationPath(conversationId)}/messages${query(params)}`), fallback),

  send: (conversationId: string, input: TSendMessageRequest) =>
    call(
      () =>
        apiRequest<{ participantMessage: TChatMessage }>(`${conversationPath(conversationId)}/messages/async`, {
          method: 'POST',
          body: input,
        }),
      CHAT_FALLBACKS.sendMessage,
    ).then((d) => d.participantMessage),

  upload: (conversationId: string, files: readonly File[]) =>
    call(() => uploadAttachments(conversationId, files), CHAT_FALLBACKS.sendMessage),

  edit: (messageId: string, content: string) =>
    call(
      () => apiRequest<{ message: TChatMessage }>(messagePath(messageId), { method: 'PATCH', body: { content } }),
      'Failed to edit message',
    ).then((d) => d.message),

  markRead: (conversationId: string, lastReadMessageId: string) =>
    call(
      () => apiRequest<unknown>(`${conversationPath(conversationId)}/read`, { method: 'PUT', body: { lastReadMessageId } }),
      CHAT_FALLBACKS.markRead,
    ),

  markSeen: (messageId: string) =>
    call(() => apiRequest<unknown>(`${messagePath(messageId)}/seen`, { method: 'POST', body: {} }), CHAT_FALLBACKS.markSeen),

  activeReplies: (conversationId: string) =>
    apiRequest<{ replies: TActiveReply[] }>(`${conversationPath(conversationId)}/replies`).then((d) => d.replies),

  stopReply: (streamId: string) =>
    call(
      () => apiRequest<{ stopped: boolean }>(`/chat/replies/${encodeURIComponent(streamId)}/stop`, { method: 'POST', body: {} }),
      'Failed to stop the reply',
    ),

  regenerate: (messageId: string) =>
    call(
      () => apiRequest<{ streamId: string }>(`${messagePath(messageId)}/regenerate`, { method: 'POST', body: {} }),
      'Failed to regenerate the reply',
    ),
};
