import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../auth/components/brand';
import { SignOutButton } from '../auth/components/sign-out-button';
import { SearchButton } from '../search/search-button';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { ConversationList } from './conversation-list';
import { RoomList } from './room-list';
import { SidebarViews } from './sidebar-views';
import { TeamRoster } from './team-roster';
import { TeamSwitcher } from './team-switcher';
import type { CurrentTeam } from './use-current-team';
import { UserBadge } from './user-badge';

/**
 * The app shell's sidebar, the same on a wide screen and in the phone drawer: the way home, the team
 * switcher, message search (Ctrl+K), Threads and Saved, the current team's rooms, people and AI agents, my 1:1 conversations, and me at the foot.
 * `headerAction` is the drawer's close button on a phone.
 */
export function Sidebar({ currentTeam, headerAction }: { currentTeam: CurrentTeam; headerAction?: ReactNode }) {
  const { t } = useT();
  return (
    <div className="flex h-full flex-col bg-white dark:bg-zinc-900">
      <div className="flex h-14 shrink-0 items-center justify-between gap-2 px-4">
        <Link to="/" className={cn('rounded-lg', focusRing)}>
          <Brand />
        </Link>
        {headerAction}
      </div>
      <div className="shrink-0 px-3 pb-2">
        <SearchButton className="w-full justify-start text-zinc-500 dark:text-zinc-400" />
      </div>
      <nav aria-label={t('Workspace')} className="min-h-0 flex-1 overflow-y-auto overscroll-contain pb-4">
        <SidebarViews />
        <TeamSwitcher currentTeam={currentTeam} />
        {currentTeam.team && <RoomList team={currentTeam.team} />}
        {currentTeam.team && <TeamRoster team={currentTeam.team} />}
        <ConversationList />
      </nav>
      <div className="flex shrink-0 items-end gap-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <UserBadge className="flex-1" />
        <SignOutButton iconOnly />
      </div>
    </div>
  );
}
