import { useState } from 'react';
import { Plus } from 'lucide-react';
import { EXTERNAL_AGENT_TEXTS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { useT } from '../i18n';
import { AddExternalAgentDialog } from './external-agent-dialogs';
import { ExternalAgentItem } from './external-agent-item';
import { useExternalAgents } from './external-agent-queries';

const T = EXTERNAL_AGENT_TEXTS;

/** Owners and admins: the team's external agents (decision 0025), and a new one. */
export function ExternalAgentsSection({ handle }: { handle: string }) {
  const { t } = useT();
  const externals = useExternalAgents(handle);
  const [adding, setAdding] = useState(false);
  if (externals.isPending) return <LoadingState text={t('Retrieving external agents...')} />;
  if (externals.isError)
    return (
      <ErrorState message={errorMessage(externals.error, T.listFailed)}>
        <Button variant="secondary" onClick={() => externals.refetch()}>
          {t(T.tryAgain)}
        </Button>
      </ErrorState>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(T.sectionIntro)}</p>
      {externals.data.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t(T.none)}</p>
      ) : (
        <ul aria-label={t('External agents')} className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {externals.data.map((external) => (
            <li key={external.agent.id}>
              <ExternalAgentItem handle={handle} external={external} />
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" className="size-4" />
        {t(T.add)}
      </Button>
      <AddExternalAgentDialog handle={handle} open={adding} onOpenChange={setAdding} />
    </div>
  );
}
