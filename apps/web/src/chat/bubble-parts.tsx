import { createContext, startTransition, use, useEffect, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatMessageTimestamp, ROOM_SEEN_MAX_AVATARS, type TListMessage } from '@agentroom/shared';
import { currentLanguage, t, useLanguage, useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';
import { AgentKindBadge } from './ai-badge';
import { useConversationInfo, useSeenBy } from './conversation-context';
import { SeenBy } from './seen-by';

/*
 * What every kind of message bubble is drawn with: the row (avatar, name and time), the time on a
 * minute's clock, and the seen markers. The time and the markers are leaves of their own, reading
 * the clock and the read cursors: a tick or a cursor renders them, not the bubbles around them.
 */

const ClockContext = createContext<number | undefined>(undefined);

/**
 * A clock for the message times below, ticking every minute so 'time only' turns into 'weekday +
 * time' as messages age. Only the times read it: a tick renders them, not their bubbles; in a
 * transition, so a long list's times update in slices, never as one long task.
 */
export function MessageClock({ children }: { children: ReactNode }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => startTransition(() => setNow(Date.now())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return <ClockContext value={now}>{children}</ClockContext>;
}

/** A message's time as the list shows it (by the clock above; outside one, by the time of the render). */
export function MessageTimeText({ timestamp }: { timestamp: string }) {
  return useMessageTime(timestamp);
}

/** The text of MessageTimeText, for a sentence around it ('Last reply {{time}}'), in the language on screen. */
export function useMessageTime(timestamp: string): string {
  return formatMessageTimestamp(timestamp, use(ClockContext), { locale: useLanguage() });
}

/**
 * The full date and time of a message (its tooltip), as `Date#toLocaleString()` writes it, from one
 * formatter per language: toLocaleString builds an Intl formatter per call, which cost a long chat's
 * first render a formatter per message. The language is the one on screen when called.
 */
const fullTimeFormats = new Map<string, Intl.DateTimeFormat>();
export function fullTimeOf(timestamp: string | number | Date, locale: string = currentLanguage()): string {
  let format = fullTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    fullTimeFormats.set(locale, format);
  }
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? t('Invalid Date') : format.format(at);
}

/** Marks on a bubble's row that the browser journeys and the list read. */
interface RowMarks {
  'data-deleted'?: 'true';
  'data-pending'?: 'true';
  'data-focused'?: 'true';
  /** From someone the reader blocked, collapsed (blocked-bubble.tsx). */
  'data-blocked'?: 'true';
}

/**
 * The row of a message from a person or an agent: someone else's on the start side under their avatar
 * (shown once per group), one's own on the end side (mirrored right to left); the group's first message carries the sender's
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
      {!own && members && message.sender.isAgent && <AgentKindBadge external={members.byId.get(message.sender.id)?.isExternal} />}
      <time dateTime={message.timestamp} title={fullTime} data-testid="message-time" className="text-zinc-500 dark:text-zinc-400">
        <MessageTimeText timestamp={message.timestamp} />
      </time>
    </div>
  );
}

/**
 * The seen markers under a message. The only part of a bubble that reads the read cursors: a cursor
 * moving renders the markers, not the bubbles. In a room every message can carry them (notices and
 * deleted ones too); in a 1:1 chat only a message that asks for them (`inDirectChat`).
 */
export function MessageSeenBy({ message, own, inDirectChat = false }: { message: TListMessage; own: boolean; inDirectChat?: boolean }) {
  const { members } = useConversationInfo();
  const agents = useSeenBy(message);
  if (members) return <SeenBy agents={agents} max={ROOM_SEEN_MAX_AVATARS} align={own ? 'end' : 'start'} />;
  return inDirectChat ? <SeenBy agents={agents} /> : null;
}

/**
 * A regenerated AI reply's versions: the earlier texts, then the current one. The newest is shown
 * until the reader pages back; a new version shows itself. Which version a reader looks at is their
 * own view (the AI's history is always the newest, ai/README.md).
 */
export function useReplyVersions(message: Pick<TListMessage, 'content' | 'earlierVersions'>) {
  const versions = message.earlierVersions?.length ? [...message.earlierVersions, message.content] : [message.content];
  const [picked, setPicked] = useState<{ count: number; index: number } | undefined>(undefined);
  const index = picked?.count === versions.length ? picked.index : versions.length - 1;
  return {
    count: versions.length,
    index,
    content: versions[index] ?? message.content,
    show: (next: number) => setPicked({ count: versions.length, index: Math.min(Math.max(next, 0), versions.length - 1) }),
  };
}

/** "‹ 2 / 2 ›": pages between a regenerated reply's versions. */
export function ReplyVersionPager({ count, index, show }: Pick<ReturnType<typeof useReplyVersions>, 'count' | 'index' | 'show'>) {
  const { t } = useT();
  const number = new Intl.NumberFormat(useLanguage());
  const button =
    'inline-flex size-6 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';
  return (
    <div data-testid="reply-versions" className="flex items-center gap-0.5 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
      <button type="button" className={button} aria-label={t('Previous version')} disabled={index === 0} onClick={() => show(index - 1)}>
        <ChevronLeft aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
      </button>
      <span aria-live="polite">
        {number.format(index + 1)} / {number.format(count)}
      </span>
      <button type="button" className={button} aria-label={t('Next version')} disabled={index === count - 1} onClick={() => show(index + 1)}>
        <ChevronRight aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
      </button>
    </div>
  );
}
