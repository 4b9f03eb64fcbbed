import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { Switch } from 'radix-ui';
import { AUTH_FORM_TEXTS, VALIDATION } from '@agentroom/shared';
import { errorMessage } from '../../api/api-error';
import { fullPageLoad } from '../../lib/full-page-load';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField, TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { useAuth } from '../auth-context';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { StatusScreen } from '../components/status-screen';
import { useNextPath, withNext } from '../next-path';

type Mode = 'password' | 'magic' | 'sent';


export function LoginPage() {
  usePageTitle('Sign In');
  const auth = useAuth();
  // The protected page first asked for, or an invitation being answered; else '/'.
  const next = useNextPath();
  const target = next ?? '/';
  const [mode, setMode] = useState<Mode>('password');
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
      errors.identifier = mode === 'magic' ? VALIDATION.magicLinkIdentifierRequired : AUTH_FORM_TEXTS.identifierRequired;
    if (mode === 'password' && !password) errors.password = VALIDATION.passwordRequired;
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
          title="Check your email"
          actions={
            <Button variant="secondary" size="lg" onClick={() => switchMode(false)}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to login
            </Button>
          }
        >
          <p>
            If an account matches <strong className="font-medium text-zinc-900 dark:text-zinc-100">{identifier.trim()}</strong>,
            we&apos;ve sent a sign-in link to its email address.
          </p>
          <p>The link expires in 15 minutes and works once.</p>
        </StatusScreen>
      </AuthLayout>
    );
  }

  const serverError = active.error ? errorMessage(active.error, 'Login failed') : null;
  const firstFieldError = fieldErrors.identifier ?? fieldErrors.password;

  return (
    <AuthLayout
      footer={
        <>
          Don&apos;t have an account? <TextLink to={withNext('/auth/register', next)}>Create an account</TextLink>
        </>
      }
    >
      <AuthHeading
        title="Sign in to Agentroom"
        subtitle={mode === 'magic' ? 'We will email you a one-time sign-in link.' : 'Welcome back. Sign in to continue to your team.'}
      />
      <form noValidate onSubmit={submit} className="space-y-5">
        {(serverError || firstFieldError) && <Alert>{serverError ?? firstFieldError}</Alert>}
        <TextField
          label="Username or email"
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
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password}
            disabled={busy}
            labelAside={
              <TextLink to="/auth/forgot-password" className="text-sm">
                Forgot password?
              </TextLink>
            }
          />
        )}
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
            Use magic link
          </label>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {mode === 'magic' ? 'Send Magic Link' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
