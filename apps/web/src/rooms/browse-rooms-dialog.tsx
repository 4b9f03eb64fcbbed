import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TRoom, TTeam } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { ROOM_FALLBACKS, roomApi } from '../api/room-api';
import { roomPath } from '../lib/app-paths';
import { Modal } from '../ui/dialogs';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useT } from '../i18n';
import { useInvalidateRooms, useTeamRooms } from './room-queries';

function OpenRoom({ room, onOpened }: { room: TRoom; onOpened: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const invalidate = useInvalidateRooms();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string>();
  const join = async () => {
    setJoining(true);
    setError(undefined);
    try {
      await roomApi.join(room.team.handle, room.name);
      void invalidate();
      onOpened();
      navigate(roomPath(room.team.handle, room.name));
    } catch (failure) {
      setError(errorMessage(failure, ROOM_FALLBACKS.join));
      setJoining(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
      <div className="min-w-0 flex-1">
        <Link
          to={roomPath(room.team.handle, room.name)}
          onClick={onOpened}
          className="text-sm font-medium text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-50"
        >
          # {room.name}
        </Link>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {t('{{count}} members', { count: room.memberCount })}
          {room.topic && ` · ${room.topic}`}
        </p>
        {error && <p role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">{t('Error: {{error}}', { error })}</p>}
      </div>
      <Button size="sm" variant="secondary" loading={joining} onClick={join} aria-label={t('Join # {{room}}', { room: room.name })}>
        {t('Join')}
      </Button>
    </li>
  );
}

/** The team's open rooms I am not in, to look into or join. */
export function BrowseRoomsDialog({ team, open, onOpenChange }: { team: TTeam; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const rooms = useTeamRooms(open ? team.handle : undefined);
  const joinable = rooms.data?.filter((room) => !room.isMember) ?? [];
  let body;
  if (rooms.isPending) body = <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('Loading rooms...')}</p>;
  else if (rooms.isError) body = <Alert>{errorMessage(rooms.error, ROOM_FALLBACKS.rooms)}</Alert>;
  else if (joinable.length === 0) body = <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('No other open rooms to join.')}</p>;
  else
    body = (
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {joinable.map((room) => (
          <OpenRoom key={room.id} room={room} onOpened={() => onOpenChange(false)} />
        ))}
      </ul>
    );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('Browse rooms')} description={t('Open rooms in {{team}} you are not in yet.', { team: team.name })}>
      {body}
    </Modal>
  );
}
