import { Link } from 'react-router';
import { Bot, User } from 'lucide-react';
import type { TTeamAgent } from '@agentroom/shared';
import { useT } from '../i18n';
import { chatPath } from '../lib/app-paths';
import { AgentAvatar } from '../people/agent-avatar';
import { ExternalBadge } from '../people/external-badge';
import { PresenceDot } from '../people/presence-dot';
import { StatusText } from '../people/status-text';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';

/** One agent of the team; opens the team-scoped chat and hands the agent over in navigation state. */
export function AgentCard({ agent, handle }: { agent: TTeamAgent; handle: string }) {
  const { t } = useT();
  return (
    <Link
      to={chatPath(agent.username, handle)}
      state={{ agent }}
      data-testid="agent-card"
      className={cn(
        'group flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm transition',
        'hover:border-indigo-300 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700',
        focusRing,
      )}
    >
      <span className="relative">
        <AgentAvatar src={agent.avatarUrl} name={agent.fullName} className="size-12" />
        <PresenceDot isOnline={agent.isOnline} doNotDisturb={agent.doNotDisturb} className="absolute end-0 bottom-0" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-zinc-900 group-hover:text-indigo-700 dark:text-zinc-100 dark:group-hover:text-indigo-300">
          {agent.fullName}
        </span>
        <span className="block truncate text-sm text-zinc-500 dark:text-zinc-400">{agent.role}</span>
        <StatusText agent={agent} />
        <span className="mt-1.5 flex items-center gap-1.5">
          {agent.isExternal ? (
            <ExternalBadge size="sm" />
          ) : (
            <span
              className={cn(
                'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium',
                agent.isHuman
                  ? 'bg-sky-50 text-sky-700 dark:bg-sky-950/50 dark:text-sky-300'
                  : 'bg-violet-50 text-violet-700 dark:bg-violet-950/50 dark:text-violet-300',
              )}
            >
              {agent.isHuman ? <User aria-hidden="true" className="size-3" /> : <Bot aria-hidden="true" className="size-3" />}
              {agent.isHuman ? t('Human') : t('AI')}
            </span>
          )}
          <span className="truncate text-[11px] text-zinc-500 dark:text-zinc-400">
            <bdi>@{agent.username}</bdi>
          </span>
        </span>
      </span>
    </Link>
  );
}
