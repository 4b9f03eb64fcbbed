import { useState } from 'react';
import { Link } from 'react-router';
import { Bookmark, BookmarkX } from 'lucide-react';
import { formatMessageTimestamp, type TSavedMessage } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { fullNameOf } from '../chat/agent-names';
import { useMessageSnippet } from '../chat/lazy-snippet';
import { t, useLanguage, useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { AgentAvatar } from '../people/agent-avatar';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { ErrorState, LoadingState } from '../ui/page-states';
import { useSaveActions, useSavedMessages } from './pin-queries';
import { savedMessageHref } from './saved-links';
import { PIN_FALLBACKS, PIN_TEXTS } from './pin-texts';
import { shownText } from './shown-text';

/** "in #launch · Design team" or "with Maya Chen · Design team": where the message lives. */
function whereOf({ conversation }: TSavedMessage): string {
  const { otherAgent, team, roomName, conversationType } = conversation;
  const place = conversationType === 'room' && roomName ? t('in #{{room}}', { room: roomName }) : otherAgent ? t('with {{name}}', { name: fullNameOf(otherAgent) }) : undefined;
  return [place, team?.name].filter(Boolean).join(' · ');
}

function SavedRow({ item, now, snippetOf, onRemove }: { item: TSavedMessage; now: number; snippetOf: (content: string) => string; onRemove: () => void }) {
  const { t } = useT();
  const language = useLanguage();
  const { message } = item;
  const href = savedMessageHref(item);
  const sender = fullNameOf(message.sender);
  const where = whereOf(item);
  const body = (
    <>
      <AgentAvatar src={message.sender.avatarUrl} name={sender} className="mt-0.5 size-8" />
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className="flex items-baseline justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="truncate">
            <span className="font-medium text-zinc-800 dark:text-zinc-200">{sender}</span>
            {where && <> · {where}</>}
          </span>
          <time dateTime={message.timestamp} className="shrink-0">
            {formatMessageTimestamp(message.timestamp, now, { locale: language })}
          </time>
        </span>
        <span className={cn('line-clamp-3 block text-sm break-words text-zinc-800 dark:text-zinc-100', message.deleted && 'text-zinc-500 italic dark:text-zinc-400')}>
          {shownText(message, snippetOf)}
        </span>
      </span>
    </>
  );
  const row = 'flex min-w-0 flex-1 gap-3 rounded-lg px-3 py-2.5 text-start';
  return (
    <li data-testid="saved-message" data-message-id={message.id} className="flex items-start gap-2">
      {href ? (
        <Link to={href} className={cn(row, 'hover:bg-zinc-100 dark:hover:bg-zinc-800', focusRing)}>
          {body}
        </Link>
      ) : (
        <div className={row}>{body}</div>
      )}
      <Button size="sm" variant="ghost" className="mt-2 shrink-0 px-2 sm:px-3" onClick={onRemove} aria-label={t('Remove from saved: the message from {{name}}', { name: sender })} title={t(PIN_TEXTS.unsave)}>
        <BookmarkX aria-hidden="true" className="size-4" />
        {/* On a phone the icon alone, leaving the message its width. */}
        <span className="hidden sm:inline">{t(PIN_TEXTS.unsave)}</span>
      </Button>
    </li>
  );
}

/** /saved: the messages the reader saved, across conversations, newest saved first; each opens where it lives. */
export default function SavedPage() {
  const { t } = useT();
  usePageTitle(t(PIN_TEXTS.savedMessages));
  const saved = useSavedMessages();
  const actions = useSaveActions();
  const snippetOf = useMessageSnippet();
  const [now] = useState(() => Date.now());
  const items = saved.data?.pages.flatMap((page) => page.saved) ?? [];

  let body;
  if (saved.isPending) body = <LoadingState text={t(PIN_TEXTS.loadingSaved)} />;
  else if (saved.isError && items.length === 0)
    body = (
      <ErrorState message={errorMessage(saved.error, t(PIN_FALLBACKS.saved))}>
        <Button variant="secondary" onClick={() => saved.refetch()}>
          {t('Try again')}
        </Button>
      </ErrorState>
    );
  else if (items.length === 0) body = <p className="py-10 text-center text-sm text-zinc-500 dark:text-zinc-400">{t(PIN_TEXTS.noSaved)}</p>;
  else
    body = (
      <>
        <ul aria-label={t(PIN_TEXTS.savedMessages)} className="-mx-3 space-y-0.5">
          {items.map((item) => (
            <SavedRow key={item.message.id} item={item} now={now} snippetOf={snippetOf} onRemove={() => actions.unsave(item.message.id)} />
          ))}
        </ul>
        {saved.hasNextPage && (
          <div className="flex justify-center">
            <Button size="sm" variant="secondary" loading={saved.isFetchingNextPage} onClick={() => void saved.fetchNextPage()}>
              {t(PIN_TEXTS.loadMore)}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-8">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        <Bookmark aria-hidden="true" className="size-6" /> {t(PIN_TEXTS.savedMessages)}
      </h1>
      {body}
    </div>
  );
}
