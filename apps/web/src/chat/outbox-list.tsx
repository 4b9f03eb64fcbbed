import { CircleAlert, Clock } from 'lucide-react';
import { COMPOSER_TEXTS } from '@agentroom/shared';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { removeFromOutbox, retryOutbox, useOutbox } from './outbox';

/**
 * This conversation's messages that are not sent yet, under the composer: waiting for the network,
 * or failed with Retry and Delete. One being sent shows as the pending message in the list instead.
 */
export function OutboxList({ userId, conversationId }: { userId: string; conversationId: string | undefined }) {
  const { t } = useT();
  const entries = useOutbox(userId).filter((entry) => entry.conversationId === conversationId && entry.state !== 'sending');
  if (entries.length === 0) return null;
  return (
    <ul aria-label={t(COMPOSER_TEXTS.outboxLabel)} className="mt-2 space-y-1.5">
      {entries.map((entry) => (
        <li
          key={entry.clientMessageId}
          data-testid="outbox-entry"
          className="flex items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-2.5 py-1.5 text-xs dark:border-zinc-700 dark:bg-zinc-800/60"
        >
          {entry.state === 'failed' ? (
            <CircleAlert aria-hidden="true" className="size-3.5 shrink-0 text-red-600 dark:text-red-400" />
          ) : (
            <Clock aria-hidden="true" className="size-3.5 shrink-0 text-zinc-500 dark:text-zinc-400" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-zinc-800 dark:text-zinc-100">{entry.content || entry.files.map((file) => file.name).join(', ')}</p>
            <p className={entry.state === 'failed' ? 'text-red-700 dark:text-red-300' : 'text-zinc-600 dark:text-zinc-400'}>
              {entry.state === 'failed' ? t(entry.error ?? COMPOSER_TEXTS.outboxFailed) : t(COMPOSER_TEXTS.outboxWaiting)}
            </p>
          </div>
          {entry.state === 'failed' && (
            <Button type="button" size="sm" variant="secondary" className="h-7 px-2.5" onClick={() => retryOutbox(userId, entry.clientMessageId)}>
              {t(COMPOSER_TEXTS.outboxRetry)}
            </Button>
          )}
          <Button type="button" size="sm" variant="ghost" className="h-7 px-2.5" onClick={() => removeFromOutbox(userId, entry.clientMessageId)}>
            {t(COMPOSER_TEXTS.outboxDelete)}
          </Button>
        </li>
      ))}
    </ul>
  );
}
