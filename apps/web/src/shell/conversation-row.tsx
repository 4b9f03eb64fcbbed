import { Link } from 'react-router';
import { DELETED_MESSAGE_TEXT, type TConversation } from '@agentroom/shared';
import { useMessageSnippet } from '../chat/lazy-snippet';
import { chatPath } from '../lib/app-paths';
import { AvatarWithPresence } from '../people/avatar-with-presence';
import { cn } from '../ui/cn';
import { sidebarRow } from './sidebar-section';

/** One line of plain text for the last message: 'You: …' for mine, 'Sent a file' for a file alone. */
function lastLine(conversation: TConversation, selfAgentId: string | undefined, messageSnippet: (content: string) => string): string {
  const message = conversation.lastMessage;
  // Not the chat's 'No messages yet': that text belongs to the open conversation.
  if (!message) return 'New conversation';
  if (message.deleted) return DELETED_MESSAGE_TEXT;
  const text = messageSnippet(message.content) || (message.attachments.length ? 'Sent a file' : '');
  return message.sender.id === selfAgentId ? `You: ${text}` : text;
}

/** The count of unread messages beside a conversation or a room. */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      data-testid="unread-badge"
      className="ml-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-[11px] font-semibold text-white tabular-nums dark:bg-indigo-500"
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** A conversation in the sidebar: avatar and presence, name (and team), the last message, unread count. */
export function ConversationRow({
  conversation,
  current,
  selfAgentId,
}: {
  /** A 1:1 conversation (rooms have rows of their own). */
  conversation: TConversation & { otherAgent: NonNullable<TConversation['otherAgent']> };
  current: boolean;
  selfAgentId: string | undefined;
}) {
  const { otherAgent: agent, team, unreadCount } = conversation;
  const messageSnippet = useMessageSnippet();
  const unread = unreadCount > 0;
  // The current row is filled grey: its quiet text darkens to keep its contrast.
  const quiet = current ? 'text-zinc-600 dark:text-zinc-400' : 'text-zinc-500 dark:text-zinc-400';
  return (
    <Link
      to={chatPath(agent.username, team?.handle)}
      state={{ agent }}
      aria-current={current ? 'page' : undefined}
      data-testid="conversation"
      className={cn(sidebarRow(current), 'items-start py-2')}
    >
      <span className="pt-0.5">
        <AvatarWithPresence src={agent.avatarUrl} name={agent.fullName} isOnline={agent.isOnline} size="size-8" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5">
          <span className={cn('truncate', unread && 'font-semibold text-zinc-900 dark:text-zinc-50')}>{agent.fullName}</span>
          {team && <span className={cn('shrink-0 truncate text-[11px] font-normal', quiet)}>· {team.name}</span>}
          {unread && <UnreadBadge count={unreadCount} />}
        </span>
        <span
          data-testid="conversation-snippet"
          className={cn('block truncate text-xs font-normal', unread ? 'text-zinc-700 dark:text-zinc-300' : quiet)}
        >
          {lastLine(conversation, selfAgentId, messageSnippet)}
        </span>
      </span>
    </Link>
  );
}
