import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useT } from '../i18n';
import { useInbox } from '../inbox/use-inbox';
import { useInboxLiveUpdates } from '../inbox/use-inbox-live-updates';
import { afterFirstScreen } from '../lib/first-screen';
import { useMediaQuery, WIDE_SCREEN } from '../lib/use-media-query';
import { setTitleUnreadCount } from '../lib/use-page-title';
import { RoomDialogsProvider } from '../rooms/room-dialogs';
import { useRoomsLiveUpdates } from '../rooms/use-rooms-live-updates';
import { useTeamsLiveUpdates } from './use-teams-live-updates';
import { TeamsDrawerProvider } from '../teams/teams-drawer';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { NavigationDrawer, PhoneHeader, useNavigationDrawer } from './phone-navigation';
import { Sidebar } from './sidebar';
import { useCurrentTeam } from './use-current-team';

/** The unread total in every page's title, '(3) Agentroom (beta) — …', until the shell goes away. */
function useUnreadInTitle(totalUnread: number) {
  useEffect(() => setTitleUnreadCount(totalUnread), [totalUnread]);
  useEffect(() => () => setTitleUnreadCount(0), []);
}

/**
 * The socket's updates of the conversation and room lists, in a component of their own: a change of
 * the connection (connecting, connected, a reconnect) re-renders this, not the whole shell.
 */
function LiveUpdates() {
  useInboxLiveUpdates();
  useRoomsLiveUpdates();
  useTeamsLiveUpdates();
  return null;
}

function PageLoading() {
  const { t } = useT();
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner label={t('Loading...')} className="size-5 text-indigo-600 dark:text-indigo-400" />
    </div>
  );
}

/**
 * Layout of every signed-in page: a sidebar beside the page on a wide screen, a header
 * and a drawer on a phone. Keeps the conversation and room lists live and the unread count in the title.
 */
export default function AppShell() {
  const { t } = useT();
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const currentTeam = useCurrentTeam();
  const { totalUnread } = useInbox();
  const drawer = useNavigationDrawer();
  useUnreadInTitle(totalUnread);
  // On a phone the drawer is the way around: its code comes once the first screen is in.
  useEffect(() => {
    if (!wide) void afterFirstScreen().then(NavigationDrawer.preload);
  }, [wide]);

  const page = (
    <main className="min-h-0 min-w-0 flex-1 overflow-y-auto">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
  // One tree at every width, so the page (an open chat, a half-typed message) survives a resize: only
  // what sits beside it changes, a sidebar on a wide screen, a header and a drawer on a phone.
  return (
    <TeamsDrawerProvider currentHandle={currentTeam.team?.handle}>
      <RoomDialogsProvider team={currentTeam.team}>
        <LiveUpdates />
        <div className={cn('flex h-dvh bg-zinc-50 dark:bg-zinc-950', wide ? 'flex-row' : 'flex-col')}>
          {wide ? (
            <aside aria-label={t('Sidebar')} className="w-72 shrink-0 border-e border-zinc-200 dark:border-zinc-800">
              <Sidebar currentTeam={currentTeam} />
            </aside>
          ) : (
            <PhoneHeader totalUnread={totalUnread} onOpenNavigation={() => drawer.setOpen(true)} />
          )}
          {page}
          {!wide && <NavigationDrawer open={drawer.open} onOpenChange={drawer.setOpen} currentTeam={currentTeam} />}
        </div>
      </RoomDialogsProvider>
    </TeamsDrawerProvider>
  );
}
