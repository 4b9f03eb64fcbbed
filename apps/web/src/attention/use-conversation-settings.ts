import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConversation, TConversationSettingsRequest } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { withConversationSettings } from '../inbox/inbox-cache';
import { inboxKey } from '../inbox/inbox-query';
import { toast } from '../ui/toast';
import { attentionApi } from './attention-api';
import { CONVERSATION_TARGETS_KEY } from './use-attention';

type Settings = Pick<TConversation, 'notifyLevel' | 'muted'>;

/**
 * My notify level and mute of one conversation, as loaded and then as I change them: a change is
 * saved, the sidebar's row follows (badge, bold) and the toasts' cached view of it is dropped.
 */
export function useConversationSettings(conversation: Pick<TConversation, 'id' | 'notifyLevel' | 'muted'>) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<(Settings & { id: string }) | null>(null);
  const current: Settings = saved?.id === conversation.id ? saved : conversation;
  const mutation = useMutation({
    mutationFn: (changes: TConversationSettingsRequest) => attentionApi.conversationSettings(conversation.id, changes),
    onSuccess: ({ notifyLevel, muted }) => {
      setSaved({ id: conversation.id, notifyLevel, muted });
      queryClient.setQueryData<readonly TConversation[]>(inboxKey(user?.id), (list) =>
        list ? withConversationSettings(list, conversation.id, { notifyLevel, muted }) : list,
      );
      void queryClient.invalidateQueries({ queryKey: CONVERSATION_TARGETS_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
  return { settings: current, change: mutation.mutate, pending: mutation.isPending };
}
