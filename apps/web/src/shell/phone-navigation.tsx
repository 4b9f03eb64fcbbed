import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { Brand } from '../auth/components/brand';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { Sidebar } from './sidebar';
import type { CurrentTeam } from './use-current-team';

const iconButton = cn(
  'relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
  focusRing,
);

/**
 * Whether the phone drawer is open. It is open "at" a location, so any navigation (a conversation,
 * a team, a new team) closes it without an effect.
 */
export function useNavigationDrawer() {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  return { open: openAt === location.key, setOpen: (open: boolean) => setOpenAt(open ? location.key : null) };
}

/** Below the wide breakpoint: the way home and the button that opens the sidebar as a drawer. */
export function PhoneHeader({ totalUnread, onOpenNavigation }: { totalUnread: number; onOpenNavigation: () => void }) {
  const menuLabel = totalUnread > 0 ? `Open navigation, ${totalUnread} unread` : 'Open navigation';
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white px-2 dark:border-zinc-800 dark:bg-zinc-900">
      <button type="button" aria-label={menuLabel} title="Open navigation" onClick={onOpenNavigation} className={iconButton}>
        <Menu aria-hidden="true" className="size-5" />
        {totalUnread > 0 && (
          <span aria-hidden="true" className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-indigo-600 ring-2 ring-white dark:bg-indigo-400 dark:ring-zinc-900" />
        )}
      </button>
      <Link to="/" className={cn('min-w-0 rounded-lg', focusRing)}>
        <Brand />
      </Link>
    </header>
  );
}

/** The sidebar as a drawer from the left (Radix Dialog: focus trap, Escape, labelled 'Navigation'). */
export function NavigationDrawer({
  open,
  onOpenChange,
  currentTeam,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentTeam: CurrentTeam;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-[min(20rem,calc(100vw-3rem))] border-r border-zinc-200 shadow-2xl outline-none dark:border-zinc-800"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Sidebar
            currentTeam={currentTeam}
            headerAction={
              <Dialog.Close aria-label="Close navigation" title="Close navigation" className={iconButton}>
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
