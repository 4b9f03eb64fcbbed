import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { AUTH_ERRORS, GENERIC_ERRORS, type TRegisterRequest, type TErrorDetails } from '@agentroom/shared';
import { isApiError } from '../../api/api-error';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField, TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { useAuth } from '../auth-context';
import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { StatusScreen } from '../components/status-screen';
import { useNextPath, withNext } from '../next-path';

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
  usePageTitle('Register');
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
      setProblems({ fields: {}, order: [], general: GENERIC_ERRORS.network });
      return;
    }
    const parsed = ZRegisterForm.safeParse(values);
    if (!parsed.success) {
      const fields: TErrorDetails = {};
      const order: string[] = [];
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? '_');
        if (fields[path]) continue;
        fields[path] = issue.message;
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
          title="Registration Successful!"
          actions={
            <>
              <Button asChild size="lg">
                <Link to={withNext('/auth/login', next)}>Go to Sign In</Link>
              </Button>
              <Button
                variant="secondary"
                size="lg"
                onClick={() => {
                  setValues(EMPTY);
                  register.reset();
                }}
              >
                Register Another Account
              </Button>
            </>
          }
        >
          <p>
            We&apos;ve sent a verification email to{' '}
            <strong className="font-medium text-zinc-900 dark:text-zinc-100">{register.data.email}</strong>.
          </p>
          <ol className="mt-4 space-y-2 rounded-xl bg-zinc-50 p-4 text-start dark:bg-zinc-800/50">
            {[
              'Open the email from Agentroom in your inbox.',
              'Click the verification link (it expires in 24 hours).',
              'Sign in and start chatting with your team.',
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
          Already have an account? <TextLink to={withNext('/auth/login', next)}>Sign in</TextLink>
        </>
      }
    >
      <AuthHeading title="Create your account" subtitle="Join your team on Agentroom." />
      <form ref={form} noValidate onSubmit={(event) => void submit(event)} onFocus={() => void loadFormSchema()} className="space-y-5">
        {summary && <Alert>{summary || AUTH_ERRORS.registrationFailed}</Alert>}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField label="First name" optional autoComplete="given-name" {...common('firstName')} />
          <TextField label="Last name" optional autoComplete="family-name" {...common('lastName')} />
        </div>
        <TextField
          label="Username"
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="Letters, numbers, underscores and hyphens."
          {...common('username')}
        />
        <TextField label="Email" type="email" required autoComplete="email" {...common('email')} />
        <PasswordField
          label="Password"
          required
          autoComplete="new-password"
          hint="At least 8 characters, with a lowercase letter, an uppercase letter and a number."
          {...common('password')}
        />
        <PasswordField label="Confirm password" required autoComplete="new-password" {...common('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          Create Account
        </Button>
      </form>
    </AuthLayout>
  );
}
