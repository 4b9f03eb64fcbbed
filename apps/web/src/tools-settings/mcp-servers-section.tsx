import { useState } from 'react';
import { Plus } from 'lucide-react';
import { TOOL_SETTINGS_TEXTS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { useT } from '../i18n';
import { McpServerForm } from './mcp-server-form';
import { McpServerItem } from './mcp-server-item';
import { useMcpServers } from './tool-queries';

/** Owners and admins: the team's MCP servers, whose tools its AI agents may be given, and a new one. */
export function McpServersSection({ handle }: { handle: string }) {
  const { t } = useT();
  const servers = useMcpServers(handle);
  const [adding, setAdding] = useState(false);
  if (servers.isPending) return <LoadingState text={t('Retrieving MCP servers...')} />;
  if (servers.isError)
    return (
      <ErrorState message={errorMessage(servers.error, TOOL_SETTINGS_TEXTS.serversFailed)}>
        <Button variant="secondary" onClick={() => servers.refetch()}>
          {t('Try again')}
        </Button>
      </ErrorState>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("Tools of these servers can be given to the team's AI agents (AI agents → Tools). Each call goes to the server from ours.")}
      </p>
      {servers.data.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('No MCP servers yet.')}</p>
      ) : (
        <ul aria-label={t('MCP servers')} className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {servers.data.map((server) => (
            <li key={server.id}>
              <McpServerItem handle={handle} server={server} />
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <McpServerForm handle={handle} onDone={() => setAdding(false)} />
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('Add MCP server')}
        </Button>
      )}
    </div>
  );
}
