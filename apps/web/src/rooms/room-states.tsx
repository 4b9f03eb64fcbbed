import { Link } from 'react-router';
import { Hash, SearchX } from 'lucide-react';
import { ROOM_MESSAGES, type TRoom } from '@agentroom/shared';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useT } from '../i18n';

/** A room that does not exist or that I cannot see (private, or I was removed): nothing about it shows. */
export function RoomNotFound() {
  const { t } = useT();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
      <SearchX aria-hidden="true" className="size-8 text-zinc-400" />
      <h1 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{t(ROOM_MESSAGES.notFound)}</h1>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('It may be private, renamed, or you are no longer in it.')}</p>
      <Button asChild variant="secondary">
        <Link to="/">{t('Go to my teams')}</Link>
      </Button>
    </div>
  );
}

/** An open room I am not in: its name, topic and size, and 'Join room'. */
export function RoomPreview({ room, joining, error, onJoin }: { room: TRoom; joining: boolean; error?: string; onJoin: () => void }) {
  const { t } = useT();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-950/60 dark:text-indigo-300">
        <Hash aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-lg font-semibold break-all text-zinc-900 dark:text-zinc-50"># {room.name}</h1>
      {room.topic && <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-300">{room.topic}</p>}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('{{count}} members', { count: room.memberCount })} · {t('An open room of {{team}}', { team: room.team.name })}
      </p>
      {error && <Alert className="max-w-md text-start">{error}</Alert>}
      <Button onClick={onJoin} loading={joining}>
        {t('Join room')}
      </Button>
    </div>
  );
}
