import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ATTENTION_TEXTS as T, type TConversation } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { withoutConversation } from '../inbox/inbox-cache';
import { inboxKey } from '../inbox/inbox-query';
import { t } from '../i18n';
import { toast } from '../ui/toast';
import { attentionApi } from './attention-api';

/**
 * Closes a conversation from the sidebar: the server remembers its last seq, so the row leaves the
 * list until a newer message arrives (the inbox refetches a conversation it does not hold).
 */
export function useCloseConversation() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => attentionApi.conversationSettings(conversationId, { closed: true }, t(T.closeFailed)),
    onSuccess: (_settings, conversationId) => {
      queryClient.setQueryData<readonly TConversation[]>(inboxKey(user?.id), (list) => (list ? withoutConversation(list, conversationId) : list));
    },
    onError: (error) => toast.error(error.message),
  });
}
