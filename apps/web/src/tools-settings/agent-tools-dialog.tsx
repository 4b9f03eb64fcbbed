import { useState } from 'react';
import { Link } from 'react-router';
import { TOOL_SETTINGS_TEXTS, type TAgentTool, type TUpdateAgentToolsRequest } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Modal } from '../ui/dialogs';
import { LoadingState } from '../ui/page-states';
import { useT } from '../i18n';
import { ToolPolicyControl, type ToolSetting } from './tool-policy-control';
import { useAgentTools, useUpdateAgentTools } from './tool-queries';

interface Props {
  agent: { id: string; fullName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The team's MCP servers section, for the line shown when no server gives tools yet. */
  mcpServersPath: string;
}

/** Built-in tools first, then each MCP server's, in the order the API lists them. */
function groupBySource(tools: TAgentTool[], builtinLabel: string) {
  const groups = new Map<string, { label: string; tools: TAgentTool[] }>([['builtin', { label: builtinLabel, tools: [] }]]);
  for (const tool of tools) {
    const id = tool.source.kind === 'builtin' ? 'builtin' : tool.source.serverId;
    const label = tool.source.kind === 'builtin' ? builtinLabel : tool.source.serverName;
    const group = groups.get(id) ?? { label, tools: [] };
    group.tools.push(tool);
    groups.set(id, group);
  }
  return [...groups.entries()].filter(([, group]) => group.tools.length > 0);
}

/** A changed setting: its policy, or who approves while it needs approval. */
const differs = (tool: TAgentTool, setting: ToolSetting) =>
  setting.policy !== tool.policy || (setting.policy === 'approval' && setting.approvers !== tool.approvers);

function AgentToolsForm({ agentId, tools, mcpServersPath, onClose }: { agentId: string; tools: TAgentTool[]; mcpServersPath: string; onClose: () => void }) {
  const { t } = useT();
  const save = useUpdateAgentTools(agentId);
  const [edits, setEdits] = useState<Record<string, ToolSetting>>({});
  const [saved, setSaved] = useState(false);
  const settingOf = (tool: TAgentTool): ToolSetting => edits[tool.key] ?? { policy: tool.policy, approvers: tool.approvers };
  const changed = tools.filter((tool) => edits[tool.key] && differs(tool, edits[tool.key]!));
  const hasMcpTools = tools.some((tool) => tool.source.kind === 'mcp');

  const onSave = async () => {
    const body: TUpdateAgentToolsRequest = {
      tools: changed.map((tool) => {
        const { policy, approvers } = settingOf(tool);
        return policy === 'approval' ? { key: tool.key, policy, approvers } : { key: tool.key, policy };
      }),
    };
    try {
      await save.mutateAsync(body);
      setEdits({});
      setSaved(true);
    } catch {
      // Shown below from the mutation state.
    }
  };

  return (
    <div className="space-y-5">
      {groupBySource(tools, t('Built-in')).map(([id, group]) => (
        <section key={id} aria-label={group.label} className="space-y-2">
          <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{group.label}</h3>
          <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {group.tools.map((tool) => (
              // The group sits inside the item: a list holds list items only (a role on the <li> would hide it).
              <li key={tool.key} className="px-3 py-2.5">
                <div role="group" aria-label={tool.title} className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                  <div className="min-w-0">
                    <p className="font-mono text-sm font-medium break-all text-zinc-900 dark:text-zinc-100">{tool.title}</p>
                    {tool.description && <p className="text-xs break-words text-zinc-600 dark:text-zinc-400">{tool.description}</p>}
                  </div>
                  <ToolPolicyControl
                    tool={tool}
                    value={settingOf(tool)}
                    onChange={(setting) => {
                      setSaved(false);
                      save.reset();
                      setEdits((all) => ({ ...all, [tool.key]: setting }));
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {!hasMcpTools && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t(TOOL_SETTINGS_TEXTS.noMcpTools)}{' '}
          <Link to={mcpServersPath} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {t('Add an MCP server')}
          </Link>
        </p>
      )}
      {save.isError && <Alert>{errorMessage(save.error, TOOL_SETTINGS_TEXTS.saveToolsFailed)}</Alert>}
      <div className="flex flex-col-reverse items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        <p role="status" className={cn('text-sm sm:me-auto', saved ? 'text-emerald-700 dark:text-emerald-400' : 'text-zinc-600 dark:text-zinc-400')}>
          {saved ? t('Saved') : changed.length ? t('{{count}} changes not saved yet', { count: changed.length }) : ''}
        </p>
        <Button variant="ghost" onClick={onClose}>
          {t('Close')}
        </Button>
        <Button disabled={!changed.length} loading={save.isPending} onClick={onSave}>
          {t('Save Tools')}
        </Button>
      </div>
    </div>
  );
}

/** Managers choose which tools an AI agent may use, and which of them need a person's approval first. */
export function AgentToolsDialog({ agent, open, onOpenChange, mcpServersPath }: Props) {
  const { t } = useT();
  const tools = useAgentTools(agent.id, open);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('Tools of {{name}}', { name: agent.fullName })} description={t("What it may do when someone asks, with that person's rights.")} className="max-w-2xl">
      {tools.isPending ? (
        <LoadingState text={t('Retrieving tools...')} />
      ) : tools.isError ? (
        <div className="space-y-3">
          <Alert>{errorMessage(tools.error, TOOL_SETTINGS_TEXTS.agentToolsFailed)}</Alert>
          <Button variant="secondary" onClick={() => tools.refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : (
        <AgentToolsForm agentId={agent.id} tools={tools.data} mcpServersPath={mcpServersPath} onClose={() => onOpenChange(false)} />
      )}
    </Modal>
  );
}
