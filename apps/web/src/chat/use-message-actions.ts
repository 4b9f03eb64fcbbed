import { useCallback, useMemo } from 'react';
import { toast } from '../ui/toast';
import { t } from '../i18n';
import { CHAT_ACTION_ERRORS, type ChatListAction, type TReactionAgent } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage } from '../api/api-error';
import type { AuthContextValue } from '../auth/auth-context';

type User = AuthContextValue['user'];

/**
 * Reacting and deleting our own messages. A reaction shows at once and is taken back if the server
 * refuses it; the server's event for it changes nothing more (applying a reaction twice is a no-op).
 */
export function useMessageActions(selfAgentId: string, user: User, dispatch: (action: ChatListAction) => void) {
  const self = useMemo<TReactionAgent>(
    () => ({ id: selfAgentId, firstName: user?.agent?.firstName ?? user?.firstName ?? '', lastName: user?.agent?.lastName ?? user?.lastName ?? '' }),
    [selfAgentId, user],
  );

  const react = useCallback(
    (messageId: string, emoji: string, reacted: boolean) => {
      dispatch({ type: 'reaction', event: { messageId, emoji, agent: self, reacted } });
      chatApi.react(messageId, emoji, reacted).catch((error: unknown) => {
        dispatch({ type: 'reaction', event: { messageId, emoji, agent: self, reacted: !reacted } });
        toast.error(t(errorMessage(error, CHAT_ACTION_ERRORS.react)));
      });
    },
    [dispatch, self],
  );

  const deleteMessage = useCallback(
    async (messageId: string) => {
      try {
        dispatch({ type: 'updated', message: await chatApi.deleteMessage(messageId) });
      } catch (error) {
        toast.error(t(errorMessage(error, CHAT_ACTION_ERRORS.deleteMessage)));
        throw error;
      }
    },
    [dispatch],
  );

  return { react, deleteMessage };
}
