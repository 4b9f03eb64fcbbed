import { ArrowLeft, Bot, Lock, Settings, Users } from 'lucide-react';
import { answersEveryMessageText, type TConversationParticipant, type TRoom } from '@agentroom/shared';
import { ConversationNotifyMenu } from '../attention/conversation-notify-menu';
import { useConversationInfo, useShownConnection } from '../chat/conversation-context';
import { useMessageAddOns } from '../chat/message-add-ons';
import { AgentAvatar } from '../people/agent-avatar';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { useT } from '../i18n';

const iconButton = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50',
  focusRing,
);

const SHOWN_AVATARS = 3;

/** A room's header: back to the team, # name and topic (and the AI agent that answers every message, if one does), who is in it (opens the members panel), settings for managers. */
export function RoomHeader({
  room,
  members,
  membersOpen,
  onToggleMembers,
  onOpenSettings,
  onBack,
}: {
  room: TRoom;
  members: readonly TConversationParticipant[];
  membersOpen: boolean;
  onToggleMembers: () => void;
  onOpenSettings: () => void;
  onBack: () => void;
}) {
  const { t, tf } = useT();
  const connection = useShownConnection();
  const { conversation } = useConversationInfo();
  const connected = connection === 'connected';
  const addOns = useMessageAddOns();
  const count = members.length || room.memberCount;
  const membersLabel = membersOpen ? t('Hide members') : t('Show members');
  const answersAll = room.answersAllAgentId ? members.find((m) => m.agentId === room.answersAllAgentId)?.agent : undefined;
  return (
    <header className="flex items-center gap-2 border-b border-zinc-200 bg-white px-2 py-2.5 dark:border-zinc-800 dark:bg-zinc-900">
      <button type="button" aria-label={t('Back')} title={t('Back')} onClick={onBack} className={iconButton}>
        <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </button>
      <div className="min-w-0 flex-1 leading-tight">
        <h1 className="flex min-w-0 items-center gap-1.5 text-sm font-semibold text-zinc-900 dark:text-zinc-50">
          <span className="truncate"># {room.name}</span>
          {room.isPrivate && <Lock role="img" aria-label={t('Private room')} className="size-3.5 shrink-0 text-zinc-500" />}
        </h1>
        <p data-testid="room-topic" className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {room.topic || t('No topic yet')}
        </p>
        {answersAll && (
          // Said in the header: a message that mentions nobody still gets an AI answer here.
          <p data-testid="room-answers-all" className="flex min-w-0 items-center gap-1 text-xs text-indigo-700 dark:text-indigo-300">
            <Bot aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{tf(answersEveryMessageText, answersAll.firstName || answersAll.fullName)}</span>
          </p>
        )}
      </div>
      <span
        role="img"
        aria-label={connected ? t('Connection: Connected') : t('Connection: Disconnected')}
        title={connected ? t('Connected') : t('Disconnected')}
        data-testid="connection-dot"
        data-connection={connected ? 'connected' : 'disconnected'}
        className={cn('mx-1 size-2.5 shrink-0 rounded-full', connected ? 'bg-emerald-500' : 'bg-red-500', connection === 'connecting' && 'motion-safe:animate-pulse')}
      />
      <button
        type="button"
        title={membersLabel}
        aria-expanded={membersOpen}
        aria-controls={membersOpen ? 'room-members' : undefined}
        onClick={onToggleMembers}
        className={cn(iconButton, 'w-auto gap-1.5 px-2')}
      >
        <span aria-hidden="true" className="hidden -space-x-1.5 sm:flex">
          {members.slice(0, SHOWN_AVATARS).map((m) => (
            <AgentAvatar key={m.agentId} src={m.agent.avatarUrl} name={m.agent.fullName} className="size-6 ring-2 ring-white dark:ring-zinc-900" />
          ))}
        </span>
        <Users aria-hidden="true" className="size-4 sm:hidden" />
        {/* Named "Hide members 3": the visible count is part of the name (WCAG 2.5.3). */}
        <span className="sr-only">{membersLabel} </span>
        <span className="text-xs font-medium tabular-nums">{count}</span>
      </button>
      {addOns && <addOns.HeaderButton />}
      {conversation && <ConversationNotifyMenu conversation={conversation} />}
      {room.canManage && (
        <button type="button" aria-label={t('Room settings')} title={t('Room settings')} onClick={onOpenSettings} className={iconButton}>
          <Settings aria-hidden="true" className="size-5" />
        </button>
      )}
    </header>
  );
}
