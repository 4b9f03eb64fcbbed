import { useQuery, type QueryClient } from '@tanstack/react-query';
import { isDoNotDisturbOn, type TAttention } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { attentionApi } from './attention-api';

/** Per user, so switching accounts never mixes two people's settings. */
export const attentionKey = (userId: string | undefined) => ['attention', userId] as const;

/** The cache of each conversation's toast target (notifications/): a settings change drops it. */
export const CONVERSATION_TARGETS_KEY = ['notifications', 'conversation-target'] as const;

/** My own status and do-not-disturb settings. */
export function useMyAttention() {
  const { user } = useAuth();
  return useQuery({ queryKey: attentionKey(user?.id), queryFn: attentionApi.get, enabled: !!user, retry: false, staleTime: 60_000 });
}

/**
 * Whether my do not disturb is on now, from the cached settings (a schedule is decided at the moment
 * asked, in its own time zone). Nothing cached yet: off.
 */
export function isMyDoNotDisturbOn(queryClient: QueryClient, userId: string, now = new Date()): boolean {
  const attention = queryClient.getQueryData<TAttention>(attentionKey(userId));
  if (!attention) return false;
  return isDoNotDisturbOn({ until: attention.dndUntil, schedule: attention.dndSchedule }, now);
}
