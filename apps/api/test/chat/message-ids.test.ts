import { describe, expect, it } from 'vitest';
import { isUuid } from '@agentroom/shared';
import { createMessageIds } from '../../src/chat/message-ids';

describe('message ids', () => {
  it('are version-7 UUIDs that only increase, and never repeat, across a burst and across milliseconds', async () => {
    const newMessageId = createMessageIds();
    const ids: string[] = [];
    for (let i = 0; i < 20_000; i++) ids.push(newMessageId());
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (let i = 0; i < 1_000; i++) ids.push(newMessageId());
    expect(ids.every((id) => isUuid(id) && id[14] === '7' && '89ab'.includes(id[19]!))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    // The time is in front: an id made now sorts after one made before the pause.
    const msecs = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(msecs(ids.at(-1)!) - Date.now())).toBeLessThan(60_000);
  });
});
