import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/toast';
import { LogOut, MailWarning } from 'lucide-react';
import { AUTH_FORM_TEXTS } from '@agentroom/shared';
import { errorMessage } from '../../api/api-error';
import { useT } from '../../i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { Button } from '../../ui/button';
import { useAuth } from '../auth-context';
import { AuthLayout } from '../components/auth-layout';
import { ResendVerificationButton } from '../components/resend-verification-button';
import { StatusScreen } from '../components/status-screen';
import { StrongValue, VALUE_MARK } from '../components/strong-value';

/** What a signed-in but unverified user sees instead of any protected page. */
export function VerificationRequiredPage() {
  const { t } = useT();
  usePageTitle(t('Email Verification Required'));
  const auth = useAuth();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // The link may have been opened in another tab or on a phone: ask the server again.
  async function checkAgain() {
    setChecking(true);
    try {
      const user = await auth.refresh();
      if (!user.isVerified) toast.info(t('Your email is not verified yet.'), { description: t('Open the link in the email we sent you.') });
    } catch (error) {
      toast.error(errorMessage(error, AUTH_FORM_TEXTS.verificationCheckFailed));
    } finally {
      setChecking(false);
    }
  }

  async function signOut() {
    setSigningOut(true);
    await auth.logout();
    navigate('/auth/login', { replace: true });
  }

  return (
    <AuthLayout>
      <StatusScreen
        icon={MailWarning}
        tone="warning"
        title={t('Email Verification Required')}
        actions={
          <>
            <ResendVerificationButton />
            <Button variant="secondary" size="lg" onClick={checkAgain} loading={checking}>
              {t("I've Verified My Email")}
            </Button>
            <Button variant="ghost" size="lg" onClick={signOut} loading={signingOut}>
              {!signingOut && <LogOut aria-hidden="true" className="size-4" />}
              {t('Sign Out')}
            </Button>
          </>
        }
      >
        <p>
          <StrongValue
            sentence={t('Please verify your email address to continue. We sent a verification link to {{email}}.', { email: VALUE_MARK })}
            value={auth.user?.email ?? ''}
          />
        </p>
        <p className="rounded-lg bg-zinc-50 px-3 py-2 text-xs text-zinc-500 dark:bg-zinc-800/50 dark:text-zinc-400">
          {t("Can't find it? Check your spam or junk folder, or send a new link below.")}
        </p>
      </StatusScreen>
    </AuthLayout>
  );
}
