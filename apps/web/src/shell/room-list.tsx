import { Link } from 'react-router';
import { Compass, Lock, Plus } from 'lucide-react';
import type { TConversation, TRoom, TTeam } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { ROOM_FALLBACKS } from '../api/room-api';
import { useT } from '../i18n';
import { useInbox } from '../inbox/use-inbox';
import { roomPath } from '../lib/app-paths';
import { CreateRoomDialog } from '../rooms/lazy-room-dialogs';
import { useRoomDialogs } from '../rooms/room-dialogs';
import { useTeamRooms } from '../rooms/room-queries';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { UnreadBadge } from './conversation-row';
import { SidebarNote, SidebarSection, sidebarRow } from './sidebar-section';
import { isOpenRoom, useShellLocation } from './use-shell-location';

/** Unread @mentions of me, apart from the unread count ('@2'). */
function MentionBadge({ count }: { count: number }) {
  const { t } = useT();
  return (
    <span
      data-testid="mention-badge"
      className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-amber-500 px-1.5 text-[11px] font-semibold text-white tabular-nums dark:bg-amber-400 dark:text-zinc-950"
    >
      @{count > 99 ? '99+' : count}
      <span className="sr-only"> {t('mentions', { count })}</span>
    </span>
  );
}

function RoomRow({ room, conversation, current }: { room: TRoom; conversation: TConversation | undefined; current: boolean }) {
  const { t } = useT();
  // The inbox is patched live by the socket (new messages, my seen marker): its counts win over the list's.
  // A muted room: no unread count nor bold, its @mentions of me still show.
  const unread = conversation?.muted ? 0 : (conversation?.unreadCount ?? room.unreadCount);
  const mentions = conversation?.unreadMentions ?? 0;
  return (
    <Link
      to={roomPath(room.team.handle, room.name)}
      aria-current={current ? 'page' : undefined}
      data-testid="room"
      className={sidebarRow(current)}
    >
      <span aria-hidden="true" className="w-4 shrink-0 text-center text-zinc-400 dark:text-zinc-500">
        #
      </span>
      <span className={cn('truncate', unread > 0 && 'font-semibold text-zinc-900 dark:text-zinc-50')}>
        <span className="sr-only"># </span>
        {room.name}
      </span>
      {room.isPrivate && (
        <Lock role="img" aria-label={t('Private')} className="size-3 shrink-0 text-zinc-400 dark:text-zinc-500" />
      )}
      <span className="ms-auto flex shrink-0 items-center gap-1">
        {mentions > 0 && <MentionBadge count={mentions} />}
        {unread > 0 && <UnreadBadge count={unread} />}
      </span>
    </Link>
  );
}

const smallButton = cn(
  'inline-flex size-6 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-50',
  focusRing,
  'focus-visible:ring-offset-0',
);

/**
 * The current team's rooms I am in (# name, unread and mention badges, the open one current), '+' to
 * create one and 'Browse rooms' for the open rooms I could join.
 */
export function RoomList({ team }: { team: TTeam }) {
  const { t } = useT();
  const rooms = useTeamRooms(team.handle);
  const inbox = useInbox();
  const location = useShellLocation();
  const dialogs = useRoomDialogs();

  const mine = rooms.data?.filter((room) => room.isMember) ?? [];
  const byId = new Map(inbox.conversations.map((c) => [c.id, c]));
  let body;
  if (rooms.isPending) body = <SidebarNote>{t('Loading rooms...')}</SidebarNote>;
  else if (rooms.isError)
    body = (
      <SidebarNote tone="error">
        {t('Error: {{message}}', { message: t(errorMessage(rooms.error, ROOM_FALLBACKS.rooms)) })}{' '}
        <button type="button" onClick={() => rooms.refetch()} className="font-medium underline underline-offset-2">
          {t('Try again')}
        </button>
      </SidebarNote>
    );
  else if (mine.length === 0) body = <SidebarNote>{t('You are not in any room yet.')}</SidebarNote>;
  else
    body = (
      <ul className="space-y-px">
        {mine.map((room) => (
          <li key={room.id}>
            <RoomRow room={room} conversation={byId.get(room.id)} current={isOpenRoom(location, team.handle, room.name)} />
          </li>
        ))}
      </ul>
    );

  return (
    <SidebarSection
      title={t('Rooms')}
      action={
        <button
          type="button"
          aria-label={t('Create room')}
          title={t('Create room')}
          onClick={dialogs.openCreate}
          onPointerEnter={CreateRoomDialog.preload}
          onFocus={CreateRoomDialog.preload}
          className={smallButton}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      }
    >
      {body}
      <button type="button" onClick={dialogs.openBrowse} className={cn(sidebarRow(false), 'w-full text-zinc-500 dark:text-zinc-400')}>
        <Compass aria-hidden="true" className="size-4 shrink-0" />
        {t('Browse rooms')}
      </button>
    </SidebarSection>
  );
}
