import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { isSafeNextPath } from '@agentroom/shared';
import { useT } from '../../i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { useRunOnce } from '../../lib/use-run-once';
import { useAuth } from '../auth-context';
import { AuthLayout } from '../components/auth-layout';
import { StatusScreen } from '../components/status-screen';

/** Where a failed exchange sends the person: the sign-in page, saying the provider's sign-in expired. */
const FAILED = '/auth/login?sso_error=code_rejected';

/** `#ticket=…&next=…` as the API's callback wrote it (a fragment never reaches a server or a log). */
function readFragment(): { ticket: string | null; next: string | undefined } {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const next = params.get('next');
  return { ticket: params.get('ticket')?.trim() || null, next: isSafeNextPath(next) ? next : undefined };
}

/**
 * /auth/sso#ticket=…: the end of a provider's sign-in. Trades the one-time ticket for a session (stored
 * like a password sign-in's) and goes on to `next`, a path of this app, or home.
 */
export function SsoPage() {
  const { t } = useT();
  usePageTitle(t('Signing you in…'));
  const auth = useAuth();
  const navigate = useNavigate();
  const [{ ticket, next }] = useState(readFragment);

  // The ticket leaves the address bar at once: not in history, not in a copied link.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);

  const exchange = useMutation({
    mutationFn: (value: string) => auth.signInWithSsoTicket(value),
    onSuccess: () => navigate(next ?? '/', { replace: true }),
    onError: () => navigate(FAILED, { replace: true }),
  });
  useRunOnce(ticket, () => ticket && exchange.mutate(ticket));

  if (!ticket) return <Navigate to={FAILED} replace />;
  return (
    <AuthLayout>
      <StatusScreen icon={LoaderCircle} spin tone="info" title={t('Signing you in…')} />
    </AuthLayout>
  );
}
