import { useState } from 'react';
import { Link } from 'react-router';
import { Hash, Lock, Plus } from 'lucide-react';
import type { TTeam } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { ROOM_FALLBACKS } from '../api/room-api';
import { useT } from '../i18n';
import { roomPath } from '../lib/app-paths';
import { CreateRoomDialog } from '../rooms/lazy-room-dialogs';
import { useTeamRooms } from '../rooms/room-queries';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';

/** The team's rooms I can see, each a link, and a new one. */
export function TeamRoomsSection({ team }: { team: TTeam }) {
  const { t } = useT();
  const rooms = useTeamRooms(team.handle);
  const [creating, setCreating] = useState(false);
  return (
    <div className="space-y-3">
      {rooms.isPending ? (
        <LoadingState text={t('Loading rooms...')} />
      ) : rooms.isError ? (
        <ErrorState message={errorMessage(rooms.error, ROOM_FALLBACKS.rooms)}>
          <Button variant="secondary" onClick={() => rooms.refetch()}>
            {t('Try again')}
          </Button>
        </ErrorState>
      ) : (
        <ul aria-label={t('Rooms')} className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {rooms.data.map((room) => (
            <li key={room.id}>
              <Link to={roomPath(team.handle, room.name)} className="flex items-center gap-3 px-3 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-900">
                {room.isPrivate ? <Lock aria-hidden="true" className="size-4 text-zinc-400" /> : <Hash aria-hidden="true" className="size-4 text-zinc-400" />}
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{room.name}</span>
                  {room.topic && <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{room.topic}</span>}
                </span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  {t('{{count}} members', { count: room.memberCount })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={() => setCreating(true)} onPointerEnter={CreateRoomDialog.preload}>
        <Plus aria-hidden="true" className="size-4" />
        {t('Create a room')}
      </Button>
      <CreateRoomDialog team={team} open={creating} onOpenChange={setCreating} />
    </div>
  );
}
