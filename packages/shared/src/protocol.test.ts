import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors';
import { AI_REPLY_CLIENT_ID_PREFIX, ERROR_CODE, aiReplyClientMessageId, streamIdOfAiReply } from './protocol';

describe('protocol constants', () => {
  it('name every envelope error code, and only those', () => {
    expect(Object.values(ERROR_CODE)).toEqual([...ERROR_CODES]);
    expect(ERROR_CODE.TOKEN_EXPIRED).toBe('TOKEN_EXPIRED');
  });

  it('tie a stored AI reply to its stream both ways', () => {
    expect(aiReplyClientMessageId('s1')).toBe(`${AI_REPLY_CLIENT_ID_PREFIX}s1`);
    expect(streamIdOfAiReply(aiReplyClientMessageId('s1'))).toBe('s1');
    expect(streamIdOfAiReply('0193a0c4-0000-7000-8000-0000000000d1')).toBeUndefined();
  });
});
