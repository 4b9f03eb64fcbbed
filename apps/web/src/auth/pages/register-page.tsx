import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { AUTH_ERRORS, GENERIC_ERRORS, type TRegisterRequest, type TErrorDetails } from '@agentroom/shared';
import { isApiError } from '../../api/api-error';
import { useT } from '../../i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField, TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { useAuth } from '../auth-context';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { OrSeparator, SsoButtons } from '../components/sso-buttons';
import { StatusScreen } from '../components/status-screen';
import { StrongValue, VALUE_MARK } from '../components/strong-value';
import { useNextPath, withNext } from '../next-path';
import { useSignInOptions } from '../sign-in-options';

const EMPTY = { firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;

interface Problems {
  /** Field → its first message. */
  fields: TErrorDetails;
  /** Fields in the order the form's rules (ZRegisterForm) reported them, so the first one leads. */
  order: string[];
  /** A message that belongs to no field (e.g. the server is down). */
  general?: string;
}

const NO_PROBLEMS: Problems = { fields: {}, order: [] };

const loadFormSchema = () => import('./register-form-schema');

export function RegisterPage() {
  const { t } = useT();
  usePageTitle(t('Register'));
  const { providers, passwordSignIn } = useSignInOptions();
  const auth = useAuth();
  // Registering from an invitation: the verification mail's link (and sign-in) lead back to it.
  const next = useNextPath();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);

  const register = useMutation({
    mutationFn: (input: TRegisterRequest) => auth.register(input),
    onError: (error) => {
      const details = isApiError(error) ? error.details : undefined;
      const fields = details ?? {};
      setProblems({ fields, order: Object.keys(fields), general: details ? undefined : error.message });
    },
  });

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    // An edited field's message is out of date; the rest stay until the next submit.
    if (problems.fields[field]) {
      const { [field]: _gone, ...rest } = problems.fields;
      setProblems((p) => ({ ...p, fields: rest }));
    }
  };

  function focusField(name: string | undefined) {
    const element = name ? form.current?.elements.namedItem(name) : null;
    if (element instanceof HTMLInputElement) element.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (register.isPending) return;
    let ZRegisterForm;
    try {
      ({ ZRegisterForm } = await loadFormSchema());
    } catch {
      // The rules' chunk did not arrive (offline): the same message as a failed request.
      setProblems({ fields: {}, order: [], general: t(GENERIC_ERRORS.network) });
      return;
    }
    const parsed = ZRegisterForm.safeParse(values);
    if (!parsed.success) {
      const fields: TErrorDetails = {};
      const order: string[] = [];
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? '_');
        if (fields[path]) continue;
        fields[path] = t(issue.message);
        order.push(path);
      }
      setProblems({ fields, order });
      focusField(order[0]);
      return;
    }
    setProblems(NO_PROBLEMS);
    const { confirmPassword: _confirm, ...input } = parsed.data;
    register.mutate(next ? { ...input, next } : input);
  }

  if (register.isSuccess) {
    return (
      <AuthLayout>
        <StatusScreen
          icon={CircleCheck}
          tone="success"
          title={t('Registration Successful!')}
          actions={
            <>
              <Button asChild size="lg">
                <Link to={withNext('/auth/login', next)}>{t('Go to Sign In')}</Link>
              </Button>
              <Button
                variant="secondary"
                size="lg"
                onClick={() => {
                  setValues(EMPTY);
                  register.reset();
                }}
              >
                {t('Register Another Account')}
              </Button>
            </>
          }
        >
          <p>
            <StrongValue sentence={t("We've sent a verification email to {{email}}.", { email: VALUE_MARK })} value={register.data.email} />
          </p>
          <ol className="mt-4 space-y-2 rounded-xl bg-zinc-50 p-4 text-start dark:bg-zinc-800/50">
            {[
              t('Open the email from Agentroom in your inbox.'),
              t('Click the verification link (it expires in 24 hours).'),
              t('Sign in and start chatting with your team.'),
            ].map((step, index) => (
              <li key={step} className="flex gap-3">
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-[11px] font-semibold text-white dark:bg-indigo-500">
                  {index + 1}
                </span>
                <span className="text-zinc-700 dark:text-zinc-300">{step}</span>
              </li>
            ))}
          </ol>
        </StatusScreen>
      </AuthLayout>
    );
  }

  const leading = problems.order.find((field) => problems.fields[field]);
  const summary = problems.general ?? (leading ? problems.fields[leading] : undefined);
  const busy = register.isPending;
  const common = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: set(field),
    error: problems.fields[field],
    disabled: busy,
  });

  return (
    <AuthLayout
      footer={
        <>
          {t('Already have an account?')} <TextLink to={withNext('/auth/login', next)}>{t('Sign in')}</TextLink>
        </>
      }
    >
      <AuthHeading title={t('Create your account')} subtitle={t('Join your team on Agentroom.')} />
      {!passwordSignIn && <p className="mb-5 text-sm text-zinc-600 dark:text-zinc-400">{t('Sign-up is through your company account.')}</p>}
      <SsoButtons providers={providers} next={next} />
      {passwordSignIn && providers.length > 0 && <OrSeparator />}
      {passwordSignIn && (
        <form ref={form} noValidate onSubmit={(event) => void submit(event)} onFocus={() => void loadFormSchema()} className="space-y-5">
          {summary && <Alert>{summary || t(AUTH_ERRORS.registrationFailed)}</Alert>}
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField label={t('First name')} optional autoComplete="given-name" {...common('firstName')} />
            <TextField label={t('Last name')} optional autoComplete="family-name" {...common('lastName')} />
          </div>
          <TextField
            label={t('Username')}
            required
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            hint={t('Letters, numbers, underscores and hyphens.')}
            {...common('username')}
          />
          <TextField label={t('Email')} type="email" required autoComplete="email" {...common('email')} />
          <PasswordField
            label={t('Password')}
            required
            autoComplete="new-password"
            hint={t('At least 8 characters, with a lowercase letter, an uppercase letter and a number.')}
            {...common('password')}
          />
          <PasswordField label={t('Confirm password')} required autoComplete="new-password" {...common('confirmPassword')} />
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            {t('Create Account')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
