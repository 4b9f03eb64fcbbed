import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { NOTIFICATION_MESSAGES, NOTIFICATION_TEXTS as T } from '@agentroom/shared';
import { errorMessage, isApiError } from '../api/api-error';
import { notificationApi } from '../api/notification-api';
import { AuthLayout } from '../auth/components/auth-layout';
import { StatusScreen } from '../auth/components/status-screen';
import { usePageTitle } from '../lib/use-page-title';
import { useRunOnce } from '../lib/use-run-once';
import { Button } from '../ui/button';
import { useT } from '../i18n';

/**
 * /notifications/unsubscribe?token: the unread-messages email's link. Opening it turns those emails
 * off at once, signed in or not (the token is the credential), and says so with a way into the app.
 */
export function UnsubscribePage() {
  const { t } = useT();
  usePageTitle(t(T.unsubscribePageTitle));
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const unsubscribe = useMutation({ mutationFn: () => notificationApi.unsubscribe(token) });
  useRunOnce(token || null, () => unsubscribe.mutate());

  const goToApp = (
    <Button asChild size="lg" variant={unsubscribe.isSuccess ? 'primary' : 'secondary'}>
      <Link to="/">{t(T.goToApp)}</Link>
    </Button>
  );

  if (!token || (unsubscribe.isError && isApiError(unsubscribe.error) && unsubscribe.error.status === 400))
    return (
      <AuthLayout>
        <StatusScreen icon={CircleX} tone="error" title={t(T.unsubscribeFailedTitle)} actions={goToApp}>
          <p role="alert">{token ? errorMessage(unsubscribe.error, NOTIFICATION_MESSAGES.invalidUnsubscribeLink) : t(NOTIFICATION_MESSAGES.invalidUnsubscribeLink)}</p>
        </StatusScreen>
      </AuthLayout>
    );
  if (unsubscribe.isError)
    return (
      <AuthLayout>
        <StatusScreen
          icon={CircleX}
          tone="error"
          title={t(T.unsubscribeFailedTitle)}
          actions={
            <>
              <Button size="lg" onClick={() => unsubscribe.mutate()}>
                {t(T.tryAgain)}
              </Button>
              {goToApp}
            </>
          }
        >
          <p role="alert">{errorMessage(unsubscribe.error, T.unsubscribeFailed)}</p>
        </StatusScreen>
      </AuthLayout>
    );
  if (unsubscribe.isSuccess)
    return (
      <AuthLayout>
        <StatusScreen icon={CircleCheck} tone="success" title={t(T.unsubscribedTitle)} actions={goToApp}>
          <p>{t(T.unsubscribedBody)}</p>
        </StatusScreen>
      </AuthLayout>
    );
  return (
    <AuthLayout>
      <StatusScreen icon={LoaderCircle} spin tone="info" title={t(T.unsubscribing)} />
    </AuthLayout>
  );
}
