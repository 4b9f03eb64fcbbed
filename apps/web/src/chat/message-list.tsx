import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { IndexLocationWithAlign, ListRange, VirtuosoHandle } from 'react-virtuoso';
import { MessageSquare } from 'lucide-react';
import { MESSAGE_PAGE_SIZE, NOTIFICATION_TEXTS, type TListMessage } from '@agentroom/shared';
import { useT } from '../i18n';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { MessageClock } from './bubble-parts';
import { useConversationActions, useConversationInfo, useConversationList, useStreamingReplies } from './conversation-context';
import { LoadNewerFooter, initialItemOf, type NewerContext } from './list-window';
import { MessageBubble } from './message-bubble';
import { StreamingBubble } from './streaming-bubble';
import { TailList, type TailListHandle } from './tail-list';
import { keyOf, useFirstItemIndex, useListItems, type ListItem } from './use-list-items';
import { preloadVirtualListWhenIdle, VirtualList } from './virtual-list';

/**
 * Up to this many items a chat is a plain list (tail-list.tsx); the virtual list takes over beyond
 * it, when older pages come in, and for a window around an older message.
 */
const TAIL_MAX_ITEMS = 2 * MESSAGE_PAGE_SIZE;

/** What the list's header and footer need. */
interface EdgeContext extends NewerContext {
  hasMore: boolean;
  historyRemoved: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** At the top of a history that retention cut: why it starts where it does. */
function HistoryRemovedNote() {
  const { t } = useT();
  return (
    <p className="px-6 pt-3 pb-1 text-center text-xs text-zinc-500 dark:text-zinc-400" data-testid="history-removed">
      {t("Older messages were removed by the team's message retention setting.")}
    </p>
  );
}

function LoadMoreHeader({ context }: { context?: EdgeContext }) {
  const { t } = useT();
  if (!context?.hasMore) return context?.historyRemoved ? <HistoryRemovedNote /> : <div className="h-2" />;
  return (
    <div className="flex justify-center pt-3 pb-1">
      <Button size="sm" variant="secondary" loading={context.loadingOlder} onClick={context.onLoadOlder}>
        {t('Load more messages')}
      </Button>
    </div>
  );
}

const listComponents = { Header: LoadMoreHeader, Footer: LoadNewerFooter };

/**
 * "New messages ↓": someone else's message arrived at the end while the reader is scrolled up.
 * (Older pages come in at the top, and one's own message scrolls the list down by itself.)
 */
function useNewBelow(latest: TListMessage | undefined, isAtBottom: boolean, selfId: string) {
  const [newBelow, setNewBelow] = useState(false);
  const newestKey = latest ? keyOf(latest) : undefined;
  const [shownNewest, setShownNewest] = useState(newestKey);
  if (shownNewest !== newestKey) {
    setShownNewest(newestKey);
    if (shownNewest !== undefined && latest && !isAtBottom && !latest.pending && latest.sender.id !== selfId) setNewBelow(true);
  }
  return [newBelow, setNewBelow] as const;
}

/**
 * Where the virtual list opens, once the chat needs it (null: the plain list). An older page opens
 * it with the message that was first on top, where the reader asked for more; a long live session
 * switches over only while the reader is at the newest message, so no one's place moves.
 */
function useVirtualFrom(items: readonly ListItem[], prepended: number, hasNewer: boolean, focusMessageId: string | undefined, isAtBottom: boolean) {
  const [virtualFrom, setVirtualFrom] = useState<IndexLocationWithAlign | null>(() =>
    focusMessageId || hasNewer || items.length > TAIL_MAX_ITEMS ? initialItemOf(items, focusMessageId) : null,
  );
  if (!virtualFrom && items.length > 0) {
    if (prepended > 0) setVirtualFrom({ index: prepended, align: 'start' });
    else if (hasNewer || (items.length > TAIL_MAX_ITEMS && isAtBottom)) setVirtualFrom({ index: 'LAST', align: 'end' });
  }
  // Most chats never need the virtual list; one that grows into it finds its code already in.
  useEffect(() => (virtualFrom ? undefined : preloadVirtualListWhenIdle()), [virtualFrom]);
  return virtualFrom;
}

/** 'Load more messages' above the list and 'Load newer messages' below it. */
function useEdges(): EdgeContext {
  const { hasMore, historyRemoved, loadingOlder, hasNewer, loadingNewer } = useConversationList();
  const { loadOlder, loadNewer } = useConversationActions();
  return useMemo(
    () => ({ hasMore, historyRemoved, loadingOlder, onLoadOlder: loadOlder, hasNewer, loadingNewer, onLoadNewer: loadNewer }),
    [hasMore, historyRemoved, loadingOlder, loadOlder, hasNewer, loadingNewer, loadNewer],
  );
}

/** The read cursor follows what is on screen: the newest message from someone else there. */
function useReadOnScreen(messages: readonly TListMessage[], selfId: string, atBottom: { readonly current: boolean }) {
  const { markRead } = useConversationActions();
  // A message that lands without moving the visible range (the stored AI reply taking its streaming
  // bubble's place, a message while the list sits at the bottom) is on screen too: read it, or it
  // would count as unread in the sidebar while the reader looks at it.
  const newestFromOthers = messages.findLast((m) => !m.pending && m.sender.id !== selfId);
  useEffect(() => {
    if (newestFromOthers && atBottom.current) markRead(newestFromOthers);
  }, [newestFromOthers, markRead, atBottom]);
  /** Back at the newest message: it is on screen (the virtual list also reports it through rangeChanged). */
  const readNewest = () => {
    if (newestFromOthers) markRead(newestFromOthers);
  };
  /** The virtual list's range changed: read the newest message from someone else in it. */
  const readRange = (range: ListRange, items: readonly ListItem[], firstItemIndex: number) => {
    for (let index = range.endIndex; index >= range.startIndex; index -= 1) {
      const item = items[index - firstItemIndex];
      if (item?.kind === 'message' && !item.message.pending && item.message.sender.id !== selfId) {
        markRead(item.message);
        return;
      }
    }
  };
  return { readNewest, readRange };
}

/**
 * The conversation's messages: grouped within 60 s, 'Load more messages' on top, the newest at the
 * bottom, the AI replies being written below them. A chat opens as a plain list of its newest
 * messages (light to paint on a phone); a long history is virtualised. Each bubble gets its message
 * and its place in the list; it reads the rest from the conversation (conversation-context.tsx).
 */
export function MessageList() {
  const { selfId, members, conversation } = useConversationInfo();
  const { messages, hasNewer, focusMessageId } = useConversationList();
  const streams = useStreamingReplies();
  const edges = useEdges();
  const virtuoso = useRef<VirtuosoHandle>(null);
  const tail = useRef<TailListHandle>(null);
  const atBottom = useRef(true);
  const [isAtBottom, setIsAtBottom] = useState(true);

  const items = useListItems(messages, streams);
  const { firstItemIndex, prepended } = useFirstItemIndex(items);
  const virtualFrom = useVirtualFrom(items, prepended, hasNewer, focusMessageId, isAtBottom);
  const latest = messages.at(-1);
  const [newBelow, setNewBelow] = useNewBelow(latest, isAtBottom, selfId);
  const { readNewest, readRange } = useReadOnScreen(messages, selfId, atBottom);
  // An external agent's reply is its own to write again: Agentroom cannot regenerate it.
  const externalSender = latest && (members?.byId.get(latest.sender.id)?.isExternal ?? (conversation?.otherAgent?.id === latest.sender.id && conversation.otherAgent.isExternal));
  const regenerable = latest && !latest.pending && latest.sender.isAgent && !externalSender && streams.length === 0 ? latest.id : undefined;
  const lastItem = items.at(-1);
  const ownMessageLast = lastItem?.kind === 'message' && lastItem.message.pending === true;

  // One's own message brings the plain list down to it (the virtual list does so through followOutput).
  const lastKey = lastItem?.key;
  useEffect(() => {
    if (!virtualFrom && ownMessageLast) tail.current?.scrollToNewest(false);
  }, [virtualFrom, ownMessageLast, lastKey]);

  const showNewest = () => {
    setNewBelow(false);
    if (virtualFrom) virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' });
    else tail.current?.scrollToNewest(true);
  };
  const onAtBottomChange = (value: boolean) => {
    atBottom.current = value;
    setIsAtBottom(value);
    if (!value) return;
    setNewBelow(false);
    readNewest();
  };

  const renderItem = (item: ListItem) =>
    item.kind === 'stream' ? (
      <StreamingBubble reply={item.reply} />
    ) : (
      <MessageBubble
        message={item.message}
        firstInGroup={item.firstInGroup}
        canRegenerate={item.message.id === regenerable}
        focused={item.message.id === focusMessageId}
      />
    );

  if (items.length === 0) return <NoMessages edges={edges} />;

  return (
    // data-at-bottom: whether the list counts the reader as at the newest message (it follows the
    // scroll a frame or so behind); the browser journeys wait for it before a message arrives.
    <div className="relative flex min-h-0 flex-1 flex-col" data-at-bottom={isAtBottom}>
      <MessageClock>
        {virtualFrom ? (
          <VirtualMessages
            handle={virtuoso}
            items={items}
            edges={edges}
            firstItemIndex={firstItemIndex}
            from={virtualFrom}
            follow={!hasNewer}
            ownMessageLast={ownMessageLast}
            atBottom={atBottom}
            onAtBottomChange={onAtBottomChange}
            onRange={(range) => readRange(range, items, firstItemIndex)}
            renderItem={renderItem}
          />
        ) : (
          <TailList ref={tail} items={items} renderItem={renderItem} header={<LoadMoreHeader context={edges} />} onAtBottomChange={onAtBottomChange} />
        )}
      </MessageClock>
      {newBelow && <NewMessagesPill onClick={showNewest} />}
    </div>
  );
}

function NoMessages({ edges }: { edges: EdgeContext }) {
  const { t } = useT();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
      {edges.hasMore && <LoadMoreHeader context={edges} />}
      <MessageSquare aria-hidden="true" className="size-8 text-zinc-300 dark:text-zinc-600" />
      {!edges.hasMore && edges.historyRemoved ? (
        <HistoryRemovedNote />
      ) : (
        <>
          <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t('No messages yet')}</p>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('Start the conversation!')}</p>
        </>
      )}
    </div>
  );
}

function NewMessagesPill({ onClick }: { onClick: () => void }) {
  const { t } = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'absolute bottom-3 left-1/2 z-10 -translate-x-1/2 rounded-full bg-indigo-600 px-3.5 py-1.5 text-xs font-medium text-white shadow-lg hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-600',
        focusRing,
      )}
    >
      {t(NOTIFICATION_TEXTS.newMessagesPill)}
    </button>
  );
}

/** The list virtualised (react-virtuoso), loaded on demand: a long history, older pages, a window around an older message. */
function VirtualMessages({
  handle,
  items,
  edges,
  firstItemIndex,
  from,
  follow,
  ownMessageLast,
  atBottom,
  onAtBottomChange,
  onRange,
  renderItem,
}: {
  handle: RefObject<VirtuosoHandle | null>;
  items: readonly ListItem[];
  edges: EdgeContext;
  firstItemIndex: number;
  from: IndexLocationWithAlign;
  /** The list reaches the newest message (no window around an older one): it may follow new ones. */
  follow: boolean;
  ownMessageLast: boolean;
  atBottom: { readonly current: boolean };
  onAtBottomChange: (atBottom: boolean) => void;
  onRange: (range: ListRange) => void;
  renderItem: (item: ListItem) => ReactNode;
}) {
  const { t } = useT();
  return (
    <Suspense fallback={<Spinner label={t('Loading messages...')} className="m-auto size-5 text-indigo-600 dark:text-indigo-400" />}>
      <VirtualList
        ref={handle}
        className="flex-1"
        // A named region, so the label is allowed on the scroller even while no item is rendered yet (axe).
        role="region"
        aria-label={t('Messages')}
        data={items}
        context={edges}
        components={listComponents}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={from}
        computeItemKey={(_index, item) => item.key}
        // About one short bubble: the first render fills the screen at once instead of rendering one
        // item to measure it first, then the rest.
        defaultItemHeight={72}
        // Stick to the bottom for new messages when already there, and always for one's own message.
        followOutput={(isAtBottom) => (follow && (ownMessageLast || isAtBottom) ? 'auto' : false)}
        atBottomThreshold={80}
        atBottomStateChange={onAtBottomChange}
        // A streaming reply grows in place: keep its newest line in view while the reader is at the bottom.
        totalListHeightChanged={() => {
          if (atBottom.current && follow) handle.current?.autoscrollToBottom();
        }}
        rangeChanged={onRange}
        // Nothing rendered below the viewport: rangeChanged then lists what is on screen (for the read cursor).
        increaseViewportBy={{ top: 400, bottom: 0 }}
        itemContent={(_index, item) => renderItem(item)}
      />
    </Suspense>
  );
}
