import { MessageSquareReply } from 'lucide-react';
import type { TThreadPlace, TThreadSummary } from '@agentroom/shared';
import { t, useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';
import { fullTimeOf, useMessageTime } from './bubble-parts';
import { useThreadOpener } from './thread-url';

/** "1 reply", "3 replies", in the language on screen (read at call time: a component calling it re-renders through useT). */
export const replyCountText = (count: number) => t('{{count}} replies', { count });

/** Under a thread's root: how many replies, the latest repliers, when the last one came; opens the thread. */
export function ThreadSummaryLine({ rootMessageId, thread, own }: { rootMessageId: string; thread: TThreadSummary; own: boolean }) {
  const open = useThreadOpener();
  const { t } = useT();
  if (thread.replyCount === 0) return null;
  return (
    <button
      type="button"
      data-testid="thread-summary"
      disabled={!open}
      onClick={() => open?.(rootMessageId)}
      className={cn(
        'mt-1 flex max-w-full items-center gap-2 rounded-md px-1.5 py-1 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
        own && 'self-end',
        focusRing,
      )}
    >
      <span className="flex -space-x-1.5" aria-hidden="true">
        {thread.repliers.map((replier) => (
          <AgentAvatar key={replier.id} src={replier.avatarUrl} name={fullNameOf(replier)} className="size-5 ring-2 ring-zinc-50 dark:ring-zinc-950" />
        ))}
      </span>
      <span className="font-semibold text-indigo-700 dark:text-indigo-300">{replyCountText(thread.replyCount)}</span>
      <span className="sr-only">{t('from {{names}}', { names: thread.repliers.map((replier) => fullNameOf(replier)).join(', ') })}</span>
      {thread.lastReplyAt && <LastReply at={thread.lastReplyAt} />}
    </button>
  );
}

function LastReply({ at }: { at: string }) {
  const { t } = useT();
  return (
    <span className="truncate text-zinc-600 dark:text-zinc-400" title={fullTimeOf(at)}>
      {t('Last reply {{time}}', { time: useMessageTime(at) })}
    </span>
  );
}

/** Above a thread reply also sent to the conversation: says so, and opens the thread. */
export function FromThreadLine({ place }: { place: TThreadPlace }) {
  const open = useThreadOpener();
  const { t } = useT();
  return (
    <p data-testid="from-thread" className="mb-1 flex items-center gap-1 text-[11px] text-zinc-500 dark:text-zinc-400">
      <MessageSquareReply aria-hidden="true" className="size-3 shrink-0 rtl:-scale-x-100" />
      <button type="button" disabled={!open} onClick={() => open?.(place.rootMessageId)} className={cn('rounded underline-offset-2 hover:underline', focusRing)}>
        {t('replied to a thread')}
      </button>
    </p>
  );
}
