import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useT } from '../i18n';
import { cn } from '../ui/cn';
import { iconButton } from './icon-button';
import { Sidebar } from './sidebar';
import type { CurrentTeam } from './use-current-team';

/** The sidebar as a drawer from the inline start, the left (right-to-left: the right; Radix Dialog: focus trap, Escape, labelled 'Navigation'). */
export function NavigationDrawer({
  open,
  onOpenChange,
  currentTeam,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentTeam: CurrentTeam;
}) {
  const { t } = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          aria-describedby={undefined}
          // Slides in from the inline start: from the left, and from the right when the page reads right to left.
          className={cn(
            'fixed inset-y-0 start-0 z-50 w-[min(20rem,calc(100vw-3rem))] border-e border-zinc-200 shadow-2xl outline-none dark:border-zinc-800',
            'transition-transform duration-200 ease-out motion-reduce:transition-none ltr:starting:-translate-x-full rtl:starting:translate-x-full',
          )}
        >
          <Dialog.Title className="sr-only">{t('Navigation')}</Dialog.Title>
          <Sidebar
            currentTeam={currentTeam}
            headerAction={
              <Dialog.Close aria-label={t('Close navigation')} title={t('Close navigation')} className={iconButton}>
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
