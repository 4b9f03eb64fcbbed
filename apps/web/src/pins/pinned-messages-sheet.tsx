import { useState } from 'react';
import { Link } from 'react-router';
import { formatMessageTimestamp, type TPin } from '@agentroom/shared';
import { fullNameOf } from '../chat/agent-names';
import { useMessageSnippet } from '../chat/lazy-snippet';
import { JUMP_PARAM } from '../chat/use-jump-target';
import { errorMessage } from '../api/api-error';
import { useLanguage, useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Alert } from '../ui/alert';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { Sheet } from '../ui/dialogs';
import { Spinner } from '../ui/spinner';
import { usePinActions, usePins } from './pin-queries';
import { PIN_FALLBACKS, PIN_TEXTS } from './pin-texts';
import { shownText } from './shown-text';

function PinRow({ pin, now, snippetOf, onOpen, onUnpin }: { pin: TPin; now: number; snippetOf: (content: string) => string; onOpen: () => void; onUnpin: () => void }) {
  const { t, tf } = useT();
  const language = useLanguage();
  const { message, pinnedBy, pinnedAt } = pin;
  const sender = fullNameOf(message.sender);
  return (
    <li data-testid="pinned-message" data-message-id={message.id} className="flex items-start gap-2 py-2">
      {/* The conversation at the message: the page's own `?at=<seq>` jump. */}
      <Link
        to={{ search: `?${JUMP_PARAM}=${message.seq}` }}
        onClick={onOpen}
        className={cn('flex min-w-0 flex-1 gap-3 rounded-lg px-2 py-1.5 text-start hover:bg-zinc-100 dark:hover:bg-zinc-800', focusRing)}
      >
        <AgentAvatar src={message.sender.avatarUrl} name={sender} className="mt-0.5 size-7" />
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className="flex items-baseline justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
            <span className="truncate font-medium text-zinc-800 dark:text-zinc-200">{sender}</span>
            <time dateTime={message.timestamp} className="shrink-0">
              {formatMessageTimestamp(message.timestamp, now, { locale: language })}
            </time>
          </span>
          <span className={cn('line-clamp-3 block text-sm break-words text-zinc-800 dark:text-zinc-100', message.deleted && 'text-zinc-500 italic dark:text-zinc-400')}>
            {shownText(message, snippetOf)}
          </span>
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">
            {pinnedBy ? `${tf(PIN_TEXTS.pinnedBy, fullNameOf(pinnedBy))} · ` : ''}
            <time dateTime={pinnedAt}>{formatMessageTimestamp(pinnedAt, now, { locale: language })}</time>
          </span>
        </span>
      </Link>
      <Button size="sm" variant="ghost" className="mt-1 shrink-0" onClick={onUnpin} aria-label={t('Unpin the message from {{name}}', { name: sender })}>
        {t(PIN_TEXTS.unpin)}
      </Button>
    </li>
  );
}

/**
 * "Pinned messages": each pin with its sender, a snippet, who pinned it and when; choosing one opens
 * the conversation at the message and closes the list. A sheet from the side (the whole screen on a phone).
 */
export function PinnedMessagesSheet({ open, onOpenChange, conversationId }: { open: boolean; onOpenChange: (open: boolean) => void; conversationId: string }) {
  const { t } = useT();
  const pins = usePins(conversationId);
  const actions = usePinActions(conversationId);
  const snippetOf = useMessageSnippet();
  // Times are relative to when the list opened (it is short-lived).
  const [now] = useState(() => Date.now());
  let body;
  if (pins.isPending)
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={t('Loading pinned messages...')} className="size-5 text-indigo-600 dark:text-indigo-400" />
      </div>
    );
  else if (pins.isError) body = <Alert>{errorMessage(pins.error, t(PIN_FALLBACKS.pins))}</Alert>;
  else if (pins.data.length === 0) body = <p className="py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{t(PIN_TEXTS.noPins)}</p>;
  else
    body = (
      <ul aria-label={t(PIN_TEXTS.pinnedMessages)} className="-mx-2 divide-y divide-zinc-100 dark:divide-zinc-800">
        {pins.data.map((pin) => (
          <PinRow key={pin.message.id} pin={pin} now={now} snippetOf={snippetOf} onOpen={() => onOpenChange(false)} onUnpin={() => actions.unpin(pin.message.id)} />
        ))}
      </ul>
    );
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t(PIN_TEXTS.pinnedMessages)}>
      <div aria-live="polite">{body}</div>
    </Sheet>
  );
}
