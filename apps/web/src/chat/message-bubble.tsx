import { memo, useMemo, useState, type KeyboardEvent } from 'react';
import { Ban, CircleAlert, CornerDownRight, Pencil, RefreshCw } from 'lucide-react';
import {
  DELETED_MESSAGE_TEXT,
  formatMessageTimestamp,
  hasReacted,
  NO_MODEL_NOTICE_CODE,
  NO_MODEL_SETUP_HINT,
  ROOM_SEEN_MAX_AVATARS,
  type TListMessage,
  type TSeenAgent,
} from '@agentroom/shared';
import { AgentAvatar } from '../people/agent-avatar';
import { Button, focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';
import { AiBadge } from './ai-badge';
import { mentionMarksOf, type ConversationMembers } from './conversation-members';
import { MessageAttachments } from './message-attachments';
import { DeleteMessageButton } from './delete-message-button';
import { MessageMarkdown } from './message-markdown';
import { ReactionChips, ReactionPicker } from './message-reactions';
import { SeenBy } from './seen-by';
import { shownContent } from './shown-content';

export interface MessageBubbleProps {
  message: TListMessage;
  own: boolean;
  firstInGroup: boolean;
  seenBy: readonly TSeenAgent[];
  /** The newest message of the conversation: only it can be regenerated (or retried, for a notice). */
  canRegenerate: boolean;
  now: number;
  onEdit: (messageId: string, content: string) => Promise<void>;
  onRegenerate: (messageId: string) => void;
  /** A 'no model' notice also tells how to connect one (the viewer owns the AI agent's team). */
  showModelHint?: boolean;
  /** The viewer, for "did I react". */
  selfAgentId?: string;
  /** The message a search hit opened the chat at: marked so the eye finds it. */
  focused?: boolean;
  onReact?: (messageId: string, emoji: string, reacted: boolean) => void;
  onDelete?: (messageId: string) => Promise<void>;
  /**
   * A conversation of several people and AI agents (a room): AI senders are marked as such, the
   * @mentions of members are marked, and seen markers show under every message, not only one's own.
   */
  members?: ConversationMembers;
}

const NO_IDS: readonly string[] = [];
const tag = 'rounded px-1.5 py-px text-[11px] font-medium';

function EditForm({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => Promise<void>; onCancel: () => void }) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const trimmed = text.trim();
    if (!trimmed || saving) return;
    if (trimmed === initial.trim()) return onCancel();
    setSaving(true);
    try {
      await onSave(trimmed);
      onCancel();
    } catch {
      setSaving(false); // keep the text so nothing typed is lost
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };
  return (
    <div className="w-full min-w-56 space-y-2">
      <textarea
        aria-label="Edit message"
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={Math.min(6, Math.max(2, text.split('\n').length))}
        className="block w-full resize-none rounded-lg border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" onClick={() => void save()} loading={saving} disabled={!text.trim()}>
          Save
        </Button>
      </div>
    </div>
  );
}

/**
 * The full date and time of a message (its tooltip), as `Date#toLocaleString()` writes it, from one
 * formatter: toLocaleString builds an Intl formatter per call, which cost a long chat's first render
 * a formatter per message.
 */
let fullTimeFormat: Intl.DateTimeFormat | undefined;
function fullTimeOf(timestamp: string | number | Date): string {
  fullTimeFormat ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? 'Invalid Date' : fullTimeFormat.format(at);
}

/** One message: Markdown text, files, tags ('edited', 'Stopped'), seen-by, and its actions. */
export const MessageBubble = memo(function MessageBubble({
  message,
  own,
  firstInGroup,
  seenBy,
  canRegenerate,
  now,
  onEdit,
  onRegenerate,
  showModelHint = false,
  selfAgentId = '',
  focused = false,
  onReact,
  onDelete,
  members,
}: MessageBubbleProps) {
  const [editing, setEditing] = useState(false);
  const senderName = fullNameOf(message.sender);
  const time = formatMessageTimestamp(message.timestamp, now);
  const fullTime = fullTimeOf(message.timestamp);
  const isNotice = message.messageType === 'notice';
  const deleted = message.deleted === true;
  const canEdit = own && !message.pending && !isNotice && !deleted;
  const canReact = !!onReact && !message.pending && !deleted;
  const reactions = message.reactions;
  const mine = useMemo(() => new Set((reactions ?? []).filter((r) => hasReacted(r, selfAgentId)).map((r) => r.emoji)), [reactions, selfAgentId]);
  const react = (emoji: string, reacted: boolean) => onReact?.(message.id, emoji, reacted);
  const { content, pending, mentions: mentionIds } = message;
  // A message still sending has not been read by the server yet: its text says whom it mentions.
  const mentions = useMemo(
    () => (members ? mentionMarksOf(content, pending ? null : (mentionIds ?? NO_IDS), members) : undefined),
    [members, content, pending, mentionIds],
  );
  // In a room every message can carry read cursors (notices and deleted ones too); in a 1:1 chat
  // only one's own messages do, as before.
  const roomSeenBy = members && <SeenBy agents={seenBy} max={ROOM_SEEN_MAX_AVATARS} align={own ? 'end' : 'start'} />;
  const hoverAction = 'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100';

  const header = firstInGroup && (
    <div className={cn('mb-1 flex items-baseline gap-2 text-xs', own && 'justify-end')}>
      {!own && <span className="font-medium text-zinc-700 dark:text-zinc-300">{senderName}</span>}
      {!own && members && message.sender.isAgent && <AiBadge />}
      <time dateTime={message.timestamp} title={fullTime} data-testid="message-time" className="text-zinc-500 dark:text-zinc-400">
        {time}
      </time>
    </div>
  );

  if (isNotice) {
    return (
      <div className="flex gap-2.5 px-4 pt-3" data-testid="message" data-message-id={message.id}>
        <span className="w-8 shrink-0" />
        <div
          role="note"
          className="flex max-w-[85%] items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0 space-y-2">
            <p className="text-xs font-medium">
              {senderName} could not answer <span className="font-normal opacity-80">· {time}</span>
            </p>
            {message.notice?.code === NO_MODEL_NOTICE_CODE ? (
              // Said the same kind way for every such notice, older ones (which carried set-up details) too.
              <>
                <p className="text-sm leading-relaxed">{shownContent(message)}</p>
                {showModelHint && (
                  <p data-testid="model-setup-hint" className="text-xs opacity-90">
                    {NO_MODEL_SETUP_HINT}
                  </p>
                )}
              </>
            ) : (
              <MessageMarkdown content={message.content} />
            )}
            {message.notice?.retryable && canRegenerate && (
              <Button size="sm" variant="secondary" onClick={() => onRegenerate(message.id)}>
                <RefreshCw aria-hidden="true" className="size-3.5" />
                Try again
              </Button>
            )}
            {roomSeenBy}
          </div>
        </div>
      </div>
    );
  }

  if (deleted) {
    return (
      <div
        data-testid="message"
        data-message-id={message.id}
        data-deleted="true"
        className={cn('flex gap-2.5 px-4', firstInGroup ? 'pt-3' : 'pt-0.5', own ? 'justify-end' : 'justify-start')}
      >
        {!own && (
          <span className="w-8 shrink-0">
            {firstInGroup && <AgentAvatar src={message.sender.avatarUrl} name={senderName} className="size-8" />}
          </span>
        )}
        <div className={cn('flex max-w-[85%] min-w-0 flex-col', own ? 'items-end' : 'items-start')}>
          {header}
          <p
            title={fullTime}
            className={cn(
              'flex items-center gap-1.5 rounded-2xl border border-dashed border-zinc-300 px-3.5 py-2 text-sm text-zinc-500 italic dark:border-zinc-700 dark:text-zinc-400',
              focused && 'ring-2 ring-amber-400',
            )}
          >
            <Ban aria-hidden="true" className="size-3.5 shrink-0" />
            {DELETED_MESSAGE_TEXT}
          </p>
          {roomSeenBy}
        </div>
      </div>
    );
  }

  return (
    <div
      data-testid="message"
      data-message-id={message.id}
      data-pending={message.pending ? 'true' : undefined}
      data-focused={focused ? 'true' : undefined}
      className={cn('group flex gap-2.5 px-4', firstInGroup ? 'pt-3' : 'pt-0.5', own ? 'justify-end' : 'justify-start')}
    >
      {!own && (
        <span className="w-8 shrink-0">
          {firstInGroup && <AgentAvatar src={message.sender.avatarUrl} name={senderName} className="size-8" />}
        </span>
      )}
      <div className={cn('flex max-w-[85%] min-w-0 flex-col', own ? 'items-end' : 'items-start')}>
        {header}
        {message.askedBy && (
          <p data-testid="asked-by" className="mb-1 flex items-center gap-1 text-[11px] text-zinc-500 dark:text-zinc-400">
            <CornerDownRight aria-hidden="true" className="size-3 shrink-0" />
            {fullNameOf(message.askedBy)} asked {senderName}
          </p>
        )}
        <div className={cn('flex items-center gap-1', own && 'flex-row-reverse')}>
          <div
            title={fullTime}
            className={cn(
              'min-w-0 rounded-2xl px-3.5 py-2',
              own
                ? 'rounded-br-md bg-indigo-600 text-white dark:bg-indigo-500 [&_a]:text-white'
                : 'rounded-bl-md bg-white text-zinc-900 ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-700 [&_a]:text-indigo-700 dark:[&_a]:text-indigo-300',
              message.pending && 'opacity-70',
              focused && 'ring-2 ring-amber-400 ring-offset-2 ring-offset-zinc-50 dark:ring-offset-zinc-950',
              editing && 'bg-transparent p-0 ring-0 dark:bg-transparent',
            )}
          >
            {editing ? (
              <EditForm initial={message.content} onSave={(text) => onEdit(message.id, text)} onCancel={() => setEditing(false)} />
            ) : (
              <>
                {message.content && <MessageMarkdown content={message.content} mentions={mentions} onAccent={own} />}
                <MessageAttachments attachments={message.attachments} own={own} />
              </>
            )}
          </div>
          {!editing && (canReact || canEdit) && (
            <div className={cn('flex items-center', own && 'flex-row-reverse')}>
              {canReact && <ReactionPicker mine={mine} onPick={react} className={hoverAction} />}
              {canEdit && (
                <button
                  type="button"
                  aria-label="Edit message"
                  title="Edit message"
                  onClick={() => setEditing(true)}
                  className={cn(
                    'rounded-md p-1 text-zinc-400 transition hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200',
                    hoverAction,
                    focusRing,
                  )}
                >
                  <Pencil aria-hidden="true" className="size-3.5" />
                </button>
              )}
              {canEdit && onDelete && <DeleteMessageButton onDelete={() => onDelete(message.id)} className={hoverAction} />}
            </div>
          )}
        </div>
        <ReactionChips reactions={reactions ?? []} selfAgentId={selfAgentId} own={own} onToggle={canReact ? react : undefined} />
        {(message.isEdited || message.stopped || message.pending) && (
          <div className={cn('mt-0.5 flex gap-1.5', own && 'justify-end')}>
            {message.pending && <span className="sr-only">Sending</span>}
            {message.isEdited && <span className={cn(tag, 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300')}>edited</span>}
            {message.stopped && <span className={cn(tag, 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300')}>Stopped</span>}
          </div>
        )}
        {message.sender.isAgent && canRegenerate && (
          <Button size="sm" variant="ghost" className="mt-1 h-7 px-2 text-zinc-500 dark:text-zinc-400" onClick={() => onRegenerate(message.id)}>
            <RefreshCw aria-hidden="true" className="size-3.5" />
            Regenerate
          </Button>
        )}
        {members ? roomSeenBy : !message.sender.isAgent && <SeenBy agents={seenBy} />}
      </div>
    </div>
  );
});
