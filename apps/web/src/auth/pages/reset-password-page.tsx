import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { AUTH_ERRORS, ERROR_CODE, RESET_REDIRECT_MS, ZResetPasswordForm } from '@agentroom/shared';
import { errorMessage, isApiError } from '../../api/api-error';
import { authApi } from '../../api/auth-api';
import { useT } from '../../i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { useAuth } from '../auth-context';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { StatusScreen } from '../components/status-screen';
import { isExpiredLinkError } from '../link-errors';

type Fields = { password?: string; confirmPassword?: string };

export function ResetPasswordPage() {
  const { t } = useT();
  usePageTitle(t('Reset Password'));
  const token = useSearchParams()[0].get('token')?.trim() || null;
  const auth = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [fields, setFields] = useState<Fields>({});
  const [first, setFirst] = useState<string>();
  const reset = useMutation({ mutationFn: (password: string) => auth.resetPassword(token ?? '', password) });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/auth/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  // A used, replaced or unknown link says so at once, not after the password is typed twice.
  // If the check itself fails (offline), the form stays and the reset answers for itself.
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => authApi.checkResetLink(token ?? ''),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
  const deadLink = !token || (!reset.isSuccess && (link.data === 'invalid' || link.data === 'expired'));

  if (deadLink) {
    return (
      <AuthLayout>
        <StatusScreen
          icon={CircleX}
          tone="error"
          title={t('Invalid Reset Link')}
          actions={
            <>
              <Button asChild size="lg">
                <Link to="/auth/forgot-password">{t('Request New Reset Link')}</Link>
              </Button>
              <Button asChild variant="ghost" size="lg">
                <Link to="/auth/login">{t('Back to Sign In')}</Link>
              </Button>
            </>
          }
        >
          <p>{t(link.data === 'expired' ? AUTH_ERRORS.resetLinkExpired : AUTH_ERRORS.invalidResetLinkLong)}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout>
        <StatusScreen
          icon={CircleCheck}
          tone="success"
          title={t('Password Reset Successful')}
          actions={
            <Button asChild size="lg">
              <Link to="/auth/login" replace>
                {t('Sign In Now')}
              </Link>
            </Button>
          }
        >
          <p>{t('Your password has been changed. Redirecting you to sign in...')}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reset.isPending) return;
    const parsed = ZResetPasswordForm.safeParse(values);
    if (!parsed.success) {
      const next: Fields = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= t(issue.message);
      }
      setFields(next);
      const message = parsed.error.issues[0]?.message;
      setFirst(message && t(message));
      return;
    }
    setFields({});
    setFirst(undefined);
    reset.mutate(values.password);
  }

  const serverDetail = isApiError(reset.error) ? reset.error.details?.newPassword : undefined;
  const serverError = reset.error ? errorMessage(reset.error, AUTH_ERRORS.passwordResetFailed) : undefined;
  // A used or expired link cannot be fixed on this form: offer a fresh one.
  const linkProblem =
    isApiError(reset.error) && (reset.error.code === ERROR_CODE.TOKEN_INVALID || isExpiredLinkError(reset.error));
  const summary = first ?? serverError;

  return (
    <AuthLayout
      footer={
        <>
          {t('Remembered it?')} <TextLink to="/auth/login">{t('Back to sign in')}</TextLink>
        </>
      }
    >
      <AuthHeading title={t('Set a new password')} subtitle={t("Choose a password you don't use anywhere else.")} />
      <form noValidate onSubmit={submit} className="space-y-5">
        {summary && (
          <Alert>
            {summary}
            {linkProblem && !first && (
              <>
                {' '}
                <TextLink to="/auth/forgot-password">{t('Request a new link')}</TextLink>
              </>
            )}
          </Alert>
        )}
        <PasswordField
          label={t('New password')}
          name="password"
          autoComplete="new-password"
          required
          hint={t('At least 8 characters, with a lowercase letter, an uppercase letter and a number.')}
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          error={fields.password ?? serverDetail}
          disabled={reset.isPending}
        />
        <PasswordField
          label={t('Confirm new password')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
          error={fields.confirmPassword}
          disabled={reset.isPending}
        />
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          {t('Reset Password')}
        </Button>
      </form>
    </AuthLayout>
  );
}
