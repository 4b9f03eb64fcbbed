import { Link } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { DELETED_MESSAGE_TEXT, type TChatMessage, type TFollowedThread } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { THREAD_FALLBACKS } from '../api/thread-api';
import { fullNameOf } from '../chat/agent-names';
import { MessageTimeText } from '../chat/bubble-parts';
import { useMessageSnippet } from '../chat/lazy-snippet';
import { replyCountText } from '../chat/thread-summary';
import { threadSearch } from '../chat/thread-url';
import { t, useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { AgentAvatar } from '../people/agent-avatar';
import { conversationHref } from '../search/search-links';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { ErrorState, LoadingState } from '../ui/page-states';
import { useFollowedThreads } from './use-followed-threads';

/** "in #launch · Design team" or "with Maya Chen": where the thread's root is. */
function whereOf({ conversation }: TFollowedThread): string {
  const { roomName, otherAgent, team } = conversation;
  const place = roomName ? t('in #{{room}}', { room: roomName }) : otherAgent ? t('with {{name}}', { name: fullNameOf(otherAgent) }) : undefined;
  return [place, team?.name].filter(Boolean).join(' · ');
}

function lineOf(message: TChatMessage, snippet: (content: string) => string): string {
  if (message.deleted) return t(DELETED_MESSAGE_TEXT);
  return snippet(message.content) || (message.attachments.length > 0 ? t('Sent a file') : '');
}

function ThreadRow({ thread }: { thread: TFollowedThread }) {
  const { t } = useT();
  const snippet = useMessageSnippet();
  const href = conversationHref(thread.conversation, threadSearch(thread.place.rootMessageId));
  const { root, lastReply, unreadCount } = thread;
  const unread = unreadCount > 0;
  const body = (
    <>
      <AgentAvatar src={root.sender.avatarUrl} name={fullNameOf(root.sender)} className="mt-0.5 size-8" />
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className="flex items-baseline justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="truncate">{whereOf(thread)}</span>
          {thread.lastReplyAt && (
            <time dateTime={thread.lastReplyAt} className="shrink-0">
              <MessageTimeText timestamp={thread.lastReplyAt} />
            </time>
          )}
        </span>
        <span className={cn('block truncate text-sm text-zinc-900 dark:text-zinc-100', unread && 'font-semibold')}>
          {fullNameOf(root.sender)}: {lineOf(root, snippet)}
        </span>
        <span className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-300">
          <span className="shrink-0 font-medium text-indigo-700 dark:text-indigo-300">{replyCountText(thread.replyCount)}</span>
          {lastReply && (
            <span className="min-w-0 truncate">
              {t('Last: {{name}}: {{text}}', { name: fullNameOf(lastReply.sender), text: lineOf(lastReply, snippet) })}
            </span>
          )}
          {unread && (
            <span
              data-testid="thread-unread"
              className="ms-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-[11px] font-semibold text-white tabular-nums dark:bg-indigo-500"
            >
              {unreadCount > 99 ? '99+' : unreadCount}
              <span className="sr-only"> {t('unread')}</span>
            </span>
          )}
        </span>
      </span>
    </>
  );
  const row = 'flex w-full gap-3 rounded-lg px-3 py-3 text-start';
  return (
    <li>
      {href ? (
        <Link to={href} className={cn(row, 'hover:bg-zinc-100 dark:hover:bg-zinc-800', focusRing)}>
          {body}
        </Link>
      ) : (
        <div className={row}>{body}</div>
      )}
    </li>
  );
}

/**
 * /threads: the threads I follow (started, replied in, mentioned in, or followed), latest reply
 * first, each with its root, where it lives, its last reply and its unread replies; each opens the
 * thread beside its conversation, which reads it.
 */
export default function ThreadsPage() {
  const { t } = useT();
  usePageTitle(t('Threads'));
  const { threads, query } = useFollowedThreads();
  let body;
  if (query.isPending) body = <LoadingState text={t('Loading threads...')} />;
  else if (query.isError && threads.length === 0)
    body = (
      <ErrorState message={errorMessage(query.error, t(THREAD_FALLBACKS.list))}>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('Try again')}
        </Button>
      </ErrorState>
    );
  else if (threads.length === 0)
    body = (
      <div className="flex flex-col items-center gap-2 py-16 text-center">
        <MessagesSquare aria-hidden="true" className="size-8 text-zinc-300 dark:text-zinc-600" />
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t('No threads yet')}</p>
        <p className="max-w-sm text-sm text-zinc-500 dark:text-zinc-400">
          {t('Threads you start, reply in or are mentioned in show up here, with their new replies.')}
        </p>
      </div>
    );
  else
    body = (
      <>
        <ul aria-label={t('Followed threads')} className="space-y-1">
          {threads.map((thread) => (
            <ThreadRow key={thread.place.threadConversationId} thread={thread} />
          ))}
        </ul>
        {query.hasNextPage && (
          <div className="flex justify-center py-3">
            <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? t('Loading...') : t('Load more threads')}
            </Button>
          </div>
        )}
      </>
    );
  return (
    <div className="h-full overflow-y-auto bg-white dark:bg-zinc-900">
      <div className="mx-auto max-w-3xl px-3 py-6 sm:px-6">
        <h1 className="px-3 pb-4 text-xl font-semibold text-zinc-900 dark:text-zinc-100">{t('Threads')}</h1>
        {body}
      </div>
    </div>
  );
}
