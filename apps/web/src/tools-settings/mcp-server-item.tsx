import { useState } from 'react';
import { ChevronDown, Pencil, RefreshCw, Trash2, TriangleAlert } from 'lucide-react';
import { TOOL_SETTINGS_TEXTS, type TMcpServer } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Modal } from '../ui/dialogs';
import { toast } from '../ui/toast';
import { useLanguage, useT } from '../i18n';
import { HeaderNameChips } from './header-name-chips';
import { McpServerForm } from './mcp-server-form';
import { useDeleteMcpServer, useRefreshMcpServer } from './tool-queries';

/** Removing a server takes its tools from every agent: asked once more in a dialog. */
function RemoveServerDialog({ handle, server, open, onOpenChange }: { handle: string; server: TMcpServer; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, tf } = useT();
  const remove = useDeleteMcpServer(handle);
  const onRemove = async () => {
    try {
      await remove.mutateAsync(server.id);
      toast.success(t('{{name}} was removed', { name: server.name }));
      onOpenChange(false);
    } catch {
      // Shown in the dialog from the mutation state.
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        remove.reset();
        onOpenChange(next);
      }}
      title={tf(TOOL_SETTINGS_TEXTS.removeServerTitle, server.name)}
      description={t(TOOL_SETTINGS_TEXTS.removeServerHint)}
    >
      {remove.isError && <Alert className="mb-4">{errorMessage(remove.error, TOOL_SETTINGS_TEXTS.removeServerFailed)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
          {t('Cancel')}
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={onRemove}>
          {t('Remove')}
        </Button>
      </div>
    </Modal>
  );
}

/** One MCP server: where it is, its header names, its tools (listed or why not), and what can be done with it. */
export function McpServerItem({ handle, server }: { handle: string; server: TMcpServer }) {
  const { t } = useT();
  const language = useLanguage();
  const [editing, setEditing] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [removing, setRemoving] = useState(false);
  const refresh = useRefreshMcpServer(handle);
  const toolsId = `mcp-tools-${server.id}`;

  if (editing) return <McpServerForm handle={handle} server={server} onDone={() => setEditing(false)} />;
  return (
    <div className="space-y-2 px-3 py-3" role="group" aria-label={server.name}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{server.name}</p>
          <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{server.url}</p>
          {server.headerNames.length > 0 && <HeaderNameChips names={server.headerNames} />}
        </div>
        <div className="flex flex-wrap gap-1 sm:shrink-0 sm:justify-end">
          <Button variant="ghost" size="sm" loading={refresh.isPending} onClick={() => refresh.mutate(server.id)} aria-label={t('Refresh tools of {{name}}', { name: server.name })}>
            <RefreshCw aria-hidden="true" className="size-3.5" />
            {t('Refresh tools')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={t('Edit {{name}}', { name: server.name })}>
            <Pencil aria-hidden="true" className="size-3.5" />
            {t('Edit')}
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-400" onClick={() => setRemoving(true)} aria-label={t('Remove {{name}}', { name: server.name })}>
            <Trash2 aria-hidden="true" className="size-3.5" />
            {t('Remove')}
          </Button>
        </div>
      </div>
      {server.lastError ? (
        <p className="flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span className="min-w-0 break-words">{t('Could not list its tools: {{error}}', { error: server.lastError })}</span>
        </p>
      ) : (
        server.toolsListedAt && <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('Tools listed {{when}}', { when: new Date(server.toolsListedAt).toLocaleString(language) })}</p>
      )}
      {refresh.isError && <Alert>{errorMessage(refresh.error, TOOL_SETTINGS_TEXTS.refreshFailed)}</Alert>}
      <Button variant="link" size="sm" aria-expanded={expanded} aria-controls={toolsId} onClick={() => setExpanded((open) => !open)}>
        <ChevronDown aria-hidden="true" className={cn('size-3.5 transition-transform', expanded && 'rotate-180')} />
        {t('{{count}} tools', { count: server.tools.length })}
      </Button>
      {expanded && (
        <div id={toolsId}>
          {server.tools.length === 0 ? (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('No tools listed.')}</p>
          ) : (
            <ul aria-label={t('Tools of {{name}}', { name: server.name })} className="space-y-1.5 rounded-lg bg-zinc-50 p-2 dark:bg-zinc-900">
              {server.tools.map((tool) => (
                <li key={tool.name} className="text-xs">
                  <span className="font-mono font-medium text-zinc-900 dark:text-zinc-100">{tool.name}</span>
                  {tool.description && <span className="block break-words text-zinc-600 dark:text-zinc-400">{tool.description}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <RemoveServerDialog handle={handle} server={server} open={removing} onOpenChange={setRemoving} />
    </div>
  );
}
