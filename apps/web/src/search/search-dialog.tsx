import { useState } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { formatMessageTimestamp, SEARCH_QUERY_MAX_LENGTH, type TSearchResult } from '@agentroom/shared';
import { fullNameOf } from '../chat/agent-names';
import { t, useLanguage, useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Alert } from '../ui/alert';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { Modal } from '../ui/dialogs';
import { Spinner } from '../ui/spinner';
import { searchHitHref } from './search-links';
import { SearchSnippet } from './search-snippet';
import { useMessageSearch } from './use-search';

/** "in #launch · Design team" or "with Maya Chen · Design team" (or "in a thread in #launch"): the room (or the person) of the hit, and its team. */
function whereOf(result: TSearchResult): string {
  const { otherAgent, team, roomName, conversationType } = result.conversation;
  const where = conversationType === 'room' && roomName ? t('in #{{room}}', { room: roomName }) : otherAgent ? t('with {{name}}', { name: fullNameOf(otherAgent) }) : undefined;
  // A thread reply: "in a thread in #launch".
  const place = result.inThread ? (where ? t('in a thread {{where}}', { where }) : t('in a thread')) : where;
  return [place, team?.name].filter(Boolean).join(' · ');
}

function Hit({ result, now, onOpen }: { result: TSearchResult; now: number; onOpen: () => void }) {
  // The language on screen: a change of it renders the hit again (its place and time with it).
  const language = useLanguage();
  const href = searchHitHref(result.conversation, result.seq, result.inThread);
  const sender = fullNameOf(result.sender);
  const body = (
    <>
      <AgentAvatar src={result.sender.avatarUrl} name={sender} className="mt-0.5 size-7" />
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className="flex items-baseline justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="truncate">
            <span className="font-medium text-zinc-800 dark:text-zinc-200">{sender}</span>
            {whereOf(result) && <> · {whereOf(result)}</>}
          </span>
          <time dateTime={result.timestamp} className="shrink-0">
            {formatMessageTimestamp(result.timestamp, now, { locale: language })}
          </time>
        </span>
        <span className="block text-sm text-zinc-800 dark:text-zinc-100">
          <SearchSnippet parts={result.snippet} />
        </span>
      </span>
    </>
  );
  const row = 'flex w-full gap-3 rounded-lg px-3 py-2.5 text-start';
  return (
    <li>
      {href ? (
        <Link to={href} onClick={onOpen} className={cn(row, 'hover:bg-zinc-100 dark:hover:bg-zinc-800', focusRing)}>
          {body}
        </Link>
      ) : (
        <div className={row}>{body}</div>
      )}
    </li>
  );
}

/**
 * One box that searches the messages of every conversation the reader can read: results newest
 * first with the matched words marked; choosing one opens its conversation at that message.
 */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const [text, setText] = useState('');
  const search = useMessageSearch(text);
  // Timestamps are relative to when the dialog opened (it is short-lived).
  const [now] = useState(() => Date.now());
  const close = () => onOpenChange(false);

  let body;
  if (!search.q) body = <p className="px-3 py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('Type a word or a "quoted phrase"; -word leaves it out.')}</p>;
  else if (search.error) body = <Alert>{search.error}</Alert>;
  else if (search.searching)
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={t('Searching...')} className="size-5 text-indigo-600 dark:text-indigo-400" />
      </div>
    );
  else if (search.results.length === 0)
    body = <p className="px-3 py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('No messages match “{{q}}”.', { q: search.q })}</p>;
  else
    body = (
      <>
        <ul aria-label={t('Search results')} className="-mx-3 space-y-0.5">
          {search.results.map((result) => (
            <Hit key={result.messageId} result={result} now={now} onOpen={close} />
          ))}
        </ul>
        {search.hasMore && (
          <div className="mt-3 flex justify-center">
            <Button size="sm" variant="secondary" loading={search.loadingMore} onClick={search.loadMore}>
              {t('More results')}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('Search messages')} className="max-w-xl">
      <div className="space-y-4">
        <label className="flex items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/30 dark:border-zinc-700 dark:bg-zinc-950">
          <Search aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
          <span className="sr-only">{t('Search messages')}</span>
          <input
            type="search"
            autoFocus
            value={text}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('Search messages')}
            className="h-10 min-w-0 flex-1 bg-transparent text-sm text-zinc-900 outline-none placeholder:text-zinc-400 dark:text-zinc-100"
          />
        </label>
        <div aria-live="polite">{body}</div>
      </div>
    </Modal>
  );
}
