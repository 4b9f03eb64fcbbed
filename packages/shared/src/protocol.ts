import { ERROR_CODES, type TErrorCode } from './errors';

// Protocol details both the API and its clients rely on, kept once so they cannot drift apart.

/**
 * Each envelope error code by name, so a comparison reads `code === ERROR_CODE.TOKEN_EXPIRED`
 * and the code itself is written once, in ERROR_CODES.
 */
export const ERROR_CODE = Object.freeze(Object.fromEntries(ERROR_CODES.map((code) => [code, code]))) as {
  readonly [K in TErrorCode]: K;
};

/** The stored AI reply carries clientMessageId `ai-reply:<streamId>`: how a client ties it to the stream it replaces. */
export const AI_REPLY_CLIENT_ID_PREFIX = 'ai-reply:';

export const aiReplyClientMessageId = (streamId: string) => `${AI_REPLY_CLIENT_ID_PREFIX}${streamId}`;

/** The reply stream a stored message finished, or undefined when it is not an AI reply. */
export const streamIdOfAiReply = (clientMessageId: string | null | undefined): string | undefined =>
  clientMessageId?.startsWith(AI_REPLY_CLIENT_ID_PREFIX) ? clientMessageId.slice(AI_REPLY_CLIENT_ID_PREFIX.length) : undefined;

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
