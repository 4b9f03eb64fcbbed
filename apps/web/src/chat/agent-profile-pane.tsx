import { ArrowLeft, Bot, MessageSquare, User } from 'lucide-react';
import { ACCOUNT_TEXTS, DELETED_MESSAGE_TEXT, formatMessageTimestamp, SAFETY_TEXTS, type TAgent, type TListMessage } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useLanguage, useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { ExternalBadge } from '../people/external-badge';
import { PresenceDot } from '../people/presence-dot';
import { PersonSafetyActions } from '../safety/block-button';
import { useIsBlocked } from '../safety/use-blocks';
import { StatusText } from '../people/status-text';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';
import { useMessageSnippet } from './lazy-snippet';
import { shownContent } from './shown-content';

const RECENT = 5;

/** What the agent did in this conversation, from the messages loaded: real data, newest first. */
function RecentActivity({ agent, messages }: { agent: TAgent; messages: readonly TListMessage[] }) {
  const theirs = messages.filter((m) => m.sender.id === agent.id && !m.pending);
  const recent = theirs.slice(-RECENT).reverse();
  const first = messages.find((m) => !m.pending);
  const messageSnippet = useMessageSnippet();
  const blocked = useIsBlocked(agent.id);
  const { t } = useT();
  const language = useLanguage();
  if (recent.length === 0)
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        {first ? t('No messages from {{name}} yet.', { name: fullNameOf(agent) }) : t('No activity in this conversation yet.')}
      </p>
    );
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-3 text-sm">
        <div className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('Messages')}</dt>
          <dd className="mt-0.5 font-semibold text-zinc-900 dark:text-zinc-100">{new Intl.NumberFormat(language).format(theirs.length)}</dd>
        </div>
        <div className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('Last message')}</dt>
          <dd className="mt-0.5 font-semibold whitespace-nowrap text-zinc-900 dark:text-zinc-100">{formatMessageTimestamp(recent[0]!.timestamp, undefined, { locale: language })}</dd>
        </div>
      </dl>
      <ol className="space-y-2" aria-label={t('Recent messages')}>
        {recent.map((m) => (
          <li key={m.id} className="flex gap-2.5 text-sm">
            <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
            <span className="min-w-0">
              <span dir="auto" className="block text-start text-zinc-700 dark:text-zinc-300">{m.deleted ? t(DELETED_MESSAGE_TEXT) : blocked ? t(SAFETY_TEXTS.blockedMessage) : messageSnippet(shownContent(m)) || t('Sent a file')}</span>
              <time dateTime={m.timestamp} className="text-xs text-zinc-500 dark:text-zinc-400">
                {formatMessageTimestamp(m.timestamp, undefined, { locale: language })}
              </time>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The right pane of a 1:1 chat: the agent's profile and 'Agent Activity: {username}'. */
export function AgentProfilePane({
  agent,
  username,
  agentOnline,
  messages,
  onBackToChat,
  className,
}: {
  agent: TAgent | undefined;
  username: string;
  agentOnline: boolean | null;
  messages: readonly TListMessage[];
  /** On a phone the profile replaces the chat: this brings the chat back (absent when the profile is beside it). */
  onBackToChat?: () => void;
  className?: string;
}) {
  const name = agent ? fullNameOf(agent) : `@${username}`;
  const { user } = useAuth();
  const { t } = useT();
  // A deleted account has no profile to open: its name, and that it is gone.
  if (agent?.isDeleted)
    return (
      <aside id="agent-profile" aria-label={t('Agent profile')} className={cn('overflow-y-auto bg-zinc-50 dark:bg-zinc-950', className)}>
        <div className="mx-auto max-w-2xl space-y-5 px-4 py-6 sm:px-5">
          {onBackToChat && (
            <Button variant="ghost" size="sm" onClick={onBackToChat}>
              <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('Back to chat')}
            </Button>
          )}
          <section className="rounded-2xl border border-zinc-200 bg-white p-5 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{name}</h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(ACCOUNT_TEXTS.deletedAccountNote)}</p>
          </section>
        </div>
      </aside>
    );
  return (
    <aside id="agent-profile" aria-label={t('Agent profile')} className={cn('overflow-y-auto bg-zinc-50 dark:bg-zinc-950', className)}>
      <div className="mx-auto max-w-2xl space-y-5 px-4 py-6 sm:px-5">
        {onBackToChat && (
          <Button variant="ghost" size="sm" onClick={onBackToChat}>
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('Back to chat')}
          </Button>
        )}
        {/* A column at every width: beside the chat the panel is narrow. */}
        <section className="flex flex-col items-center gap-3 rounded-2xl border border-zinc-200 bg-white p-5 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <span className="relative shrink-0">
            <AgentAvatar src={agent?.avatarUrl ?? ''} name={name} className="size-20" />
            {agent && <PresenceDot isOnline={agentOnline} doNotDisturb={agent.doNotDisturb} className="absolute end-1 bottom-1" />}
          </span>
          <div className="flex min-w-0 flex-col items-center space-y-1">
            <h2 className="text-lg font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">{name}</h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {/* A handle is Latin: isolated, its "@" stays in front of it in a right-to-left page. */}
              <bdi>@{agent?.username ?? username}</bdi>
              {agent?.role ? ` · ${agent.role}` : ''}
            </p>
            {agent && <StatusText agent={agent} className="text-sm whitespace-normal" />}
            {agent?.isExternal && <ExternalBadge size="sm" />}
            {agent && !agent.isExternal && (
              <span
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
                  agent.isHuman
                    ? 'bg-sky-50 text-sky-700 dark:bg-sky-950/50 dark:text-sky-300'
                    : 'bg-violet-50 text-violet-700 dark:bg-violet-950/50 dark:text-violet-300',
                )}
              >
                {agent.isHuman ? <User aria-hidden="true" className="size-3" /> : <Bot aria-hidden="true" className="size-3" />}
                {agent.isHuman ? t('Human') : t('AI agent')}
              </span>
            )}
            {agent && !agent.isHuman && agent.personality && (
              <p className="pt-1 text-sm text-zinc-600 dark:text-zinc-400">{agent.personality}</p>
            )}
          </div>
          {agent && agent.id !== user?.agentId && <PersonSafetyActions agent={agent} />}
        </section>
        <section className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h2 className="mb-4 text-base font-semibold break-words text-zinc-900 dark:text-zinc-50">{t('Agent Activity: {{username}}', { username: agent?.username ?? username })}</h2>
          {agent ? <RecentActivity agent={agent} messages={messages} /> : <p className="text-sm text-zinc-500">{t('Displaying simulated activity')}</p>}
        </section>
      </div>
    </aside>
  );
}
