import { Link, useLocation } from 'react-router';
import { Bookmark, MessagesSquare } from 'lucide-react';
import { useFollowedThreads, useFollowedThreadsLive } from '../threads/use-followed-threads';
import { useT } from '../i18n';
import { sidebarRow } from './sidebar-section';

/**
 * The sidebar's views across conversations (decision 0026): Threads, the threads I follow, with a
 * badge of how many have unread replies (live); Saved, my saved messages.
 */
export function SidebarViews() {
  const { t } = useT();
  const { pathname } = useLocation();
  const { unreadThreads } = useFollowedThreads();
  useFollowedThreadsLive();
  const here = (path: string) => pathname.toLowerCase() === path;
  return (
    <ul aria-label={t('Views')} className="space-y-0.5 px-3 pt-1">
      <li>
        <Link to="/threads" aria-current={here('/threads') ? 'page' : undefined} className={sidebarRow(here('/threads'))}>
          <MessagesSquare aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
          <span className="min-w-0 flex-1 truncate">{t('Threads')}</span>
          {unreadThreads > 0 && (
            <span
              data-testid="threads-badge"
              className="ms-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-[11px] font-semibold text-white tabular-nums dark:bg-indigo-500"
            >
              {unreadThreads > 99 ? '99+' : unreadThreads}
              <span className="sr-only"> {t('threads with unread replies', { count: unreadThreads })}</span>
            </span>
          )}
        </Link>
      </li>
      <li>
        <Link to="/saved" aria-current={here('/saved') ? 'page' : undefined} className={sidebarRow(here('/saved'))}>
          <Bookmark aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
          <span className="min-w-0 flex-1 truncate">{t('Saved')}</span>
        </Link>
      </li>
    </ul>
  );
}
