import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_PAGE_TEXTS, ZUpdateProfileRequest, type TAgent } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { AvatarPicker } from '../avatars/avatar-picker';
import { isUploadedAvatar, useMyAvatar } from '../avatars/use-avatar-uploads';
import { useMyProfile } from '../people/use-my-profile';
import { applyAgentUpdate } from '../realtime/agent-cache';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { useT } from '../i18n';
import { accountApi } from './account-api';
import { AccountPageHeading } from './account-page-heading';
import { LanguageSetting } from './language-setting';
import { useAccountForm } from './use-account-form';

type Editable = Pick<TAgent, 'firstName' | 'middleName' | 'lastName' | 'role'>;

/** The names and role, starting from what is saved. */
function ProfileForm({ agent }: { agent: Editable }) {
  const { t } = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const form = useAccountForm({ firstName: agent.firstName, middleName: agent.middleName, lastName: agent.lastName, role: agent.role });
  // English texts (a server's message or ours), translated when shown: a language change reaches them too.
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const save = useMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: async (saved) => {
      applyAgentUpdate(queryClient, saved.agent);
      await queryClient.invalidateQueries({ queryKey: ['users', user?.id] });
      setMessage({ tone: 'success', text: ACCOUNT_PAGE_TEXTS.profileSaved });
    },
    onError: (error) => {
      const text = form.failed(error, ACCOUNT_PAGE_TEXTS.profileFailed);
      setMessage(text ? { tone: 'error', text } : undefined);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    const data = form.validate(ZUpdateProfileRequest);
    if (data) save.mutate(data);
  }

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-4">
      {message && <Alert tone={message.tone}>{t(message.text)}</Alert>}
      <TextField label={t('First name')} name="firstName" autoComplete="given-name" value={form.values.firstName} onChange={form.set('firstName')} error={form.fields.firstName} />
      <TextField label={t('Middle name')} name="middleName" autoComplete="additional-name" optional value={form.values.middleName} onChange={form.set('middleName')} error={form.fields.middleName} />
      <TextField label={t('Last name')} name="lastName" autoComplete="family-name" value={form.values.lastName} onChange={form.set('lastName')} error={form.fields.lastName} />
      <TextField label={t('Role')} name="role" hint={t('Shown under your name on cards, e.g. Designer')} value={form.values.role} onChange={form.set('role')} error={form.fields.role} />
      <Button type="submit" disabled={save.isPending}>
        {t('Save profile')}
      </Button>
    </form>
  );
}

/** /account/profile: picture, names and the role shown on cards (saved, every card of you follows); the language. */
export default function ProfilePage() {
  const { t } = useT();
  const { user } = useAuth();
  const profile = useMyProfile();
  const avatar = useMyAvatar();
  const agent = profile.data?.agent ?? user?.agent;
  const username = profile.data?.username ?? user?.username ?? '';
  const name = agent?.fullName || username;
  const src = agent?.avatarUrl ?? '';
  return (
    <>
      <AccountPageHeading title={t(ACCOUNT_PAGE_TEXTS.sections.profile)}>{t(ACCOUNT_PAGE_TEXTS.profileIntro)}</AccountPageHeading>
      <div className="space-y-6">
        <AvatarPicker name={name} src={src} removable={isUploadedAvatar(src)} onUpload={avatar.upload} onRemove={avatar.remove} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <bdi>@{username}</bdi>
        </p>
        {agent && <ProfileForm key={agent.id} agent={agent} />}
        {user && <LanguageSetting key={user.id} />}
      </div>
    </>
  );
}
