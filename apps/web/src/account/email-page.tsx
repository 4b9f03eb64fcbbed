import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_PAGE_TEXTS, ACCOUNT_TEXTS, ZChangeEmailRequest } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PasswordField, TextField } from '../ui/text-field';
import { accountApi } from './account-api';
import { AccountPageHeading } from './account-page-heading';
import { useAccountForm } from './use-account-form';

/** /account/email: a confirmation link goes to the new address; the current one stays until it is opened. */
export default function EmailPage() {
  const { t, tf } = useT();
  const { user } = useAuth();
  const form = useAccountForm({ newEmail: '', currentPassword: '' });
  const [sentTo, setSentTo] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const change = useMutation({
    mutationFn: accountApi.requestEmailChange,
    onSuccess: (_sent, body) => {
      setSentTo(body.newEmail);
      form.reset();
    },
    onError: (error) => setFailure(form.failed(error, t(ACCOUNT_PAGE_TEXTS.emailFailed))),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setSentTo(undefined);
    const data = form.validate(ZChangeEmailRequest);
    if (data) change.mutate(data);
  }

  return (
    <>
      <AccountPageHeading title={t(ACCOUNT_PAGE_TEXTS.sections.email)}>{t(ACCOUNT_PAGE_TEXTS.emailIntro)}</AccountPageHeading>
      <dl className="mb-5 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">{t(ACCOUNT_PAGE_TEXTS.currentEmail)}</dt>
        <dd className="font-medium break-all text-zinc-900 dark:text-zinc-100">{user?.email}</dd>
      </dl>
      <form noValidate onSubmit={submit} className="max-w-md space-y-4">
        {sentTo && <Alert tone="success">{tf(ACCOUNT_TEXTS.emailChangeSent, sentTo)}</Alert>}
        {failure && <Alert>{failure}</Alert>}
        <TextField label={t(ACCOUNT_PAGE_TEXTS.newEmail)} name="newEmail" type="email" autoComplete="email" required value={form.values.newEmail} onChange={form.set('newEmail')} error={form.fields.newEmail} />
        <PasswordField label={t(ACCOUNT_PAGE_TEXTS.currentPassword)} name="currentPassword" autoComplete="current-password" required value={form.values.currentPassword} onChange={form.set('currentPassword')} error={form.fields.currentPassword} />
        <Button type="submit" disabled={change.isPending}>
          {t(ACCOUNT_PAGE_TEXTS.sendEmailLink)}
        </Button>
      </form>
    </>
  );
}
