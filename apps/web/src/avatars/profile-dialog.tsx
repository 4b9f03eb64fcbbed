import { Link } from 'react-router';
import { ACCOUNT_PAGE_TEXTS } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useMyProfile } from '../people/use-my-profile';
import { useT } from '../i18n';
import { Modal } from '../ui/dialogs';
import { AvatarPicker } from './avatar-picker';
import { isUploadedAvatar, useMyAvatar } from './use-avatar-uploads';

/** Your own profile: the avatar everyone sees (upload, change, remove) beside your name. */
export function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const { user } = useAuth();
  const profile = useMyProfile();
  const actions = useMyAvatar();
  const agent = profile.data?.agent ?? user?.agent;
  const username = profile.data?.username ?? user?.username ?? '';
  const name = agent?.fullName || username;
  const src = agent?.avatarUrl ?? '';
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('Profile')} description={t('Your picture and name, as your teams see them.')}>
      <div className="space-y-5">
        <AvatarPicker name={name} src={src} removable={isUploadedAvatar(src)} onUpload={actions.upload} onRemove={actions.remove} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-500 dark:text-zinc-400">{t('Name')}</dt>
          <dd className="truncate text-zinc-900 dark:text-zinc-100">{name}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">{t('Username')}</dt>
          <dd className="truncate text-zinc-900 dark:text-zinc-100"><bdi>@{username}</bdi></dd>
        </dl>
        <Link
          to="/account/profile"
          onClick={() => onOpenChange(false)}
          className="inline-block text-sm font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400"
        >
          {t(ACCOUNT_PAGE_TEXTS.editProfileLink)}
        </Link>
      </div>
    </Modal>
  );
}
