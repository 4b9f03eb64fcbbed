import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_PAGE_TEXTS, ZDeleteAccountRequest, type TDeleteAccountRequest } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/text-field';
import { accountApi } from './account-api';
import { AccountPageHeading } from './account-page-heading';
import { useAccountForm } from './use-account-form';

/**
 * /account/delete: the password confirms it (or, for whoever does not know it, the mailed link opens
 * this page with `?token=`). A sole owner of a team is refused, and the server's message names the teams.
 */
export default function DeleteAccountPage() {
  const { t } = useT();
  const token = useSearchParams()[0].get('token')?.trim() || undefined;
  const auth = useAuth();
  const navigate = useNavigate();
  const form = useAccountForm({ password: '' });
  const [failure, setFailure] = useState<string>();
  const remove = useMutation({
    mutationFn: (body: TDeleteAccountRequest) => accountApi.deleteAccount(body),
    onSuccess: async () => {
      // The server ended every session already; this ends the local one.
      await auth.logout();
      navigate('/auth/login', { replace: true });
    },
    onError: (error) => setFailure(form.failed(error, t(ACCOUNT_PAGE_TEXTS.deleteFailed))),
  });
  const link = useMutation({ mutationFn: accountApi.sendDeleteAccountLink });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (token) return remove.mutate({ token });
    const data = form.validate(ZDeleteAccountRequest);
    if (data) remove.mutate(data);
  }

  return (
    <>
      <AccountPageHeading title={t(ACCOUNT_PAGE_TEXTS.sections.delete)}>{t(ACCOUNT_PAGE_TEXTS.deleteIntro)}</AccountPageHeading>
      <form noValidate onSubmit={submit} className="max-w-md space-y-4">
        <Alert tone="info">{t(ACCOUNT_PAGE_TEXTS.deleteOwnerHint)}</Alert>
        {failure && <Alert>{failure}</Alert>}
        {token ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t(ACCOUNT_PAGE_TEXTS.deleteWithToken)}</p>
        ) : (
          <PasswordField label={t(ACCOUNT_PAGE_TEXTS.deletePasswordLabel)} name="password" autoComplete="current-password" required value={form.values.password} onChange={form.set('password')} error={form.fields.password} />
        )}
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          {t(ACCOUNT_PAGE_TEXTS.deleteButton)}
        </Button>
      </form>
      {!token && (
        <div className="mt-6 max-w-md space-y-2">
          {link.isSuccess ? (
            <Alert tone="success">{t(ACCOUNT_PAGE_TEXTS.deleteLinkSent)}</Alert>
          ) : (
            <Button variant="ghost" onClick={() => link.mutate()} disabled={link.isPending}>
              {t(ACCOUNT_PAGE_TEXTS.deleteWithLink)}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
