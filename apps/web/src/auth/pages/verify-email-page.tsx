import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import { AUTH_ERRORS, VALIDATION } from '@agentroom/shared';
import { errorMessage, isApiError } from '../../api/api-error';
import { useT } from '../../i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { useRunOnce } from '../../lib/use-run-once';
import { Button } from '../../ui/button';
import { useAuth } from '../auth-context';
import { AuthLayout } from '../components/auth-layout';
import { ResendVerificationButton } from '../components/resend-verification-button';
import { StatusScreen } from '../components/status-screen';
import { isExpiredLinkError } from '../link-errors';
import { useNextPath, withNext } from '../next-path';

/** The way on from a verified address: back where the mail's link was asked for (an invitation), or in. */
function WayOn({ signedIn, next }: { signedIn: boolean; next: string | undefined }) {
  const { t } = useT();
  if (!signedIn)
    return (
      <Button asChild size="lg">
        <Link to={withNext('/auth/login', next)}>{t('Continue to Sign In')}</Link>
      </Button>
    );
  return (
    <>
      {next && (
        <Button asChild size="lg">
          <Link to={next}>{next.startsWith('/invite') ? t('Back to the invitation') : t('Continue')}</Link>
        </Button>
      )}
      <Button asChild size="lg" variant={next ? 'secondary' : 'primary'}>
        <Link to="/">{t('Go to Dashboard')}</Link>
      </Button>
    </>
  );
}

/** /auth/verify-email?token: posts the emailed token (a mail scanner's GET consumes nothing). */
export function VerifyEmailPage() {
  const { t } = useT();
  usePageTitle(t('Verify Email'));
  const token = useSearchParams()[0].get('token')?.trim() || null;
  const auth = useAuth();
  const next = useNextPath();
  const verify = useMutation({ mutationFn: (value: string) => auth.verifyEmail(value) });
  useRunOnce(token, () => token && verify.mutate(token));

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <AuthLayout>
        <StatusScreen icon={LoaderCircle} spin tone="info" title={t('Verifying your email...')}>
          <p>{t('This only takes a moment.')}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthLayout>
        <StatusScreen
          icon={CircleCheck}
          tone="success"
          title={t('Email Verified!')}
          actions={<WayOn signedIn={auth.isAuthenticated} next={next} />}
        >
          <p>{t("Your email address is confirmed. You're all set to chat with your team.")}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  const error = token ? verify.error : new Error(t(VALIDATION.noVerificationToken));
  // A link used before: the address is verified already, so the way on is in, not another link.
  if (isApiError(error) && error.message === t(AUTH_ERRORS.verificationLinkAlreadyUsed)) {
    return (
      <AuthLayout>
        <StatusScreen
          icon={CircleCheck}
          tone="success"
          title={t('Email Already Verified')}
          actions={<WayOn signedIn={auth.isAuthenticated} next={next} />}
        >
          <p>{t(AUTH_ERRORS.verificationLinkAlreadyUsed)}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }
  const expired = isExpiredLinkError(error);
  const resend = auth.isLoading ? null : auth.isAuthenticated && !auth.isEmailVerified ? (
    <ResendVerificationButton next={next} />
  ) : auth.isAuthenticated ? (
    <Button asChild size="lg">
      <Link to="/">{t('Go to Dashboard')}</Link>
    </Button>
  ) : (
    <Button asChild size="lg">
      <Link to={withNext('/auth/login', next)}>{t('Sign In to Resend')}</Link>
    </Button>
  );

  return (
    <AuthLayout>
      <StatusScreen
        icon={expired ? Clock : CircleX}
        tone={expired ? 'warning' : 'error'}
        title={expired ? t('Link Expired') : t('Verification Failed')}
        actions={resend}
      >
        <p role="alert">{errorMessage(error, AUTH_ERRORS.emailVerificationFailed)}</p>
        {!auth.isAuthenticated && !auth.isLoading && <p>{t('Sign in to get a new verification link.')}</p>}
      </StatusScreen>
    </AuthLayout>
  );
}
