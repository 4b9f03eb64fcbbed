import type { TTeamAgent } from '@agentroom/shared';
import { AgentAvatar } from '../people/agent-avatar';
import { useT } from '../i18n';

/** Checkboxes for the team's people and AI agents (a fieldset per kind), for a new room's members. */
export function MemberPicker({
  agents,
  selected,
  onToggle,
}: {
  agents: readonly TTeamAgent[];
  selected: ReadonlySet<string>;
  onToggle: (agentId: string, checked: boolean) => void;
}) {
  const { t } = useT();
  const groups = [
    { legend: t('People'), members: agents.filter((a) => a.isHuman) },
    { legend: t('AI agents'), members: agents.filter((a) => !a.isHuman) },
  ].filter((group) => group.members.length > 0);
  if (groups.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('Nobody else is in this team yet.')}</p>;
  return (
    <div className="space-y-3">
      {groups.map((group) => (
        <fieldset key={group.legend}>
          <legend className="pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{group.legend}</legend>
          <ul className="max-h-40 space-y-px overflow-y-auto rounded-lg border border-zinc-200 p-1 dark:border-zinc-800">
            {group.members.map((agent) => (
              <li key={agent.id}>
                <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm text-zinc-800 hover:bg-zinc-50 dark:text-zinc-200 dark:hover:bg-zinc-800/60">
                  <input
                    type="checkbox"
                    checked={selected.has(agent.id)}
                    onChange={(e) => onToggle(agent.id, e.target.checked)}
                    className="size-4 rounded border-zinc-300 text-indigo-600 focus:ring-2 focus:ring-indigo-500 dark:border-zinc-700"
                  />
                  <span aria-hidden="true">
                    <AgentAvatar src={agent.avatarUrl} name={agent.fullName} className="size-6" />
                  </span>
                  <span className="min-w-0 truncate">{agent.fullName}</span>
                  <span className="ms-auto truncate text-xs text-zinc-500 dark:text-zinc-400"><bdi>@{agent.username}</bdi></span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
