import { startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { IndexLocationWithAlign, ListRange, VirtuosoHandle } from 'react-virtuoso';
import { MessageSquare } from 'lucide-react';
import { groupMessages, MESSAGE_PAGE_SIZE, NOTIFICATION_TEXTS, type TChatMessage, type TListMessage, type TSeenAgent, type TSeenStatus } from '@agentroom/shared';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import type { ConversationMembers } from './conversation-members';
import { MessageBubble } from './message-bubble';
import { LoadNewerFooter, initialItemOf, type NewerContext } from './list-window';
import { StreamingBubble } from './streaming-bubble';
import { TailList, type TailListHandle } from './tail-list';
import { preloadVirtualListWhenIdle, VirtualList } from './virtual-list';
import { Spinner } from '../ui/spinner';
import type { StreamingReply } from './stream-assembly';

type ListItem =
  | { kind: 'message'; key: string; message: TListMessage; firstInGroup: boolean }
  | { kind: 'stream'; key: string; reply: StreamingReply };

export interface MessageListProps {
  selfAgentId: string;
  messages: readonly TListMessage[];
  streams: readonly StreamingReply[];
  /** The agent of this chat, for the streaming bubble's avatar and name (rooms: each reply's own agent, from `members`). */
  agent: TSeenAgent | undefined;
  /**
   * A conversation of several people and AI agents (a room, see conversation-members.ts): AI senders
   * are marked, @mentions marked, seen markers shown under every message. Undefined for 1:1 chats.
   */
  members?: ConversationMembers;
  hasMore: boolean;
  loadingOlder: boolean;
  seenStatus: TSeenStatus;
  onLoadOlder: () => void;
  onEdit: (messageId: string, content: string) => Promise<void>;
  onRegenerate: (messageId: string) => void;
  onStop: (streamId: string) => void;
  /** Called with the newest message from someone else that is on screen (the read cursor moves there). */
  onVisible: (message: TChatMessage) => void;
  /** The viewer owns the AI agent's team: a 'no model' notice also says how to connect one. */
  showModelHint?: boolean;
  /** A window around an older message: newer pages load with 'Load newer messages' (see list-window.tsx). */
  hasNewer?: boolean;
  loadingNewer?: boolean;
  onLoadNewer?: () => void;
  /** Open scrolled to this message, marked (a search hit); remount the list (key) for another one. */
  focusMessageId?: string;
  onReact?: (messageId: string, emoji: string, reacted: boolean) => void;
  onDelete?: (messageId: string) => Promise<void>;
}

/** Virtuoso counts down from here when older pages are prepended, so nothing on screen jumps. */
const START_INDEX = 1_000_000;
/**
 * Up to this many items a chat is a plain list (tail-list.tsx); the virtual list takes over beyond
 * it, when older pages come in, and for a window around an older message.
 */
const TAIL_MAX_ITEMS = 2 * MESSAGE_PAGE_SIZE;
const NO_ONE: readonly TSeenAgent[] = [];
/** Markers on a message, minus its own sender (a cursor on one's own message says nothing). */
const seenByOf = (status: TSeenStatus, message: TListMessage) => {
  const agents = status[message.id];
  return agents ? agents.filter((seen) => seen.id !== message.sender.id) : NO_ONE;
};
const keyOf = (m: TListMessage) => (m.clientMessageId ? `c:${m.clientMessageId}` : m.id);

/**
 * Re-renders every minute so 'time only' turns into 'weekday + time' as messages age (spec §4). In a
 * transition: every bubble of the plain list re-renders, in slices, never as one long task.
 */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => startTransition(() => setNow(Date.now())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface ListContext extends NewerContext {
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

function LoadMoreHeader({ context }: { context?: ListContext }) {
  if (!context?.hasMore) return <div className="h-2" />;
  return (
    <div className="flex justify-center pt-3 pb-1">
      <Button size="sm" variant="secondary" loading={context.loadingOlder} onClick={context.onLoadOlder}>
        Load more messages
      </Button>
    </div>
  );
}

const listComponents = { Header: LoadMoreHeader, Footer: LoadNewerFooter };

/**
 * Spec §2 message list: grouped within 60 s, 'Load more messages' on top, the newest at the bottom.
 * A chat opens as a plain list of its newest messages (light to paint on a phone); a long history
 * is virtualised.
 */
export function MessageList(props: MessageListProps) {
  const { selfAgentId, messages, streams, agent, hasMore, loadingOlder, seenStatus, onLoadOlder, onEdit, onRegenerate, onStop, onVisible, showModelHint = false } = props;
  const { hasNewer = false, loadingNewer = false, onLoadNewer, focusMessageId, onReact, onDelete, members } = props;
  const now = useNow();
  const virtuoso = useRef<VirtuosoHandle>(null);
  const tail = useRef<TailListHandle>(null);
  const atBottom = useRef(true);

  const items = useMemo<ListItem[]>(() => {
    const list: ListItem[] = [];
    for (const group of groupMessages(messages))
      group.messages.forEach((message, index) => list.push({ kind: 'message', key: keyOf(message), message, firstInGroup: index === 0 }));
    for (const reply of streams) list.push({ kind: 'stream', key: `s:${reply.streamId}`, reply });
    return list;
  }, [messages, streams]);

  // When items appear above the first one (an older page), move firstItemIndex down by as many
  // (state adjusted during render, so Virtuoso never sees the new data with the old index).
  const firstKey = items[0]?.key;
  const [anchor, setAnchor] = useState<{ key: string | undefined; index: number }>({ key: firstKey, index: START_INDEX });
  let firstItemIndex = anchor.index;
  let prepended = 0;
  if (anchor.key !== firstKey) {
    prepended = Math.max(anchor.key ? items.findIndex((item) => item.key === anchor.key) : -1, 0);
    firstItemIndex = anchor.index - prepended;
    setAnchor({ key: firstKey, index: firstItemIndex });
  }

  const [isAtBottom, setIsAtBottom] = useState(true);

  // Where the virtual list opens, once the chat needs it (null: the plain list). An older page opens
  // it with the message that was first on top, where the reader asked for more; a long live session
  // switches over only while the reader is at the newest message, so no one's place moves.
  const [virtualFrom, setVirtualFrom] = useState<IndexLocationWithAlign | null>(() =>
    focusMessageId || hasNewer || items.length > TAIL_MAX_ITEMS ? initialItemOf(items, focusMessageId) : null,
  );
  if (!virtualFrom && items.length > 0) {
    if (prepended > 0) setVirtualFrom({ index: prepended, align: 'start' });
    else if (hasNewer || (items.length > TAIL_MAX_ITEMS && isAtBottom)) setVirtualFrom({ index: 'LAST', align: 'end' });
  }

  const latest = messages[messages.length - 1];

  // "New messages ↓": someone else's message arrived at the end while the reader is scrolled up.
  // (Older pages come in at the top, and one's own message scrolls the list down by itself.)
  const [newBelow, setNewBelow] = useState(false);
  const newestKey = latest ? keyOf(latest) : undefined;
  const [shownNewest, setShownNewest] = useState(newestKey);
  if (shownNewest !== newestKey) {
    setShownNewest(newestKey);
    if (shownNewest !== undefined && latest && !isAtBottom && !latest.pending && latest.sender.id !== selfAgentId) setNewBelow(true);
  }
  const showNewest = () => {
    setNewBelow(false);
    if (virtualFrom) virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' });
    else tail.current?.scrollToNewest(true);
  };

  const regenerable = latest && !latest.pending && latest.sender.isAgent && streams.length === 0 ? latest.id : undefined;
  const lastItem = items.at(-1);
  const ownMessageLast = lastItem?.kind === 'message' && lastItem.message.pending;

  // A message that lands without moving the visible range (the stored AI reply taking its streaming
  // bubble's place, a message while the list sits at the bottom) is on screen too: read it, or it
  // would count as unread in the sidebar while the reader looks at it.
  const newestFromOthers = messages.findLast((m) => !m.pending && m.sender.id !== selfAgentId);
  useEffect(() => {
    if (newestFromOthers && atBottom.current) onVisible(newestFromOthers);
  }, [newestFromOthers, onVisible]);

  // One's own message brings the plain list down to it (the virtual list does so through followOutput).
  const lastKey = lastItem?.key;
  useEffect(() => {
    if (!virtualFrom && ownMessageLast) tail.current?.scrollToNewest(false);
  }, [virtualFrom, ownMessageLast, lastKey]);

  // Most chats never need the virtual list; one that grows into it finds its code already in.
  useEffect(() => (virtualFrom ? undefined : preloadVirtualListWhenIdle()), [virtualFrom]);

  const onAtBottomChange = (value: boolean) => {
    atBottom.current = value;
    setIsAtBottom(value);
    if (!value) return;
    setNewBelow(false);
    // Back at the newest message: it is on screen (the virtual list also reports it through rangeChanged).
    if (newestFromOthers) onVisible(newestFromOthers);
  };

  const onRange = (range: ListRange) => {
    for (let index = range.endIndex; index >= range.startIndex; index -= 1) {
      const item = items[index - firstItemIndex];
      if (item?.kind === 'message' && !item.message.pending && item.message.sender.id !== selfAgentId) {
        onVisible(item.message);
        return;
      }
    }
  };

  const context = useMemo<ListContext>(
    () => ({ hasMore, loadingOlder, onLoadOlder, hasNewer, loadingNewer, onLoadNewer }),
    [hasMore, loadingOlder, onLoadOlder, hasNewer, loadingNewer, onLoadNewer],
  );

  const renderItem = (item: ListItem) =>
    item.kind === 'stream' ? (
      <StreamingBubble reply={item.reply} agent={agent} onStop={onStop} members={members} />
    ) : (
      <MessageBubble
        message={item.message}
        own={item.message.sender.id === selfAgentId}
        firstInGroup={item.firstInGroup}
        seenBy={seenByOf(seenStatus, item.message)}
        canRegenerate={item.message.id === regenerable}
        now={now}
        onEdit={onEdit}
        onRegenerate={onRegenerate}
        showModelHint={showModelHint}
        selfAgentId={selfAgentId}
        focused={item.message.id === focusMessageId}
        onReact={onReact}
        onDelete={onDelete}
        members={members}
      />
    );

  if (items.length === 0)
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
        {hasMore && <LoadMoreHeader context={context} />}
        <MessageSquare aria-hidden="true" className="size-8 text-zinc-300 dark:text-zinc-600" />
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">No messages yet</p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Start the conversation!</p>
      </div>
    );

  return (
    // data-at-bottom: whether the list counts the reader as at the newest message (it follows the
    // scroll a frame or so behind); the browser journeys wait for it before a message arrives.
    <div className="relative flex min-h-0 flex-1 flex-col" data-at-bottom={isAtBottom}>
      {virtualFrom ? (
        <Suspense fallback={<Spinner label="Loading messages..." className="m-auto size-5 text-indigo-600 dark:text-indigo-400" />}>
          <VirtualList
            ref={virtuoso}
            className="flex-1"
            // A named region, so the label is allowed on the scroller even while no item is rendered yet (axe).
            role="region"
            aria-label="Messages"
            data={items}
            context={context}
            components={listComponents}
            firstItemIndex={firstItemIndex}
            initialTopMostItemIndex={virtualFrom}
            computeItemKey={(_index, item) => item.key}
            // About one short bubble: the first render fills the screen at once instead of rendering one
            // item to measure it first, then the rest.
            defaultItemHeight={72}
            // Stick to the bottom for new messages when already there, and always for one's own message.
            followOutput={(isAtBottom) => (!hasNewer && (ownMessageLast || isAtBottom) ? 'auto' : false)}
            atBottomThreshold={80}
            atBottomStateChange={onAtBottomChange}
            // A streaming reply grows in place: keep its newest line in view while the reader is at the bottom.
            totalListHeightChanged={() => {
              if (atBottom.current && !hasNewer) virtuoso.current?.autoscrollToBottom();
            }}
            rangeChanged={onRange}
            // Nothing rendered below the viewport: rangeChanged then lists what is on screen (for the read cursor).
            increaseViewportBy={{ top: 400, bottom: 0 }}
            itemContent={(_index, item) => renderItem(item)}
          />
        </Suspense>
      ) : (
        <TailList
          ref={tail}
          items={items}
          renderItem={renderItem}
          header={<LoadMoreHeader context={context} />}
          onAtBottomChange={onAtBottomChange}
        />
      )}
      {newBelow && (
        <button
          type="button"
          onClick={showNewest}
          className={cn(
            'absolute bottom-3 left-1/2 z-10 -translate-x-1/2 rounded-full bg-indigo-600 px-3.5 py-1.5 text-xs font-medium text-white shadow-lg hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-600',
            focusRing,
          )}
        >
          {NOTIFICATION_TEXTS.newMessagesPill}
        </button>
      )}
    </div>
  );
}
