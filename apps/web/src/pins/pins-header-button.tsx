import { useRef, useState } from 'react';
import { Pin } from 'lucide-react';
import { useConversationInfo } from '../chat/conversation-context';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { lazyDialog } from '../ui/lazy-dialog';
import { pinsConversationOf } from './pin-marks';
import { usePins, usePinsLive } from './pin-queries';
import { PIN_TEXTS } from './pin-texts';

// The list (and the Markdown snippets in it) loads the first time it opens.
const PinnedMessagesSheet = lazyDialog(() => import('./pinned-messages-sheet').then((m) => m.PinnedMessagesSheet));

/**
 * In a conversation's header, once it has pins: a pin and their number, opening "Pinned messages".
 * It keeps the pins live for the open conversation (`conversation:pins`).
 */
export function PinsHeaderButton() {
  const { t } = useT();
  const conversationId = pinsConversationOf(useConversationInfo().conversation);
  usePinsLive(conversationId);
  const count = usePins(conversationId).data?.length ?? 0;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!conversationId) return null;
  // The sheet has no Radix trigger (it is lazy): the button takes the focus back, if it is still there.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setTimeout(() => button.current?.focus(), 0);
  };
  return (
    <>
      {count > 0 && (
        <button
          ref={button}
          type="button"
          title={t(PIN_TEXTS.pinnedMessages)}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="pins-button"
          onClick={() => setOpen(true)}
          onPointerEnter={PinnedMessagesSheet.preload}
          onFocus={PinnedMessagesSheet.preload}
          className={cn(
            'inline-flex h-9 shrink-0 items-center gap-1 rounded-lg px-2 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50',
            focusRing,
          )}
        >
          <Pin aria-hidden="true" className="size-4" />
          {/* Named "Pinned messages 3": the visible count is part of the name (WCAG 2.5.3). */}
          <span className="sr-only">{t(PIN_TEXTS.pinnedMessages)} </span>
          <span className="text-xs font-medium tabular-nums">{count}</span>
        </button>
      )}
      <PinnedMessagesSheet open={open} onOpenChange={onOpenChange} conversationId={conversationId} />
    </>
  );
}
