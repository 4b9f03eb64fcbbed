import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LogOut, Trash2, UserPlus } from 'lucide-react';
import { TEAM_ACTION_ERRORS, TEAM_CHANGE_TEXTS, TEAM_MESSAGES, type TTeam } from '@agentroom/shared';
import { errorMessage, isApiError } from '../api/api-error';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { teamSettingsPath } from './team-settings-sections';
import { useLeaveTeam } from './team-queries';

/**
 * Leaving, after a confirm. The last person of a team that still holds something is refused by the
 * server (409): the screen then offers what can be done instead — delete the team (owners; its typed
 * confirmation is on the danger page) or invite someone first.
 */
export function LeaveTeamSection({ team, onDeleteInstead }: { team: TTeam; onDeleteInstead?: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const leave = useLeaveTeam(team.handle);
  const [confirming, setConfirming] = useState(false);
  const lastPerson = leave.isError && isApiError(leave.error) && leave.error.message === TEAM_MESSAGES.lastPersonCannotLeave;
  const onLeave = async () => {
    try {
      await leave.mutateAsync();
      toast.success(t('You left {{team}}', { team: team.name }));
      navigate('/', { replace: true });
    } catch {
      // Shown below from the mutation state.
    }
  };
  const stay = () => {
    setConfirming(false);
    leave.reset();
  };
  return (
    <div className="space-y-3">
      {leave.isError && <Alert>{t(errorMessage(leave.error, TEAM_ACTION_ERRORS.leaveTeam))}</Alert>}
      {lastPerson ? (
        <div className="space-y-2" role="group" aria-label={t('Instead of leaving')}>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(TEAM_CHANGE_TEXTS.lastPersonHint)}</p>
          <div className="flex flex-wrap gap-2">
            {team.myRole === 'owner' && onDeleteInstead && (
              <Button size="sm" variant="danger" onClick={onDeleteInstead}>
                <Trash2 aria-hidden="true" className="size-3.5" />
                {t('Delete team')}
              </Button>
            )}
            {team.canManage && (
              <Button asChild size="sm" variant="secondary">
                <Link to={teamSettingsPath(team.handle, 'invitations')}>
                  <UserPlus aria-hidden="true" className="size-3.5" />
                  {t('Invite someone')}
                </Link>
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={stay}>
              {t('Stay')}
            </Button>
          </div>
        </div>
      ) : confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-zinc-600 dark:text-zinc-400">{t('Leave {{team}}? You will need to be added again.', { team: team.name })}</span>
          <Button variant="ghost" size="sm" onClick={stay}>
            {t('Stay')}
          </Button>
          <Button size="sm" variant="danger" loading={leave.isPending} onClick={onLeave}>
            {t('Leave Team')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <LogOut aria-hidden="true" className="size-4" />
          {t('Leave Team')}
        </Button>
      )}
    </div>
  );
}
