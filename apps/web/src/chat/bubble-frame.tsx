import type { ReactNode } from 'react';
import type { TListMessage } from '@agentroom/shared';
import { AgentAvatar } from '../teams/agent-avatar';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';
import { AiBadge } from './ai-badge';
import { useConversationInfo } from './conversation-context';
import { MessageTimeText } from './message-time';

/** Marks on a bubble's row that the browser journeys and the list read. */
interface RowMarks {
  'data-deleted'?: 'true';
  'data-pending'?: 'true';
  'data-focused'?: 'true';
}

/**
 * The row of a message from a person or an agent: someone else's on the left under their avatar
 * (shown once per group), one's own on the right; the group's first message carries the sender's
 * name and the time.
 */
export function BubbleFrame({
  message,
  own,
  firstInGroup,
  fullTime,
  marks,
  className,
  children,
}: {
  message: TListMessage;
  own: boolean;
  firstInGroup: boolean;
  /** The full date and time (the time's tooltip). */
  fullTime: string;
  marks: RowMarks;
  className?: string;
  children: ReactNode;
}) {
  const senderName = fullNameOf(message.sender);
  return (
    <div
      data-testid="message"
      data-message-id={message.id}
      {...marks}
      className={cn(className, 'flex gap-2.5 px-4', firstInGroup ? 'pt-3' : 'pt-0.5', own ? 'justify-end' : 'justify-start')}
    >
      {!own && (
        <span className="w-8 shrink-0">
          {firstInGroup && <AgentAvatar src={message.sender.avatarUrl} name={senderName} className="size-8" />}
        </span>
      )}
      <div className={cn('flex max-w-[85%] min-w-0 flex-col', own ? 'items-end' : 'items-start')}>
        {firstInGroup && <GroupHeader message={message} own={own} senderName={senderName} fullTime={fullTime} />}
        {children}
      </div>
    </div>
  );
}

function GroupHeader({ message, own, senderName, fullTime }: { message: TListMessage; own: boolean; senderName: string; fullTime: string }) {
  // A room marks its AI agents; in a 1:1 chat the header above says who the agent is.
  const { members } = useConversationInfo();
  return (
    <div className={cn('mb-1 flex items-baseline gap-2 text-xs', own && 'justify-end')}>
      {!own && <span className="font-medium text-zinc-700 dark:text-zinc-300">{senderName}</span>}
      {!own && members && message.sender.isAgent && <AiBadge />}
      <time dateTime={message.timestamp} title={fullTime} data-testid="message-time" className="text-zinc-500 dark:text-zinc-400">
        <MessageTimeText timestamp={message.timestamp} />
      </time>
    </div>
  );
}
