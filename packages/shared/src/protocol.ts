/** Protocol details both the API and its clients rely on, kept once so they cannot drift apart. */

/** The stored message of an AI reply carries clientMessageId `ai-reply:<streamId>`; clients match streams to it. */
export const AI_REPLY_PREFIX = 'ai-reply:';
export const aiReplyClientMessageId = (streamId: string) => `${AI_REPLY_PREFIX}${streamId}`;
/** The stream id behind a stored AI reply, or undefined for any other message. */
export const streamIdOfClientMessageId = (clientMessageId: string | null | undefined) =>
  clientMessageId?.startsWith(AI_REPLY_PREFIX) ? clientMessageId.slice(AI_REPLY_PREFIX.length) : undefined;

/** Texts of AI reply controls (stop, regenerate). */
export const REPLY_ERRORS = {
  replyNotFound: 'Reply not found',
  notAnAiReply: 'Only the latest reply of an AI agent can be regenerated',
  alreadyRegenerating: 'This reply is already being regenerated',
  aiNotRunning: 'AI replies are not running',
} as const;

/** Texts of HTTP-level failures not tied to one feature. */
export const HTTP_ERRORS = {
  invalidAvatarSeed: 'Invalid avatar seed',
  unsupportedEncoding: 'Unsupported request encoding',
  badRequest: 'Bad request',
  databaseUnavailable: 'Database unavailable',
} as const;

/** Where the API lives and where its machine-readable contract is served. */
export const API_BASE_PATH = '/api/v1';
export const OPENAPI_PATH = `${API_BASE_PATH}/openapi.json`;
export const API_DOCS_PATH = '/api/docs';
