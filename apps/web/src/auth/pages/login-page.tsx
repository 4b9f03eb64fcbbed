import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { Switch } from 'radix-ui';
import { AUTH_ERRORS, AUTH_FORM_TEXTS, VALIDATION } from '@agentroom/shared';
import { errorMessage } from '../../api/api-error';
import { useT } from '../../i18n';
import { fullPageLoad } from '../../lib/full-page-load';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField, TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { useAuth } from '../auth-context';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { OrSeparator, SsoButtons } from '../components/sso-buttons';
import { SsoLinkBanner } from '../components/sso-link-banner';
import { StatusScreen } from '../components/status-screen';
import { StrongValue, VALUE_MARK } from '../components/strong-value';
import { useNextPath, withNext } from '../next-path';
import { useSignInOptions } from '../sign-in-options';
import { ssoErrorMessage } from '../sso-errors';

type Mode = 'password' | 'magic' | 'sent';

export function LoginPage() {
  const { t } = useT();
  usePageTitle(t('Sign In'));
  const auth = useAuth();
  const [params] = useSearchParams();
  const ssoError = params.get('sso_error');
  const { providers, passwordSignIn } = useSignInOptions();
  // The protected page first asked for, or an invitation being answered; else '/'.
  const next = useNextPath();
  const target = next ?? '/';
  const [chosenMode, setMode] = useState<Mode>('password');
  // Without passwords (the company's provider only), a magic link is how an existing account proves itself.
  const mode: Mode = chosenMode === 'password' && !passwordSignIn ? 'magic' : chosenMode;
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ identifier?: string; password?: string }>({});

  const login = useMutation({
    mutationFn: () => auth.login(identifier, password),
    // A full load, so the app starts fresh as the signed-in user on the page they asked for.
    onSuccess: () => fullPageLoad(target),
  });
  const magicLink = useMutation({
    mutationFn: () => (next ? auth.sendMagicLink(identifier, next) : auth.sendMagicLink(identifier)),
    onSuccess: () => setMode('sent'),
  });
  const active = mode === 'magic' ? magicLink : login;
  const busy = active.isPending || login.isSuccess;

  function switchMode(magic: boolean) {
    setMode(magic ? 'magic' : 'password');
    setFieldErrors({});
    login.reset();
    magicLink.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const errors: typeof fieldErrors = {};
    if (!identifier.trim())
      errors.identifier = t(mode === 'magic' ? VALIDATION.magicLinkIdentifierRequired : AUTH_FORM_TEXTS.identifierRequired);
    if (mode === 'password' && !password) errors.password = t(VALIDATION.passwordRequired);
    setFieldErrors(errors);
    if (errors.identifier || errors.password) return;
    active.mutate();
  }

  if (mode === 'sent') {
    return (
      <AuthLayout>
        <StatusScreen
          icon={MailCheck}
          tone="info"
          title={t('Check your email')}
          actions={
            <Button variant="secondary" size="lg" onClick={() => switchMode(false)}>
              <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('Back to login')}
            </Button>
          }
        >
          <p>
            <StrongValue
              sentence={t("If an account matches {{identifier}}, we've sent a sign-in link to its email address.", { identifier: VALUE_MARK })}
              value={identifier.trim()}
            />
          </p>
          <p>{t('The link expires in 15 minutes and works once.')}</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  const serverError = active.error ? errorMessage(active.error, AUTH_ERRORS.loginFailed) : null;
  const firstFieldError = fieldErrors.identifier ?? fieldErrors.password;

  return (
    <AuthLayout
      footer={
        <>
          {t("Don't have an account?")} <TextLink to={withNext('/auth/register', next)}>{t('Create an account')}</TextLink>
        </>
      }
    >
      <AuthHeading
        title={t('Sign in to Agentroom')}
        subtitle={mode === 'magic' ? t('We will email you a one-time sign-in link.') : t('Welcome back. Sign in to continue to your team.')}
      />
      {params.get('sso_link') === '1' && <SsoLinkBanner />}
      {ssoError && !active.error && <Alert className="mb-5">{ssoErrorMessage(ssoError)}</Alert>}
      <SsoButtons providers={providers} next={next} />
      {providers.length > 0 && <OrSeparator />}
      <form noValidate onSubmit={submit} className="space-y-5">
        {(serverError || firstFieldError) && <Alert>{serverError ?? firstFieldError}</Alert>}
        <TextField
          label={t('Username or email')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          error={fieldErrors.identifier}
          disabled={busy}
        />
        {mode === 'password' && (
          <PasswordField
            label={t('Password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password}
            disabled={busy}
            labelAside={
              <TextLink to="/auth/forgot-password" className="text-sm">
                {t('Forgot password?')}
              </TextLink>
            }
          />
        )}
        {passwordSignIn && (
          <div className="flex items-center gap-3">
            <Switch.Root
              id="use-magic-link"
              checked={mode === 'magic'}
              onCheckedChange={switchMode}
              disabled={busy}
              className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-zinc-300 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-60 data-[state=checked]:bg-indigo-600 dark:bg-zinc-700 dark:focus-visible:ring-offset-zinc-900 dark:data-[state=checked]:bg-indigo-500"
            >
              <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[18px] rtl:data-[state=checked]:-translate-x-[18px] rtl:-translate-x-0.5" />
            </Switch.Root>
            <label htmlFor="use-magic-link" className="text-sm text-zinc-700 select-none dark:text-zinc-300">
              {t('Use magic link')}
            </label>
          </div>
        )}
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {mode === 'magic' ? t('Send Magic Link') : t('Sign In')}
        </Button>
      </form>
    </AuthLayout>
  );
}
