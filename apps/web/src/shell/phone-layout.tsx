import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { Brand } from '../auth/components/brand';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { Sidebar } from './sidebar';

const iconButton = cn(
  'relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
  focusRing,
);

/**
 * Below the wide breakpoint: a header with the button that opens the sidebar as a drawer from the
 * left (Radix Dialog: focus trap, Escape, labelled). The drawer closes by itself on navigation.
 */
export function PhoneLayout({ totalUnread, children }: { totalUnread: number; children: ReactNode }) {
  const location = useLocation();
  // Open "at" a location: any navigation (a conversation, a team, a new team) closes it, without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const menuLabel = totalUnread > 0 ? `Open navigation, ${totalUnread} unread` : 'Open navigation';
  return (
    <div className="flex h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white px-2 dark:border-zinc-800 dark:bg-zinc-900">
        <button type="button" aria-label={menuLabel} title="Open navigation" onClick={() => setOpenAt(location.key)} className={iconButton}>
          <Menu aria-hidden="true" className="size-5" />
          {totalUnread > 0 && (
            <span aria-hidden="true" className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-indigo-600 ring-2 ring-white dark:bg-indigo-400 dark:ring-zinc-900" />
          )}
        </button>
        <Link to="/" className={cn('min-w-0 rounded-lg', focusRing)}>
          <Brand />
        </Link>
      </header>
      {children}
      <Dialog.Root open={open} onOpenChange={(next) => setOpenAt(next ? location.key : null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-[2px]" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-[min(20rem,calc(100vw-3rem))] border-r border-zinc-200 shadow-2xl outline-none dark:border-zinc-800"
          >
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <Sidebar
              headerAction={
                <Dialog.Close aria-label="Close navigation" title="Close navigation" className={iconButton}>
                  <X aria-hidden="true" className="size-5" />
                </Dialog.Close>
              }
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
