import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../ui/toast';
import { Mail, Send, X } from 'lucide-react';
import { ZCreateInvitationRequest, type TErrorDetails } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { invitationApi } from '../api/invitation-api';
import { useAuth } from '../auth/auth-context';
import { useLanguage, useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { TextField } from '../ui/text-field';

// Keys of t() (their translations are in the workspace catalogs), named once.
const INVITE_FAILED = 'Could not send the invitation. Please try again.';
const REVOKE_FAILED = 'Could not revoke the invitation.';
const sectionTitle = 'flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100';

const invitationsKey = (userId: string | undefined, handle: string) => ['invitations', userId, handle.toLowerCase()];

/** The team's pending invitations (managers only: others are never asked). */
export function usePendingInvitations(handle: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({ queryKey: invitationsKey(user?.id, handle), queryFn: () => invitationApi.pending(handle), enabled: !!user && enabled });
}

/** Managers of a team: invite someone by email, see the pending invitations, revoke one. */
export function TeamInvitationsSection({ handle }: { handle: string }) {
  const { t } = useT();
  const language = useLanguage();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = invitationsKey(user?.id, handle);
  const pending = usePendingInvitations(handle);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const invite = useMutation({ mutationFn: (email: string) => invitationApi.invite(handle, { email }), onSuccess: refresh });
  const revoke = useMutation({ mutationFn: (id: string) => invitationApi.revoke(handle, id), onSuccess: refresh });
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<TErrorDetails>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(ZCreateInvitationRequest, { email });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      const sent = await invite.mutateAsync(checked.data.email);
      toast.success(t('Invitation sent to {{email}}', { email: sent.email }));
      setEmail('');
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(Object.keys(fields).length ? fields : { email: t(errorMessage(error, INVITE_FAILED)) });
    }
  };

  return (
    <section className="space-y-3">
      <h3 className={sectionTitle}>
        <Mail aria-hidden="true" className="size-4" /> {t('Invite by email')}
      </h3>
      <form onSubmit={submit} noValidate aria-label={t('Invite by email')}>
        <TextField
          label={t('Email address')}
          type="email"
          placeholder="colleague@example.com"
          value={email}
          error={errors.email}
          hint={t('They get a link to join; it works once and expires in 7 days.')}
          onChange={(e) => setEmail(e.target.value)}
          action={
            <Button type="submit" loading={invite.isPending}>
              <Send aria-hidden="true" className="size-4" />
              {t('Invite')}
            </Button>
          }
        />
      </form>
      {revoke.isError && <Alert>{t(errorMessage(revoke.error, REVOKE_FAILED))}</Alert>}
      {pending.data && pending.data.length > 0 && (
        <ul aria-label={t('Pending invitations')} className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {pending.data.map((invitation) => (
            <li key={invitation.id} className="flex items-center gap-3 px-3 py-2.5">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium" title={invitation.email}>
                  {invitation.email}
                </span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                  {invitation.invitedBy ? `${t('Invited by @{{username}}', { username: invitation.invitedBy })} · ` : ''}
                  {t('expires {{date}}', { date: new Date(invitation.expiresAt).toLocaleDateString(language) })}
                </span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                loading={revoke.isPending && revoke.variables === invitation.id}
                onClick={() => revoke.mutate(invitation.id)}
                aria-label={t('Revoke the invitation to {{email}}', { email: invitation.email })}
              >
                <X aria-hidden="true" className="size-3.5" />
                {/* On a phone the cross alone (it keeps its label): the address gets the room. */}
                <span className="hidden sm:inline">{t('Revoke')}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
