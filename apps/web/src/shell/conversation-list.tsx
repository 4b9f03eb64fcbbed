import { CHAT_FALLBACKS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useNavigate } from 'react-router';
import { useCloseConversation } from '../attention/use-close-conversation';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { useInbox } from '../inbox/use-inbox';
import { ConversationRow } from './conversation-row';
import { SidebarNote, SidebarSection } from './sidebar-section';
import { isOpenChat, useShellLocation } from './use-shell-location';

/**
 * My 1:1 conversations, personal and team-scoped, latest first, live (see useInboxLiveUpdates); the
 * server lists one once it has a message, and not while I have it closed (until its next message).
 */
export function ConversationList() {
  const { t } = useT();
  const { user } = useAuth();
  const inbox = useInbox();
  const location = useShellLocation();
  const navigate = useNavigate();
  const close = useCloseConversation();
  // Rooms are conversations too; they have the Rooms section.
  const oneToOne = inbox.conversations.flatMap((conversation) =>
    conversation.otherAgent ? [{ ...conversation, otherAgent: conversation.otherAgent }] : [],
  );
  let body;
  if (inbox.isPending) body = <SidebarNote>{t('Loading conversations...')}</SidebarNote>;
  else if (inbox.error)
    body = (
      <SidebarNote tone="error">
        {t('Error: {{message}}', { message: t(errorMessage(inbox.error, CHAT_FALLBACKS.getConversations)) })}{' '}
        <button type="button" onClick={() => inbox.refetch()} className="font-medium underline underline-offset-2">
          {t('Try again')}
        </button>
      </SidebarNote>
    );
  else if (oneToOne.length === 0) body = <SidebarNote>{t('No conversations yet. Open someone from a team to start one.')}</SidebarNote>;
  else
    body = (
      <ul className="space-y-px">
        {oneToOne.map((conversation) => {
          const current = isOpenChat(location, conversation.otherAgent.username, conversation.team?.handle);
          return (
            <li key={conversation.id}>
              <ConversationRow
                conversation={conversation}
                current={current}
                selfAgentId={user?.agentId}
                onClose={() =>
                  close.mutate(conversation.id, {
                    // Closing the conversation on screen leaves it for the home page.
                    onSuccess: () => {
                      if (current) void navigate('/');
                    },
                  })
                }
              />
            </li>
          );
        })}
      </ul>
    );
  return <SidebarSection title={t('Conversations')}>{body}</SidebarSection>;
}
