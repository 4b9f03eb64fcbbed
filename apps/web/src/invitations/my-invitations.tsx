import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Mail } from 'lucide-react';
import type { TMyInvitation } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { invitationApi } from '../api/invitation-api';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { myTeamsKey } from '../teams/use-my-teams';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

const myInvitationsKey = (userId: string | undefined) => ['invitations', 'mine', userId] as const;

const daysUntil = (iso: string) => Math.ceil((Date.parse(iso) - Date.now()) / 86_400_000);

function InvitationCard({ invitation }: { invitation: TMyInvitation }) {
  const { t } = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const join = useMutation({
    mutationFn: () => invitationApi.acceptById(invitation.id),
    onSuccess: async ({ team }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myTeamsKey(user?.id) }),
        queryClient.invalidateQueries({ queryKey: myInvitationsKey(user?.id) }),
      ]);
      navigate(`/t/${encodeURIComponent(team.handle)}`);
    },
  });
  const inviter = invitation.invitedBy;
  const days = daysUntil(invitation.expiresAt);
  return (
    <li data-testid="invitation" className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-zinc-900 dark:text-zinc-50">{invitation.team.name}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {inviter ? t('{{name}} (@{{username}}) invited you', { name: inviter.fullName, username: inviter.username }) : t('You were invited')} ·{' '}
            {days <= 1 ? t('Expires within a day') : t('Expires in {{count}} days', { count: days })}
          </p>
        </div>
        <Button
          variant="secondary"
          loading={join.isPending || join.isSuccess}
          onClick={() => join.mutate()}
          aria-label={t('Join {{team}}', { team: invitation.team.name })}
        >
          {t('Join')}
        </Button>
      </div>
      {join.isError && <Alert className="mt-3">{errorMessage(join.error, t('Could not join the team. Please try again.'))}</Alert>}
    </li>
  );
}

/** Pending invitations addressed to my email, each with Join (POST /invitations/:id/accept). */
export function MyInvitations() {
  const { t } = useT();
  const { user } = useAuth();
  const invitations = useQuery({ queryKey: myInvitationsKey(user?.id), queryFn: invitationApi.mine, enabled: !!user });
  let body;
  if (invitations.isPending) body = <Spinner label={t('Loading invitations...')} className="size-5 text-indigo-600 dark:text-indigo-400" />;
  else if (invitations.isError) body = <Alert>{errorMessage(invitations.error, t('Could not load your invitations.'))}</Alert>;
  else if (invitations.data.length === 0)
    body = (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        {user?.email ? t('No invitations yet. When a team invites {{email}}, it shows up here.', { email: user.email }) : t('No invitations yet. When a team invites you, it shows up here.')}
      </p>
    );
  else
    body = (
      <ul className="space-y-3">
        {invitations.data.map((invitation) => (
          <InvitationCard key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="my-invitations" className="space-y-3">
      <h2 id="my-invitations" className="flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        <Mail aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
        {t('Invitations')}
      </h2>
      {body}
    </section>
  );
}
