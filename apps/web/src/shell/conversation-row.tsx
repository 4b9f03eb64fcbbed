import { Link } from 'react-router';
import { BellOff, X } from 'lucide-react';
import { ATTENTION_TEXTS, DELETED_MESSAGE_TEXT, type TConversation } from '@agentroom/shared';
import { useMessageSnippet } from '../chat/lazy-snippet';
import { t, useT } from '../i18n';
import { shownUnreadOf } from '../inbox/inbox-cache';
import { chatPath } from '../lib/app-paths';
import { AvatarWithPresence } from '../people/avatar-with-presence';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { sidebarRow } from './sidebar-section';

/** One line of plain text for the last message: 'You: …' for mine, 'Sent a file' for a file alone. */
function lastLine(conversation: TConversation, selfAgentId: string | undefined, messageSnippet: (content: string) => string): string {
  const message = conversation.lastMessage;
  // Not the chat's 'No messages yet': that text belongs to the open conversation.
  if (!message) return t('New conversation');
  if (message.deleted) return t(DELETED_MESSAGE_TEXT);
  const text = messageSnippet(message.content) || (message.attachments.length ? t('Sent a file') : '');
  return message.sender.id === selfAgentId ? t('You: {{text}}', { text }) : text;
}

/** The count of unread messages beside a conversation or a room. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useT();
  return (
    <span
      data-testid="unread-badge"
      className="ms-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-[11px] font-semibold text-white tabular-nums dark:bg-indigo-500"
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {t('unread')}</span>
    </span>
  );
}

/**
 * A conversation in the sidebar: avatar and presence, name (and team), the last message, unread count
 * (a muted one: only its unread @mentions), and a button that closes it until its next message.
 */
export function ConversationRow({
  conversation,
  current,
  selfAgentId,
  onClose,
}: {
  /** A 1:1 conversation (rooms have rows of their own). */
  conversation: TConversation & { otherAgent: NonNullable<TConversation['otherAgent']> };
  current: boolean;
  selfAgentId: string | undefined;
  onClose?: () => void;
}) {
  const { t, tf } = useT();
  const { otherAgent: agent, team } = conversation;
  const unreadCount = shownUnreadOf(conversation);
  const messageSnippet = useMessageSnippet();
  const unread = unreadCount > 0;
  // The current row is filled grey: its quiet text darkens to keep its contrast.
  const quiet = current ? 'text-zinc-600 dark:text-zinc-400' : 'text-zinc-500 dark:text-zinc-400';
  return (
    <div className="group relative">
      <Link
        to={chatPath(agent.username, team?.handle)}
        state={{ agent }}
        aria-current={current ? 'page' : undefined}
        data-testid="conversation"
        className={cn(sidebarRow(current), 'items-start py-2')}
      >
        <span className="pt-0.5">
          <AvatarWithPresence src={agent.avatarUrl} name={agent.fullName} isOnline={agent.isOnline} doNotDisturb={agent.doNotDisturb} size="size-8" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className={cn('truncate', unread && 'font-semibold text-zinc-900 dark:text-zinc-50')}>{agent.fullName}</span>
            {team && <span className={cn('shrink-0 truncate text-[11px] font-normal', quiet)}>· {team.name}</span>}
            {conversation.muted && <BellOff role="img" aria-label={t(ATTENTION_TEXTS.muted)} className={cn('size-3 shrink-0', quiet)} />}
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
      {onClose && (
        <button
          type="button"
          aria-label={tf(ATTENTION_TEXTS.closeConversation, agent.fullName)}
          title={tf(ATTENTION_TEXTS.closeConversation, agent.fullName)}
          data-testid="close-conversation"
          onClick={onClose}
          className={cn(
            // Shown on hover or focus with a pointer; always on touch screens, which have no hover.
            'absolute top-1.5 end-1 inline-flex size-6 items-center justify-center rounded-md bg-zinc-100 text-zinc-500 opacity-0',
            'group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100 hover:text-zinc-900 focus:opacity-100',
            'dark:bg-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-50',
            focusRing,
          )}
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      )}
    </div>
  );
}
