import { GENERIC_ERRORS, SAFETY_TEXTS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/toast';
import { useBlockActions, useBlockedPeople } from './use-blocks';

/** "Blocked people": everyone the user blocked, each with Unblock (for the account settings). */
export function BlockedPeopleList() {
  const { t, tf } = useT();
  const { data, isPending, error } = useBlockedPeople();
  const { unblock } = useBlockActions();
  const release = async (agentId: string, name: string) => {
    try {
      await unblock.mutateAsync(agentId);
      toast.success(tf(SAFETY_TEXTS.unblocked, name));
    } catch (caught) {
      toast.error(errorMessage(caught, t(GENERIC_ERRORS.internal)));
    }
  };
  return (
    <section aria-labelledby="blocked-people-title" className="space-y-3">
      <h2 id="blocked-people-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
        {t(SAFETY_TEXTS.blockedPeople)}
      </h2>
      {isPending && <Spinner label={t('Loading')} className="size-5 text-indigo-600" />}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(error, t(GENERIC_ERRORS.internal))}
        </p>
      )}
      {data?.length === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">{t(SAFETY_TEXTS.noBlockedPeople)}</p>}
      {!!data?.length && (
        <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {data.map((agent) => {
            const name = agent.fullName || `@${agent.username}`;
            return (
              <li key={agent.id} className="flex items-center gap-3 px-3 py-2">
                <AgentAvatar src={agent.avatarUrl} name={name} className="size-8" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{name}</span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400"><bdi>@{agent.username}</bdi></span>
                </span>
                <Button variant="secondary" size="sm" disabled={unblock.isPending} onClick={() => void release(agent.id, name)}>
                  {t(SAFETY_TEXTS.unblock)}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
