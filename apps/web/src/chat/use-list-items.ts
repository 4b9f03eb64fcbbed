import { useMemo, useState } from 'react';
import { groupMessages, type TListMessage } from '@agentroom/shared';
import type { StreamingReply } from './stream-assembly';

export type ListItem =
  | { kind: 'message'; key: string; message: TListMessage; firstInGroup: boolean }
  | { kind: 'stream'; key: string; reply: StreamingReply };

/** A message keeps its key from its local echo to the stored message, so its bubble is not drawn anew. */
export const keyOf = (m: TListMessage) => (m.clientMessageId ? `c:${m.clientMessageId}` : m.id);

/**
 * The list's items: the messages, grouped within 60 s, then the AI replies being written. A
 * regeneration (or a notice's retry) is drawn in its message's place instead.
 */
export function useListItems(messages: readonly TListMessage[], streams: readonly StreamingReply[]): ListItem[] {
  // Grouped again only when the messages change, not on every stream delta.
  const messageItems = useMemo(() => {
    const list: ListItem[] = [];
    for (const group of groupMessages(messages))
      group.messages.forEach((message, index) => list.push({ kind: 'message', key: keyOf(message), message, firstInGroup: index === 0 }));
    return list;
  }, [messages]);
  return useMemo(() => {
    if (streams.length === 0) return messageItems;
    const inPlace = new Map<string, StreamingReply>();
    const atEnd: StreamingReply[] = [];
    const shownIds = new Set(messages.map((m) => m.id));
    for (const reply of streams) {
      if (reply.replacesMessageId && shownIds.has(reply.replacesMessageId)) inPlace.set(reply.replacesMessageId, reply);
      else atEnd.push(reply);
    }
    const streamItem = (reply: StreamingReply): ListItem => ({ kind: 'stream', key: `s:${reply.streamId}`, reply });
    const items = inPlace.size === 0 ? messageItems : messageItems.map((item) => (item.kind === 'message' && inPlace.has(item.message.id) ? streamItem(inPlace.get(item.message.id)!) : item));
    return atEnd.length === 0 ? items : [...items, ...atEnd.map(streamItem)];
  }, [messageItems, messages, streams]);
}

/** Virtuoso counts down from here when older pages are prepended, so nothing on screen jumps. */
const START_INDEX = 1_000_000;

/**
 * The virtual list's index of the first item, and how many items just appeared above the one that was
 * first (an older page). When items appear above it, firstItemIndex moves down by as many (state
 * adjusted during render, so Virtuoso never sees the new data with the old index).
 */
export function useFirstItemIndex(items: readonly ListItem[]): { firstItemIndex: number; prepended: number } {
  const firstKey = items[0]?.key;
  const [anchor, setAnchor] = useState<{ key: string | undefined; index: number }>({ key: firstKey, index: START_INDEX });
  if (anchor.key === firstKey) return { firstItemIndex: anchor.index, prepended: 0 };
  const prepended = Math.max(anchor.key ? items.findIndex((item) => item.key === anchor.key) : -1, 0);
  const firstItemIndex = anchor.index - prepended;
  setAnchor({ key: firstKey, index: firstItemIndex });
  return { firstItemIndex, prepended };
}
