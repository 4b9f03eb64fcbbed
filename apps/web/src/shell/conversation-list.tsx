import { CHAT_FALLBACKS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useInbox } from '../inbox/use-inbox';
import { ConversationRow } from './conversation-row';
import { SidebarNote, SidebarSection } from './sidebar-section';
import { isOpenChat, useShellLocation } from './use-shell-location';

/** My 1:1 conversations, personal and team-scoped, latest first, live (see useInboxLiveUpdates). */
export function ConversationList() {
  const { user } = useAuth();
  const inbox = useInbox();
  const location = useShellLocation();
  // Rooms are conversations too; they have the Rooms section.
  const oneToOne = inbox.conversations.flatMap((conversation) =>
    conversation.otherAgent ? [{ ...conversation, otherAgent: conversation.otherAgent }] : [],
  );
  let body;
  if (inbox.isPending) body = <SidebarNote>Loading conversations...</SidebarNote>;
  else if (inbox.error)
    body = (
      <SidebarNote tone="error">
        Error: {errorMessage(inbox.error, CHAT_FALLBACKS.getConversations)}{' '}
        <button type="button" onClick={() => inbox.refetch()} className="font-medium underline underline-offset-2">
          Try again
        </button>
      </SidebarNote>
    );
  else if (oneToOne.length === 0) body = <SidebarNote>No conversations yet. Open someone from a team to start one.</SidebarNote>;
  else
    body = (
      <ul className="space-y-px">
        {oneToOne.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              conversation={conversation}
              current={isOpenChat(location, conversation.otherAgent.username, conversation.team?.handle)}
              selfAgentId={user?.agentId}
            />
          </li>
        ))}
      </ul>
    );
  return <SidebarSection title="Conversations">{body}</SidebarSection>;
}
