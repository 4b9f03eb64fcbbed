import type { TAgent } from '@agentroom/shared';
import { cn } from '../ui/cn';

/** A person's status text ("In a meeting") as cards and chats show it; nothing when they have none. */
export function StatusText({ agent, className }: { agent: Pick<TAgent, 'status'>; className?: string }) {
  if (!agent.status) return null;
  return (
    <span data-testid="status-text" title={agent.status.text} className={cn('block truncate text-xs text-zinc-600 italic dark:text-zinc-300', className)}>
      {agent.status.text}
    </span>
  );
}
