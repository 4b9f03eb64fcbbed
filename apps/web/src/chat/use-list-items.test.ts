import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TListMessage } from '@agentroom/shared';
import { useListItems } from './use-list-items';

const message = (id: string, seq: number): TListMessage => ({
  id,
  conversationId: '0193a0c4-0000-7000-8000-0000000000c1',
  seq,
  content: `message ${seq}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 10, seq * 5)).toISOString(),
  messageType: 'text',
  isEdited: false,
  editedAt: null,
  clientMessageId: null,
  sender: { id: '0193a0c4-0000-7000-8000-0000000000b9', firstName: 'Nova', lastName: '', role: 'agent', avatarUrl: '', isAgent: true },
  attachments: [],
});
const A = '0193a0c4-0000-7000-8000-0000000000e1';
const B = '0193a0c4-0000-7000-8000-0000000000e2';
const stream = (streamId: string, replacesMessageId?: string) => ({ streamId, agentId: 'x', attempt: 1, text: 'new', done: false, ...(replacesMessageId ? { replacesMessageId } : {}) });

describe('the list items', () => {
  it('draws a regeneration in its message’s place and a new reply at the end', () => {
    const messages = [message(A, 1), message(B, 2)];
    const { result } = renderHook(() => useListItems(messages, [stream('s1', A), stream('s2')]));
    expect(result.current.map((item) => item.key)).toEqual(['s:s1', B, 's:s2']);
  });

  it('a regeneration of a message not in the list is drawn at the end', () => {
    const { result } = renderHook(() => useListItems([message(B, 2)], [stream('s1', A)]));
    expect(result.current.map((item) => item.key)).toEqual([B, 's:s1']);
  });
});
