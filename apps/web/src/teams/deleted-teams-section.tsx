import { useNavigate } from 'react-router';
import { RotateCcw } from 'lucide-react';
import { TEAM_CHANGE_TEXTS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useLanguage, useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { useDeletedTeams, useRestoreTeam } from './team-queries';

/**
 * "Deleted teams": the teams I own that were deleted and can still be restored, each with
 * the day it goes for good and a Restore button. Nothing at all when there are none.
 */
export function DeletedTeamsSection({ onRestored }: { onRestored?: () => void }) {
  const { t, tf } = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const deleted = useDeletedTeams();
  const restore = useRestoreTeam();
  if (!deleted.data?.length) return null;
  const onRestore = async (handle: string) => {
    try {
      const team = await restore.mutateAsync(handle);
      toast.success(tf(TEAM_CHANGE_TEXTS.restoredTeam, team.name));
      onRestored?.();
      navigate(`/t/${encodeURIComponent(team.handle)}`);
    } catch {
      // Shown below from the mutation state.
    }
  };
  return (
    <section aria-label={t('Deleted teams')} className="space-y-2">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t('Deleted teams')}</h3>
      {restore.isError && <Alert>{t(errorMessage(restore.error, TEAM_CHANGE_TEXTS.restoreFailed))}</Alert>}
      <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {deleted.data.map((team) => (
          <li key={team.id} className="flex items-center gap-3 px-3 py-2.5">
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium">{team.name}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">/t/{team.handle}</span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t('Restorable until {{date}}', { date: new Date(team.purgeAt).toLocaleDateString(language) })}</span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              loading={restore.isPending && restore.variables === team.handle}
              onClick={() => void onRestore(team.handle)}
              aria-label={t('Restore {{team}}', { team: team.name })}
            >
              <RotateCcw aria-hidden="true" className="size-3.5" />
              {t('Restore')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
