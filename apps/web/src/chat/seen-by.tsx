import { SEEN_BY_MAX_AVATARS, type TSeenAgent } from '@agentroom/shared';
import { AgentAvatar } from '../teams/agent-avatar';
import { fullNameOf } from './agent-names';

/** Spec §2/§9: who has read up to this message, up to three avatars then '+N'. */
export function SeenBy({ agents }: { agents: readonly TSeenAgent[] }) {
  if (agents.length === 0) return null;
  const shown = agents.slice(0, SEEN_BY_MAX_AVATARS);
  const rest = agents.length - shown.length;
  const names = agents.map((agent) => fullNameOf(agent)).join(', ');
  return (
    <div data-testid="seen-by" className="mt-1 flex items-center justify-end gap-1" title={`Seen by ${names}`}>
      <span className="sr-only">Seen by {names}</span>
      <span aria-hidden="true" className="flex -space-x-1.5">
        {shown.map((agent) => (
          <AgentAvatar key={agent.id} src={agent.avatarUrl} name={fullNameOf(agent)} className="size-4 ring-2 ring-white dark:ring-zinc-900" />
        ))}
      </span>
      {rest > 0 && (
        <span aria-hidden="true" className="text-[11px] font-medium text-zinc-500 dark:text-zinc-400">
          +{rest}
        </span>
      )}
    </div>
  );
}
