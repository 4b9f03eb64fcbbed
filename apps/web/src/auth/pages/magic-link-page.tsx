import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { AUTH_ERRORS, MAGIC_LINK_REDIRECT_MS, VALIDATION } from '@agentroom/shared';
import { errorMessage } from '../../api/api-error';
import { fullPageLoad } from '../../lib/full-page-load';
import { useT } from '../../i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { useRunOnce } from '../../lib/use-run-once';
import { Button } from '../../ui/button';
import { useAuth } from '../auth-context';
import { AuthLayout } from '../components/auth-layout';
import { StatusScreen } from '../components/status-screen';
import { useNextPath } from '../next-path';

/** /auth/magic-link?token[&next]: signs in with the emailed one-time link, then starts the app at `next` or '/'. */
export function MagicLinkPage() {
  const { t } = useT();
  usePageTitle(t('Magic Link Sign In'));
  const token = useSearchParams()[0].get('token')?.trim() || null;
  const auth = useAuth();
  const target = useNextPath() ?? '/';
  const verify = useMutation({ mutationFn: (value: string) => auth.verifyMagicLink(value) });
  useRunOnce(token, () => token && verify.mutate(token));

  useEffect(() => {
    if (!verify.isSuccess) return;
    const timer = setTimeout(() => fullPageLoad(target), MAGIC_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verify.isSuccess, target]);

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <AuthLayout>
        <StatusScreen icon={LoaderCircle} spin tone="info" title={t('Signing you in...')}>
          <p>{t('Checking your magic link.')}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  if (verify.isSuccess) {
    const name = verify.data.firstName || verify.data.username;
    return (
      <AuthLayout>
        <StatusScreen icon={CircleCheck} tone="success" title={t('Welcome Back!')}>
          <p>{t('Good to see you, {{name}}. Taking you to your workspace...', { name })}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  const error = token ? verify.error : new Error(t(VALIDATION.noMagicLinkToken));
  return (
    <AuthLayout>
      <StatusScreen
        icon={CircleX}
        tone="error"
        title={t('Login Failed')}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/login">{t('Sign In with Password')}</Link>
            </Button>
            <Button asChild variant="ghost" size="lg">
              <Link to="/">{t('Go Home')}</Link>
            </Button>
          </>
        }
      >
        <p role="alert">{errorMessage(error, AUTH_ERRORS.magicLinkFailed)}</p>
      </StatusScreen>
    </AuthLayout>
  );
}
