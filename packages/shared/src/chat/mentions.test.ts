import { describe, expect, it } from 'vitest';
import { findMentions, mentionQueryAt, mentionRanges, mentionedUsernames } from './mentions';

const nova = { id: 'n', username: 'nova' };
const maya = { id: 'm', username: 'Maya_R' };

describe('mentions', () => {
  it('reads @usernames at word starts, once each, case-insensitively', () => {
    expect(mentionedUsernames('@nova and @Maya_R, then @NOVA again')).toEqual(['nova', 'maya_r']);
  });

  it('ignores email addresses and @ inside words', () => {
    expect(mentionedUsernames('mail maya@example.com or a@b')).toEqual([]);
  });

  it('keeps only members of the conversation, in order of first mention', () => {
    expect(findMentions('(@maya_r) asks @nova; @ghost is not here', [nova, maya])).toEqual([maya, nova]);
  });

  it('says where each mention is, for marking it in rendered text', () => {
    expect(mentionRanges('@nova, ask (@Maya_R) not a@b')).toEqual([
      { start: 0, end: 5, username: 'nova' },
      { start: 12, end: 19, username: 'Maya_R' },
    ]);
  });

  it('finds the partial mention before the caret for completion', () => {
    expect(mentionQueryAt('hi @no', 6)).toEqual({ start: 3, query: 'no' });
    expect(mentionQueryAt('hi @', 4)).toEqual({ start: 3, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('hi @nova ', 9)).toBeNull();
  });
});
