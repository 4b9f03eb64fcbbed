import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { DRAWER_MAX_AVATARS, TEAM_FETCH_ERRORS, type TTeam } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { Sheet } from '../ui/dialogs';
import { LoadingState } from '../ui/page-states';
import { DeletedTeamsSection } from './deleted-teams-section';
import { PrivateTeamMark } from './private-team-mark';
import { useMyTeams } from './use-my-teams';

/** Up to three member avatars (DRAWER_MAX_AVATARS), then '+N' for the rest. */
function MemberAvatars({ team }: { team: TTeam }) {
  const shown = team.members.slice(0, DRAWER_MAX_AVATARS);
  const rest = team.memberCount - shown.length;
  return (
    <span className="flex items-center">
      <span className="flex -space-x-2">
        {shown.map((member) => (
          <AgentAvatar
            key={member.id}
            src={member.avatarUrl}
            name={member.agentName}
            className="size-7 ring-2 ring-white dark:ring-zinc-900"
          />
        ))}
      </span>
      {rest > 0 && <span className="ms-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">+{rest}</span>}
    </span>
  );
}

function TeamCard({ team, current, onPick }: { team: TTeam; current: boolean; onPick: () => void }) {
  return (
    <Link
      to={`/t/${encodeURIComponent(team.handle)}`}
      onClick={onPick}
      aria-current={current ? 'page' : undefined}
      data-testid="team-card"
      className={cn(
        'block rounded-xl border p-3.5 transition hover:border-indigo-300 hover:bg-indigo-50/40 dark:hover:border-indigo-700 dark:hover:bg-indigo-950/20',
        current ? 'border-indigo-400 bg-indigo-50/60 dark:border-indigo-600 dark:bg-indigo-950/30' : 'border-zinc-200 dark:border-zinc-800',
        focusRing,
      )}
    >
      <span className="flex items-center justify-between gap-3">
        <span className="min-w-0">
          <span className="flex items-center gap-1.5 font-medium text-zinc-900 dark:text-zinc-100">
            <span className="truncate">{team.name}</span>
            {team.isPrivate && <PrivateTeamMark className="size-3.5" />}
          </span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">/t/{team.handle}</span>
        </span>
        <MemberAvatars team={team} />
      </span>
    </Link>
  );
}

/** The 'Teams' drawer itself (loaded when it first opens: see teams-drawer.tsx). */
export function TeamsSheet({
  open,
  onOpenChange,
  currentHandle,
  onCreateTeam,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentHandle?: string;
  onCreateTeam: () => void;
}) {
  const { t } = useT();
  const teams = useMyTeams();
  const list = teams.data ?? [];
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('Teams')}>
      <div className="space-y-3">
        {teams.isPending ? (
          <LoadingState text={t('Loading...')} />
        ) : teams.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('Error: {{message}}', { message: t(errorMessage(teams.error, TEAM_FETCH_ERRORS.teams)) })}
          </p>
        ) : list.length === 0 ? (
          <p className="py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('No teams found')}</p>
        ) : (
          list.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              current={team.handle.toLowerCase() === currentHandle?.toLowerCase()}
              onPick={() => onOpenChange(false)}
            />
          ))
        )}
      </div>
      <Button
        variant="primary"
        className="mt-5 w-full"
        onClick={() => {
          onOpenChange(false);
          onCreateTeam();
        }}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('Create New Team')}
      </Button>
      <div className="mt-6">
        <DeletedTeamsSection onRestored={() => onOpenChange(false)} />
      </div>
    </Sheet>
  );
}
