import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, LoaderCircle, Users } from 'lucide-react';
import { errorMessage } from '../api/api-error';
import { invitationApi } from '../api/invitation-api';
import { useAuth } from '../auth/auth-context';
import { AuthLayout } from '../auth/components/auth-layout';
import { ResendVerificationButton } from '../auth/components/resend-verification-button';
import { withNext } from '../auth/next-path';
import { StatusScreen } from '../auth/components/status-screen';
import { useT } from '../i18n';
import { fullPageLoad } from '../lib/full-page-load';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from '../ui/button';

/**
 * /invite?token: shows which team invites and whether the link still works. Opening the page spends
 * nothing (a mail scanner's GET is harmless); joining is the button's POST.
 */
export function InvitePage() {
  const { t } = useT();
  usePageTitle(t('Team Invitation'));
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const auth = useAuth();
  const link = useQuery({ queryKey: ['invitation-link', token], queryFn: () => invitationApi.describeLink(token), enabled: !!token, retry: false });
  const join = useMutation({
    mutationFn: () => invitationApi.accept(token),
    // A full load, so the drawer and sockets start with the new team.
    onSuccess: (result) => fullPageLoad(`/t/${encodeURIComponent(result.team.handle)}`),
  });
  const here = `/invite?token=${encodeURIComponent(token)}`;

  if (token && (link.isPending || auth.isLoading)) {
    return (
      <AuthLayout>
        <StatusScreen icon={LoaderCircle} spin tone="info" title={t('Opening your invitation...')} />
      </AuthLayout>
    );
  }

  // A dead link is no dead end for someone signed in: their workspace is one click away.
  const backToWorkspace = auth.isAuthenticated ? (
    <Button asChild size="lg" variant="secondary">
      <Link to="/">{t('Go to my teams')}</Link>
    </Button>
  ) : undefined;

  const status = link.data?.status ?? 'invalid';
  const team = link.data?.team;
  if (!token || link.isError || status === 'invalid' || !team) {
    return (
      <AuthLayout>
        <StatusScreen icon={CircleX} tone="error" title={t('Invitation not valid')} actions={backToWorkspace}>
          <p role="alert">{link.isError ? errorMessage(link.error, t('Could not open the invitation.')) : t('This invitation link is invalid or was replaced by a newer one.')}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }
  if (status !== 'valid') {
    const expired = status === 'expired';
    return (
      <AuthLayout>
        <StatusScreen
          icon={expired ? Clock : CircleCheck}
          tone="warning"
          title={expired ? t('Invitation expired') : t('Invitation already used')}
          actions={backToWorkspace}
        >
          <p role="alert">
            {expired
              ? t('Ask an admin of {{team}} for a new invitation.', { team: team.name })
              : t('This link to {{team}} has been used. Ask an admin of the team for a new one.', { team: team.name })}
          </p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  // Signing in, registering and the mails they send all come back here (`next`) to join.
  const actions = !auth.isAuthenticated ? (
    <div className="flex flex-wrap justify-center gap-3">
      <Button asChild size="lg">
        <Link to={withNext('/auth/login', here)}>{t('Sign in to join')}</Link>
      </Button>
      <Button asChild size="lg" variant="secondary">
        <Link to={withNext('/auth/register', here)}>{t('Register to join')}</Link>
      </Button>
    </div>
  ) : auth.isEmailVerified ? (
    <Button size="lg" loading={join.isPending || join.isSuccess} onClick={() => join.mutate()}>
      {t('Join team')}
    </Button>
  ) : (
    <ResendVerificationButton next={here} />
  );
  return (
    <AuthLayout>
      <StatusScreen icon={Users} tone="info" title={t('Join {{team}}', { team: team.name })} actions={actions}>
        <p>{t('You have been invited to the team {{team}} (/t/{{handle}}).', { team: team.name, handle: team.handle })}</p>
        {join.isError && <p role="alert">{errorMessage(join.error, t('Could not join the team. Please try again.'))}</p>}
        {auth.isAuthenticated && !auth.isEmailVerified && (
          <p>{t('Verify your email address first: the link in the mail brings you back here to join.')}</p>
        )}
      </StatusScreen>
    </AuthLayout>
  );
}
