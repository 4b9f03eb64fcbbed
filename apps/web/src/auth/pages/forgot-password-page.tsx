import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { AUTH_ERRORS, ZSendResetRequest } from '@agentroom/shared';
import { errorMessage } from '../../api/api-error';
import { useT } from '../../i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { useAuth } from '../auth-context';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { StatusScreen } from '../components/status-screen';

export function ForgotPasswordPage() {
  const { t } = useT();
  usePageTitle(t('Forgot Password'));
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const send = useMutation({ mutationFn: (address: string) => auth.sendPasswordReset(address) });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending || !email.trim()) return;
    const parsed = ZSendResetRequest.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setFieldError(message && t(message));
      return;
    }
    setFieldError(undefined);
    send.mutate(parsed.data.email);
  }

  if (send.isSuccess) {
    return (
      <AuthLayout>
        <StatusScreen
          icon={MailCheck}
          tone="info"
          title={t('Check Your Email')}
          actions={
            <>
              <Button variant="secondary" size="lg" onClick={() => send.reset()}>
                {t('Try Different Email')}
              </Button>
              <Button asChild variant="ghost" size="lg">
                <Link to="/auth/login">
                  <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                  {t('Back to Sign In')}
                </Link>
              </Button>
            </>
          }
        >
          <p>{t("If an account with {{email}} exists, we've sent a password reset link.", { email: send.variables })}</p>
          <p>{t("The link expires in 1 hour. Check your spam folder if it doesn't arrive in a few minutes.")}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  const problem = fieldError ?? (send.error ? errorMessage(send.error, AUTH_ERRORS.sendResetFailed) : undefined);
  return (
    <AuthLayout
      footer={
        <>
          {t('Remembered it?')} <TextLink to="/auth/login">{t('Back to sign in')}</TextLink>
        </>
      }
    >
      <AuthHeading title={t('Forgot your password?')} subtitle={t("Enter your email and we'll send you a link to reset it.")} />
      <form noValidate onSubmit={submit} className="space-y-5">
        {problem && <Alert>{problem}</Alert>}
        <TextField
          label={t('Email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          disabled={send.isPending}
        />
        <Button type="submit" size="lg" className="w-full" loading={send.isPending} disabled={!email.trim()}>
          {t('Send Reset Link')}
        </Button>
      </form>
    </AuthLayout>
  );
}
