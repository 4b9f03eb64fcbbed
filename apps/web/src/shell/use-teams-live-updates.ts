import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS, TEAM_CHANGE_TEXTS, type TTeam, type TTeamsChangedEvent } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { tf } from '../i18n';
import { myTeamsKey, teamKeys } from '../lib/team-query-keys';
import { useRealtime } from '../realtime/realtime-context';
import { useInvalidateRooms } from '../rooms/room-queries';
import { toast } from '../ui/toast';

/** Whether `pathname` is a page of the team `handle` (/t/{handle} and everything below it). */
export function isOnTeam(pathname: string, handle: string): boolean {
  const [first, second] = pathname.split('/').filter(Boolean);
  return first === 't' && !!second && decodeURIComponent(second).toLowerCase() === handle.toLowerCase();
}

/**
 * `teams:changed`: I was removed from a team, or one of mine was deleted or restored.
 * The team lists, the sidebar's rooms and conversations refetch at once, without a reload; a removed
 * person is told "You were removed from {team}"; someone on a page of a team they lost goes home.
 * Mounted once, in the app shell.
 */
export function useTeamsLiveUpdates() {
  const { socket } = useRealtime();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const invalidateRooms = useInvalidateRooms();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const latest = useRef({ pathname, invalidateRooms, navigate, userId: user?.id });
  useEffect(() => {
    latest.current = { pathname, invalidateRooms, navigate, userId: user?.id };
  });

  useEffect(() => {
    if (!socket) return;
    const onChanged = (event: TTeamsChangedEvent) => {
      const { userId, pathname: here } = latest.current;
      const lost = event.change !== 'restored';
      if (event.change === 'removed') toast.info(tf(TEAM_CHANGE_TEXTS.removedFrom, event.name));
      if (lost) {
        // Its cached pages would answer 403/404 now: drop them rather than refetch.
        queryClient.removeQueries({ queryKey: teamKeys.team(userId, event.handle) });
        queryClient.removeQueries({ queryKey: teamKeys.agents(userId, event.handle) });
        // Out of my list at once: the home page must not send me back to it before the refetch answers.
        queryClient.setQueryData<TTeam[]>(myTeamsKey(userId), (teams) => teams?.filter((team) => team.id !== event.teamId));
        if (isOnTeam(here, event.handle)) latest.current.navigate('/', { replace: true });
      }
      void queryClient.invalidateQueries({ queryKey: myTeamsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.deleted(userId) });
      void latest.current.invalidateRooms();
    };
    socket.on(SOCKET_EVENTS.teamsChanged, onChanged);
    return () => {
      socket.off(SOCKET_EVENTS.teamsChanged, onChanged);
    };
  }, [socket, queryClient]);
}
