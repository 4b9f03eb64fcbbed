import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useInbox } from '../inbox/use-inbox';
import { useInboxLiveUpdates } from '../inbox/use-inbox-live-updates';
import { useMediaQuery, WIDE_SCREEN } from '../lib/use-media-query';
import { setTitleUnreadCount } from '../lib/use-page-title';
import { Spinner } from '../ui/spinner';
import { PhoneLayout } from './phone-layout';
import { Sidebar } from './sidebar';

/** The unread total in every page's title, '(3) Agentroom (beta) — …', until the shell goes away. */
function useUnreadInTitle(totalUnread: number) {
  useEffect(() => setTitleUnreadCount(totalUnread), [totalUnread]);
  useEffect(() => () => setTitleUnreadCount(0), []);
}

function PageLoading() {
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner label="Loading..." className="size-5 text-indigo-600 dark:text-indigo-400" />
    </div>
  );
}

/**
 * Layout of every signed-in page (DESIGN §8): a sidebar beside the page on a wide screen, a header
 * and a drawer on a phone. Keeps the conversation list live and the unread count in the title.
 */
export default function AppShell() {
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const { totalUnread } = useInbox();
  useInboxLiveUpdates();
  useUnreadInTitle(totalUnread);

  const page = (
    <main className="min-h-0 min-w-0 flex-1 overflow-y-auto">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
  if (!wide) return <PhoneLayout totalUnread={totalUnread}>{page}</PhoneLayout>;
  return (
    <div className="flex h-dvh bg-zinc-50 dark:bg-zinc-950">
      <aside aria-label="Sidebar" className="w-72 shrink-0 border-r border-zinc-200 dark:border-zinc-800">
        <Sidebar />
      </aside>
      {page}
    </div>
  );
}
