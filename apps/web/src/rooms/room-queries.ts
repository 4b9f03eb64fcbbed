import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAddRoomMemberRequest, TCreateRoomRequest, TRoomResponse, TUpdateRoomRequest } from '@agentroom/shared';
import { roomApi } from '../api/room-api';
import { useAuth } from '../auth/auth-context';
import { inboxKey } from '../inbox/use-inbox';

/** Query keys under the signed-in user's id (switching accounts never shows another user's rooms). */
const roomKeys = {
  all: (userId: string | undefined) => ['rooms', userId] as const,
  team: (userId: string | undefined, handle: string) => ['rooms', userId, handle.toLowerCase()] as const,
  room: (userId: string | undefined, handle: string, room: string) => ['rooms', userId, handle.toLowerCase(), 'room', room.toLowerCase()] as const,
};

/** The team's rooms I am in, then the open rooms I could join (GET /teams/:handle/rooms). */
export function useTeamRooms(handle: string | undefined) {
  const { user } = useAuth();
  return useQuery({
    queryKey: roomKeys.team(user?.id, handle ?? ''),
    queryFn: () => roomApi.list(handle!),
    enabled: !!user && !!handle,
  });
}

/** One room by name, with its conversation when I am in it. A 404 (private, gone, left) is final: no retry. */
export function useRoom(handle: string, room: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: roomKeys.room(user?.id, handle, room),
    queryFn: () => roomApi.get(handle, room),
    enabled: !!user && !!handle && !!room,
    retry: false,
  });
}

/**
 * After any room write (or a `rooms:changed` event): the rooms, and the inbox that lists rooms too.
 * Writes do not wait for these refetches: the server's answer is what the user acted on, and a
 * refetch cancelled by the next `rooms:changed` must not hold a button busy.
 */
export function useInvalidateRooms() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roomKeys.all(user?.id) }),
      queryClient.invalidateQueries({ queryKey: inboxKey(user?.id) }),
    ]);
}

/** The rooms alone: on a (re)connect, when the inbox refetches by itself (use-inbox-live-updates). */
export function useRefetchRooms() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  // A fetch already on its way is kept: it answers after the socket is up.
  return () => queryClient.invalidateQueries({ queryKey: roomKeys.all(user?.id) }, { cancelRefetch: false });
}

export function useCreateRoom(handle: string) {
  const invalidate = useInvalidateRooms();
  return useMutation({ mutationFn: (input: TCreateRoomRequest) => roomApi.create(handle, input), onSuccess: () => void invalidate() });
}

/** Changes to one room; the answer replaces the cached room at once (its new name too, if renamed). */
function useRoomMutation<V>(handle: string, room: string, call: (variables: V) => Promise<TRoomResponse>) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const invalidate = useInvalidateRooms();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(roomKeys.room(user?.id, handle, answer.room.name), answer);
      void invalidate();
    },
  });
}

export function useUpdateRoom(handle: string, room: string) {
  return useRoomMutation(handle, room, (input: TUpdateRoomRequest) => roomApi.update(handle, room, input));
}

export function useJoinRoom(handle: string, room: string) {
  return useRoomMutation(handle, room, () => roomApi.join(handle, room));
}

export function useAddRoomMember(handle: string, room: string) {
  return useRoomMutation(handle, room, (input: TAddRoomMemberRequest) => roomApi.addMember(handle, room, input));
}

export function useRemoveRoomMember(handle: string, room: string) {
  const invalidate = useInvalidateRooms();
  return useMutation({ mutationFn: (agentId: string) => roomApi.removeMember(handle, room, agentId), onSuccess: () => void invalidate() });
}

export function useLeaveRoom(handle: string, room: string) {
  const invalidate = useInvalidateRooms();
  return useMutation({ mutationFn: () => roomApi.leave(handle, room), onSuccess: () => void invalidate() });
}
