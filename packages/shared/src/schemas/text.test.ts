import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import { safeString } from './text';

describe('safeString', () => {
  it('refuses any string holding a NUL, wherever it sits, with one clear message', () => {
    const schema = safeString().trim().max(10_000);
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const result = schema.safeParse(`${before}\u0000${after}`);
        expect(result.success ? undefined : result.error.issues[0]?.message).toBe(VALIDATION.noNulCharacters);
      }),
    );
  });

  it('keeps the rules chained after it', () => {
    expect(safeString().trim().max(3).safeParse('  abc  ')).toEqual({ success: true, data: 'abc' });
    expect(safeString().max(3).safeParse('abcd').success).toBe(false);
    expect(safeString({ error: 'Required' }).safeParse(undefined).error?.issues[0]?.message).toBe('Required');
  });
});
