import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_PAGE_TEXTS, ACCOUNT_TEXTS, ZChangePasswordForm } from '@agentroom/shared';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/text-field';
import { accountApi } from './account-api';
import { AccountPageHeading } from './account-page-heading';
import { SESSIONS_KEY } from './use-sessions';
import { useAccountForm } from './use-account-form';

/** /account/password: the current password, then the new one twice. Every other session is signed out. */
export default function PasswordPage() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const form = useAccountForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();
  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: () => {
      setDone(true);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => setFailure(form.failed(error, t(ACCOUNT_PAGE_TEXTS.passwordFailed))),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setDone(false);
    const data = form.validate(ZChangePasswordForm);
    if (data) change.mutate({ currentPassword: data.currentPassword, newPassword: data.newPassword });
  }

  return (
    <>
      <AccountPageHeading title={t(ACCOUNT_PAGE_TEXTS.sections.password)}>{t(ACCOUNT_PAGE_TEXTS.passwordIntro)}</AccountPageHeading>
      <form noValidate onSubmit={submit} className="max-w-md space-y-4">
        {done && <Alert tone="success">{t(ACCOUNT_TEXTS.passwordChanged)}</Alert>}
        {failure && <Alert>{failure}</Alert>}
        <PasswordField label={t(ACCOUNT_PAGE_TEXTS.currentPassword)} name="currentPassword" autoComplete="current-password" required value={form.values.currentPassword} onChange={form.set('currentPassword')} error={form.fields.currentPassword} />
        <PasswordField
          label={t(ACCOUNT_PAGE_TEXTS.newPassword)}
          name="newPassword"
          autoComplete="new-password"
          required
          hint={t('At least 8 characters, with a lowercase letter, an uppercase letter and a number.')}
          value={form.values.newPassword}
          onChange={form.set('newPassword')}
          error={form.fields.newPassword}
        />
        <PasswordField label={t(ACCOUNT_PAGE_TEXTS.confirmPassword)} name="confirmPassword" autoComplete="new-password" required value={form.values.confirmPassword} onChange={form.set('confirmPassword')} error={form.fields.confirmPassword} />
        <Button type="submit" disabled={change.isPending}>
          {t(ACCOUNT_PAGE_TEXTS.changePassword)}
        </Button>
      </form>
    </>
  );
}
