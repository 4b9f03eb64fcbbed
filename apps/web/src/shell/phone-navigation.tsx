import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import { Brand } from '../auth/components/brand';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { lazyDialog } from '../ui/lazy-dialog';
import { iconButton } from './icon-button';

/**
 * The drawer's code (radix's dialog parts) loads when it first opens, when a finger or pointer
 * reaches the menu button, or once the page's first screen is in (the shell asks then).
 */
export const NavigationDrawer = lazyDialog(() => import('./navigation-drawer').then((m) => m.NavigationDrawer));

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
  const { t } = useT();
  const menuLabel = totalUnread > 0 ? t('Open navigation, {{count}} unread', { count: totalUnread }) : t('Open navigation');
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white px-2 dark:border-zinc-800 dark:bg-zinc-900">
      <button
        type="button"
        aria-label={menuLabel}
        title={t('Open navigation')}
        onClick={onOpenNavigation}
        onPointerEnter={NavigationDrawer.preload}
        onFocus={NavigationDrawer.preload}
        className={iconButton}
      >
        <Menu aria-hidden="true" className="size-5" />
        {totalUnread > 0 && (
          <span aria-hidden="true" className="absolute top-1.5 end-1.5 size-2.5 rounded-full bg-indigo-600 ring-2 ring-white dark:bg-indigo-400 dark:ring-zinc-900" />
        )}
      </button>
      <Link to="/" className={cn('min-w-0 rounded-lg', focusRing)}>
        <Brand />
      </Link>
    </header>
  );
}
