import { useState } from 'react';
import { Pencil, Plus, Wrench } from 'lucide-react';
import type { TTeamAgent } from '@agentroom/shared';
import { useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { AgentToolsDialog } from '../tools-settings/agent-tools-dialog';
import { Button } from '../ui/button';
import { AiAgentForm } from './ai-agent-form';
import { teamSettingsPath } from './team-settings-sections';

/** Managers see the team's AI agents, edit one, choose its tools, or create a new one. */
export function AiAgentsSection({ handle, agents }: { handle: string; agents: TTeamAgent[] }) {
  const { t } = useT();
  const [editing, setEditing] = useState<TTeamAgent | 'new' | null>(null);
  const [toolsOf, setToolsOf] = useState<TTeamAgent | null>(null);
  const aiAgents = agents.filter((agent) => !agent.isHuman);
  if (editing)
    return (
      <AiAgentForm
        key={editing === 'new' ? 'new' : editing.id}
        handle={handle}
        agent={editing === 'new' ? undefined : editing}
        onDone={() => setEditing(null)}
      />
    );
  return (
    <div className="space-y-3">
      {aiAgents.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('No AI agents in this team yet.')}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {aiAgents.map((agent) => (
            <li key={agent.id} className="flex items-center gap-3 px-3 py-2.5">
              <AgentAvatar src={agent.avatarUrl} name={agent.fullName} className="size-8" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{agent.fullName}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{agent.role}</span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => setToolsOf(agent)} aria-label={t('Tools of {{name}}', { name: agent.fullName })}>
                <Wrench aria-hidden="true" className="size-3.5" />
                {t('Tools')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setEditing(agent)} aria-label={t('Edit {{name}}', { name: agent.fullName })}>
                <Pencil aria-hidden="true" className="size-3.5" />
                {t('Edit')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={() => setEditing('new')}>
        <Plus aria-hidden="true" className="size-4" />
        {t('New AI Agent')}
      </Button>
      {toolsOf && (
        <AgentToolsDialog
          key={toolsOf.id}
          agent={toolsOf}
          open
          onOpenChange={(open) => !open && setToolsOf(null)}
          mcpServersPath={teamSettingsPath(handle, 'mcp-servers')}
        />
      )}
    </div>
  );
}
