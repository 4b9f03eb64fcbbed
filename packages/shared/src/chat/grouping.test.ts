import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupMessages } from './grouping';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();
const msg = (sender: string, seconds: number) => ({ sender: { id: sender }, timestamp: at(seconds) });

describe('groupMessages', () => {
  it('groups consecutive messages from one sender within 60 s of the previous', () => {
    const groups = groupMessages([msg('a', 0), msg('a', 30), msg('a', 90), msg('a', 151), msg('b', 152), msg('a', 153)]);
    expect(groups.map((g) => [g.senderId, g.messages.length])).toEqual([
      ['a', 3],
      ['a', 1],
      ['b', 1],
      ['a', 1],
    ]);
  });

  it('keeps every message once, in order, and never mixes senders in a group', () => {
    const message = fc.record({ sender: fc.constantFrom('a', 'b', 'c'), gap: fc.integer({ min: 0, max: 200 }) });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 60 }), (specs) => {
        let t = 0;
        const list = specs.map(({ sender, gap }) => msg(sender, (t += gap)));
        const groups = groupMessages(list);
        expect(groups.flatMap((g) => g.messages)).toEqual(list);
        for (const group of groups) {
          expect(group.messages.every((m) => m.sender.id === group.senderId)).toBe(true);
          for (let i = 1; i < group.messages.length; i++)
            expect(Date.parse(group.messages[i]!.timestamp) - Date.parse(group.messages[i - 1]!.timestamp)).toBeLessThanOrEqual(60_000);
        }
      }),
    );
  });
});
