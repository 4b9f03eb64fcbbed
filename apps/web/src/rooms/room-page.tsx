import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { TConversation, TRoom } from '@agentroom/shared';
import { errorMessage, isApiError } from '../api/api-error';
import { ROOM_FALLBACKS } from '../api/room-api';
import { useAuth } from '../auth/auth-context';
import { ConversationPane } from '../chat/conversation-pane';
import { ConversationProvider } from '../chat/conversation-context';
import { ThreadPanel, useThreadSidePanel } from '../chat/thread-panel';
import { ThreadOpenerContext } from '../chat/thread-url';
import { BlockedIdsProvider } from '../safety/blocked-ids-provider';
import { usePageTitle } from '../lib/use-page-title';
import { useSidePanel } from '../lib/use-side-panel';
import { roomPath } from '../lib/app-paths';
import { useTeamContext } from '../teams/team-layout';
import { useTeamAgents } from '../teams/team-queries';
import { ErrorState, LoadingState } from '../ui/page-states';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { useT } from '../i18n';
import { RoomHeader } from './room-header';
import { RoomMembersPanel } from './room-members-panel';
import { useJoinRoom, useRoom, useTeamRooms } from './room-queries';
import { RoomSettingsDialog } from './lazy-room-dialogs';
import { RoomNotFound, RoomPreview } from './room-states';

const MEMBERS_PANEL_KEY = 'agentroom.room-members-open';

/** A room I am in: its conversation (the chat's conversation pane, read by the room's conversation id) and its members. */
function RoomScreen({ room, conversation }: { room: TRoom; conversation: TConversation }) {
  const { t } = useT();
  const navigate = useNavigate();
  const { user } = useAuth();
  const teamPath = `/t/${encodeURIComponent(room.team.handle)}`;
  const teamAgents = useTeamAgents(room.team.handle);
  const members = useSidePanel(MEMBERS_PANEL_KEY);
  const thread = useThreadSidePanel();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const participants = conversation.participants;
  const chatHidden = (members.open && !members.beside) || thread.hidesChat;
  return (
    <ConversationProvider source={{ kind: 'room', conversationId: room.id, teamHandle: room.team.handle }}>
      <BlockedIdsProvider>
      <div className="flex h-full min-h-0">
        <ThreadOpenerContext value={thread.open}>
        <ConversationPane
          header={
            <RoomHeader
              room={room}
              members={participants}
              membersOpen={members.open && !thread.rootMessageId}
              onToggleMembers={thread.toggleInstead(members)}
              onOpenSettings={() => setSettingsOpen(true)}
              onBack={() => navigate(teamPath)}
            />
          }
          className={cn('min-h-0 min-w-0 flex-1', chatHidden ? 'hidden' : 'flex')}
        />
        </ThreadOpenerContext>
        {/* A thread takes the members panel's place beside the room while it is open. */}
        {thread.rootMessageId && (
          <ThreadPanel
            key={thread.rootMessageId}
            rootMessageId={thread.rootMessageId}
            teamHandle={room.team.handle}
            alsoSendLabel={t('Also send to #{{room}}', { room: room.name })}
            onClose={thread.close}
            className={thread.className}
          />
        )}
        {members.open && !thread.rootMessageId && (
          <RoomMembersPanel
            room={room}
            participants={participants}
            teamAgents={teamAgents.data}
            selfAgentId={user?.agentId}
            onLeft={() => navigate(teamPath)}
            onBackToChat={members.beside ? undefined : members.backToChat}
            className={cn('min-h-0', members.beside ? 'w-72 shrink-0 border-s border-zinc-200 dark:border-zinc-800' : 'min-w-0 flex-1')}
          />
        )}
        {room.canManage && (
          <RoomSettingsDialog
            room={room}
            aiMembers={participants.filter((p) => !p.agent.isHuman)}
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
          />
        )}
      </div>
      </BlockedIdsProvider>
    </ConversationProvider>
  );
}

function JoinableRoom({ room }: { room: TRoom }) {
  const join = useJoinRoom(room.team.handle, room.name);
  return (
    <RoomPreview
      room={room}
      joining={join.isPending}
      error={join.isError ? errorMessage(join.error, ROOM_FALLBACKS.join) : undefined}
      onJoin={() => join.mutate()}
    />
  );
}

/**
 * A room I was looking at answers 404 after a `rooms:changed`: if it was renamed (it is still in the
 * team's rooms under the same id), follow it to its new address.
 */
function useFollowRename(roomId: string | undefined, gone: boolean) {
  const { team } = useTeamContext();
  const navigate = useNavigate();
  const rooms = useTeamRooms(gone && roomId ? team.handle : undefined);
  const renamed = gone ? rooms.data?.find((r) => r.id === roomId) : undefined;
  useEffect(() => {
    if (renamed) navigate(roomPath(renamed.team.handle, renamed.name), { replace: true });
  }, [renamed, navigate]);
}

/**
 * /t/:handle/r/:room: a room of the team. Members get the conversation and its members;
 * an open room I am not in shows its name, topic and 'Join room'; a private room I am not in, or one
 * that is gone, is "Room not found" — also when that happens while it is open (`rooms:changed`).
 */
export default function RoomPage() {
  const { t } = useT();
  const { team } = useTeamContext();
  const { room: name = '' } = useParams();
  usePageTitle(`#${name.toLowerCase()}`);
  const query = useRoom(team.handle, name);
  const [lastRoomId, setLastRoomId] = useState<string>();
  const roomId = query.data?.room.id;
  if (roomId && roomId !== lastRoomId) setLastRoomId(roomId);
  const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 403);
  useFollowRename(lastRoomId, notFound);

  if (notFound) return <RoomNotFound />;
  if (query.isPending) return <LoadingState text={t('Loading room...')} />;
  if (!query.data)
    return (
      <ErrorState message={errorMessage(query.error, ROOM_FALLBACKS.room)}>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('Try again')}
          </Button>
          <Button asChild variant="ghost">
            <Link to={`/t/${encodeURIComponent(team.handle)}`}>{t('Back to the team')}</Link>
          </Button>
        </div>
      </ErrorState>
    );
  const { room, conversation } = query.data;
  if (!room.isMember || !conversation) return <JoinableRoom room={room} />;
  return <RoomScreen key={room.id} room={room} conversation={conversation} />;
}
