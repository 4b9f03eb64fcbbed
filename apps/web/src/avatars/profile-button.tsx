import { useState } from 'react';
import { UserRoundPen } from 'lucide-react';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { lazyDialog } from '../ui/lazy-dialog';

// The avatar picker and its upload code load when the dialog first opens: see ui/lazy-dialog.tsx.
const ProfileDialog = lazyDialog(() => import('./profile-dialog').then((m) => m.ProfileDialog));

/** The small "Profile" entry of the user badge: opens the dialog above. */
export function ProfileButton({ className }: { className?: string }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t('Profile')}
        title={t('Profile')}
        onClick={() => setOpen(true)}
        onPointerEnter={ProfileDialog.preload}
        onFocus={ProfileDialog.preload}
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
