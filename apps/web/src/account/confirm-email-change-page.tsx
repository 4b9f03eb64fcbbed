import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { ACCOUNT_PAGE_TEXTS, ACCOUNT_TEXTS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { accountApi } from './account-api';
import { usePageTitle } from '../lib/use-page-title';
import { useRunOnce } from '../lib/use-run-once';
import { Button } from '../ui/button';
import { useAuth } from '../auth/auth-context';
import { AuthLayout } from '../auth/components/auth-layout';
import { StatusScreen } from '../auth/components/status-screen';

/**
 * /auth/confirm-email-change?token: posts the token mailed to the new address (a mail scanner's GET
 * changes nothing). Works signed in or not: the link's reader owns the new mailbox.
 */
export function ConfirmEmailChangePage() {
  const { t } = useT();
  usePageTitle(t(ACCOUNT_PAGE_TEXTS.confirmEmailTitle));
  const token = useSearchParams()[0].get('token')?.trim() || null;
  const auth = useAuth();
  const confirm = useMutation({
    mutationFn: accountApi.confirmEmailChange,
    // A signed-in tab shows the new address at once.
    onSuccess: () => (auth.isAuthenticated ? auth.refresh().catch(() => undefined) : undefined),
  });
  useRunOnce(token, () => token && confirm.mutate(token));
  const wayOn = (
    <Button asChild size="lg">
      {auth.isAuthenticated ? <Link to="/account/email">{t(ACCOUNT_PAGE_TEXTS.backToAccount)}</Link> : <Link to="/auth/login">{t('Continue to Sign In')}</Link>}
    </Button>
  );

  if (token && (confirm.isIdle || confirm.isPending)) {
    return (
      <AuthLayout>
        <StatusScreen icon={LoaderCircle} spin tone="info" title={t(ACCOUNT_PAGE_TEXTS.confirmEmailTitle)}>
          <p>{t(ACCOUNT_PAGE_TEXTS.confirmingEmail)}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthLayout>
        <StatusScreen icon={CircleCheck} tone="success" title={t(ACCOUNT_PAGE_TEXTS.emailConfirmedTitle)} actions={wayOn}>
          <p>{t(ACCOUNT_TEXTS.emailChanged)}</p>
          <p className="font-medium break-all">{confirm.data.email}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <StatusScreen icon={CircleX} tone="error" title={t(ACCOUNT_PAGE_TEXTS.emailChangeFailedTitle)} actions={wayOn}>
        <p>{token ? errorMessage(confirm.error, t(ACCOUNT_TEXTS.emailChangeLinkInvalid)) : t(ACCOUNT_TEXTS.emailChangeLinkInvalid)}</p>
      </StatusScreen>
    </AuthLayout>
  );
}
