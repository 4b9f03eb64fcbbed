import { useState } from 'react';
import { UserRoundPen } from 'lucide-react';
import { useAuth } from '../auth/auth-context';
import { Modal } from '../teams/dialogs';
import { useMyProfile } from '../teams/team-queries';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { AvatarPicker } from './avatar-picker';
import { isUploadedAvatar, useMyAvatar } from './use-avatar-uploads';

/** Your own profile: the avatar everyone sees (upload, change, remove) beside your name. */
function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useAuth();
  const profile = useMyProfile();
  const actions = useMyAvatar();
  const agent = profile.data?.agent ?? user?.agent;
  const username = profile.data?.username ?? user?.username ?? '';
  const name = agent?.fullName || username;
  const src = agent?.avatarUrl ?? '';
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Profile" description="Your picture and name, as your teams see them.">
      <div className="space-y-5">
        <AvatarPicker name={name} src={src} removable={isUploadedAvatar(src)} onUpload={actions.upload} onRemove={actions.remove} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-500 dark:text-zinc-400">Name</dt>
          <dd className="truncate text-zinc-900 dark:text-zinc-100">{name}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">Username</dt>
          <dd className="truncate text-zinc-900 dark:text-zinc-100">@{username}</dd>
        </dl>
      </div>
    </Modal>
  );
}

/** The small "Profile" entry of the user badge: opens the dialog above. */
export function ProfileButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Profile"
        title="Profile"
        onClick={() => setOpen(true)}
        className={cn(
          'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
          focusRing,
          className,
        )}
      >
        <UserRoundPen aria-hidden="true" className="size-4" />
      </button>
      <ProfileDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
