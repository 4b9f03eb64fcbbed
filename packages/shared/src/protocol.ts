import { ERROR_CODES, type TErrorCode } from './errors';

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
