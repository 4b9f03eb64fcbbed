import { startTransition, useDeferredValue, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useT } from '../i18n';
import { Spinner } from '../ui/spinner';

/**
 * How many of the newest items the first paint draws: a phone's screen and more. The rest of the
 * loaded window follows in transitions of STEP_ITEMS more each, which React renders in slices between
 * the browser's frames; each is committed (put in the page, styled, laid out) in a task of its own,
 * so no one commit of the whole window blocks the main thread (a phone's 4× slower CPU made that
 * one task the longest of a chat's load).
 */
const FIRST_PAINT_ITEMS = 15;
const STEP_ITEMS = 12;
/** Within this many pixels of the bottom the reader counts as at the newest message (as the virtual list's threshold). */
const AT_BOTTOM_PX = 80;

const NOTHING: readonly never[] = [];

export interface TailListHandle {
  scrollToNewest(smooth: boolean): void;
}

interface TailListProps<T extends { key: string }> {
  ref?: Ref<TailListHandle>;
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  /** Above the oldest item ('Load more messages'), once the whole window is drawn. */
  header: ReactNode;
  onAtBottomChange: (atBottom: boolean) => void;
}

/**
 * The newest messages as a plain list, for as long as a chat holds a window or so of them (see
 * docs/decisions/0014-first-screen-without-the-virtual-list.md): no measuring pass, no synchronous
 * re-render, so a chat's first screen paints in one light render, and the browser's own scrolling
 * does the rest.
 *
 * The scroller runs bottom-up (`flex-col-reverse`, the items in reading order in the document and
 * placed newest-lowest by `order`): it opens at the newest message and stays there as messages arrive
 * or a streaming reply grows, while a reader scrolled up keeps their place. Items added above never
 * move the ones on screen (nothing counts as a layout shift, as a wrapper growing upwards would).
 * (`content-visibility: auto` on the items was tried: its paint containment clipped the bubbles'
 * rings and the actions' focus rings at the item's edge.)
 */
export function TailList<T extends { key: string }>({ ref, items, renderItem, header, onAtBottomChange }: TailListProps<T>) {
  const { t } = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // The items are drawn in a transition (React renders it in slices, between which the browser
  // paints and answers input), the first screen's newest bubbles first, then the rest of the window.
  const drawn = useDeferredValue(items, NOTHING as readonly T[]);
  const [count, setCount] = useState(FIRST_PAINT_ITEMS);
  const started = drawn !== NOTHING;
  const complete = started && count >= drawn.length;
  // Drawn to the oldest: it stays so as items come and go (set during render, as state that follows).
  if (complete && count !== Infinity) setCount(Infinity);
  useEffect(() => {
    if (started && !complete) startTransition(() => setCount((n) => n + STEP_ITEMS));
  }, [started, complete, count]);
  useImperativeHandle(
    ref,
    () => ({
      scrollToNewest: (smooth) => {
        const element = scroller.current;
        if (!element) return;
        if (smooth) element.scrollTo({ top: 0, behavior: 'smooth' });
        else element.scrollTop = 0;
      },
    }),
    [],
  );

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    // Bottom-up: scrollTop is 0 at the newest message and negative above it.
    const now = element.scrollTop > -AT_BOTTOM_PX;
    if (now === atBottom.current) return;
    atBottom.current = now;
    onAtBottomChange(now);
  };

  const shown = complete ? drawn : drawn.slice(-count);
  return (
    <div
      ref={scroller}
      role="region"
      aria-label={t('Messages')}
      tabIndex={0}
      onScroll={onScroll}
      // Focusable, to scroll it by keyboard; its focus ring is drawn inside (the list fills its column).
      className="flex flex-1 flex-col-reverse overflow-y-auto overscroll-contain pb-3 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset"
    >
      {!started && <Spinner label={t('Loading messages...')} className="m-auto size-5 text-indigo-600 dark:text-indigo-400" />}
      {shown.map((item, index) => (
        // Bottom-up, the lowest order is placed lowest: the newest at the bottom, the header (order 1) on top.
        <div key={item.key} style={{ order: -index }}>
          {renderItem(item)}
        </div>
      ))}
      <div className="order-1">{complete ? header : <div className="h-2" />}</div>
    </div>
  );
}
