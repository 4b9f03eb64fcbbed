import { useState, type KeyboardEvent } from 'react';
import { Bell, Check, X } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELETED_MESSAGE_TEXT, type TChatMessage, type TConversation } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { THREAD_FALLBACKS, threadApi, threadKeys } from '../api/thread-api';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/toast';
import { fullNameOf } from './agent-names';
import { MessageTimeText, fullTimeOf } from './bubble-parts';
import { ConversationProvider } from './conversation-context';
import { ConversationPane } from './conversation-pane';
import { ErrorLine } from './error-line';
import { MessageAttachments } from './message-attachments';
import { MessageMarkdown } from './message-markdown';
import { MEDIUM_SCREEN, useMediaQuery } from '../lib/use-media-query';
import { ThreadOpenerContext, useThreadInUrl } from './thread-url';

/**
 * A thread beside its conversation (decision 0026): the root message on top, then the thread's own
 * conversation (the same pane as rooms and 1:1s, on a `thread` source), with "Also send to …" under
 * the composer and Follow in the header. Opening it makes the thread on the server the first time.
 * Esc or the close button closes it.
 */
export function ThreadPanel({
  rootMessageId,
  teamHandle,
  alsoSendLabel,
  onClose,
  className,
}: {
  rootMessageId: string;
  teamHandle: string | undefined;
  /** "Also send to #general" in a room, "Also send to the chat" in a 1:1. */
  alsoSendLabel: string;
  onClose: () => void;
  className?: string;
}) {
  const userId = useAuth().user?.id;
  const { t } = useT();
  const opened = useQuery({
    queryKey: threadKeys.open(userId, rootMessageId),
    queryFn: () => threadApi.open(rootMessageId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const onKeyDown = (event: KeyboardEvent) => {
    // A menu, the mention list or a dialog inside takes Esc first (and marks it handled).
    if (event.key === 'Escape' && !event.defaultPrevented) onClose();
  };
  const header = (thread?: TConversation) => <ThreadHeader thread={thread} onClose={onClose} />;
  return (
    <aside aria-label={t('Thread')} onKeyDown={onKeyDown} className={cn('flex min-h-0 flex-col bg-zinc-50 dark:bg-zinc-950', className)}>
      {opened.data ? (
        // Inside a thread no message starts another one.
        <ThreadOpenerContext value={null}>
          <ConversationProvider key={opened.data.thread.id} source={{ kind: 'thread', conversationId: opened.data.thread.id, teamHandle }}>
            <ConversationPane
              header={
                <>
                  {header(opened.data.thread)}
                  <ThreadRoot root={opened.data.root} />
                </>
              }
              alsoSendLabel={alsoSendLabel}
              label={t('Thread replies')}
              className="flex min-h-0 flex-1"
            />
          </ConversationProvider>
        </ThreadOpenerContext>
      ) : (
        <>
          {header()}
          {opened.isError ? (
            <ErrorLine message={errorMessage(opened.error, THREAD_FALLBACKS.open)} action={{ label: t('Try again'), run: () => void opened.refetch() }} />
          ) : (
            <div className="flex flex-1 items-center justify-center">
              <Spinner label={t('Opening the thread...')} className="size-5 text-indigo-600 dark:text-indigo-400" />
            </div>
          )}
        </>
      )}
    </aside>
  );
}

function ThreadHeader({ thread, onClose }: { thread: TConversation | undefined; onClose: () => void }) {
  const { t } = useT();
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white px-3 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-zinc-900 dark:text-zinc-100">{t('Thread')}</h2>
      {thread?.thread && <FollowToggle threadId={thread.id} following={thread.thread.following} />}
      <button
        type="button"
        aria-label={t('Close thread')}
        title={t('Close thread')}
        onClick={onClose}
        className={cn('rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100', focusRing)}
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </header>
  );
}

/** Follow / Following: whether the thread's new replies count as unread in Threads. */
function FollowToggle({ threadId, following: initial }: { threadId: string; following: boolean }) {
  const [following, setFollowing] = useState(initial);
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const { t } = useT();
  const change = useMutation({
    mutationFn: (next: boolean) => threadApi.follow(threadId, next),
    onSuccess: (next) => {
      setFollowing(next);
      void queryClient.invalidateQueries({ queryKey: threadKeys.followed(userId) });
    },
    onError: (error) => toast.error(t(errorMessage(error, THREAD_FALLBACKS.follow))),
  });
  return (
    <Button size="sm" variant={following ? 'secondary' : 'ghost'} aria-pressed={following} disabled={change.isPending} onClick={() => change.mutate(!following)}>
      {following ? <Check aria-hidden="true" className="size-3.5" /> : <Bell aria-hidden="true" className="size-3.5" />}
      {following ? t('Following') : t('Follow')}
    </Button>
  );
}

/** The message the thread answers, on top of its replies. */
function ThreadRoot({ root }: { root: TChatMessage }) {
  const name = fullNameOf(root.sender);
  const { t } = useT();
  return (
    <div data-testid="thread-root" className="flex shrink-0 gap-2.5 border-b border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
      <AgentAvatar src={root.sender.avatarUrl} name={name} className="size-8" />
      <div className="min-w-0 flex-1 text-sm text-zinc-900 dark:text-zinc-100">
        <p className="flex items-baseline gap-2">
          <span className="truncate font-semibold">{name}</span>
          <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400" title={fullTimeOf(root.timestamp)}>
            <MessageTimeText timestamp={root.timestamp} />
          </span>
        </p>
        {root.deleted ? (
          <p className="text-zinc-500 italic dark:text-zinc-400">{t(DELETED_MESSAGE_TEXT)}</p>
        ) : (
          <div className="max-h-48 overflow-y-auto">
            {root.content && <MessageMarkdown content={root.content} />}
            <MessageAttachments attachments={root.attachments} own={false} />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The thread open beside a conversation page (`?thread=` in the URL): beside the conversation from
 * medium width up, in its place (full screen) below it.
 */
export function useThreadSidePanel() {
  const { rootMessageId, open, close } = useThreadInUrl();
  const beside = useMediaQuery(MEDIUM_SCREEN, true);
  return {
    rootMessageId,
    open,
    close,
    /** The toggle of the side panel the thread takes the place of: while a thread is open, it closes the thread and shows that panel. */
    toggleInstead: (panel: { open: boolean; toggle: () => void }) =>
      rootMessageId
        ? () => {
            close();
            if (!panel.open) panel.toggle();
          }
        : panel.toggle,
    /** The conversation is hidden while the thread takes the whole screen. */
    hidesChat: !!rootMessageId && !beside,
    className: beside ? 'w-96 max-w-[45%] shrink-0 border-s border-zinc-200 dark:border-zinc-800' : 'min-w-0 flex-1',
  };
}
