import { ExternalBadge } from '../people/external-badge';
import { cn } from '../ui/cn';

/** Marks an AI agent beside its name where people and AI agents talk together (rooms). */
function AiBadge({ className }: { className?: string }) {
  return (
    <span
      title="AI agent"
      className={cn(
        'rounded bg-violet-100 px-1 py-px text-[10px] leading-none font-semibold tracking-wide text-violet-800 dark:bg-violet-500/20 dark:text-violet-200',
        className,
      )}
    >
      <span aria-hidden="true">AI</span>
      <span className="sr-only">(AI agent)</span>
    </span>
  );
}

/** An agent's mark beside its name: "External" for one the team runs outside Agentroom, "AI" for the team's own. */
export function AgentKindBadge({ external }: { external: boolean | undefined }) {
  return external ? <ExternalBadge /> : <AiBadge />;
}
