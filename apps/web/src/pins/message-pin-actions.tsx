import type { ComponentType } from 'react';
import { Bookmark, BookmarkX, Pin, PinOff } from 'lucide-react';
import type { TConversation, TListMessage } from '@agentroom/shared';
import { useConversationInfo } from '../chat/conversation-context';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { pinsConversationOf, usePinMarks } from './pin-marks';
import { PIN_TEXTS } from './pin-texts';

/**
 * Whether the message can be pinned here: by anyone in the conversation, but not in a thread, not a
 * deleted message, and not in a 1:1 that went read-only (the API refuses the first two as well).
 */
function canPinIn(conversation: TConversation | undefined, message: TListMessage): conversation is TConversation {
  if (!conversation || conversation.conversationType === 'thread' || conversation.thread || conversation.readOnly) return false;
  return !message.inThread && message.deleted !== true && !message.pending && message.messageType === 'text';
}

function IconAction({ label, icon: Icon, onClick, disabled, className }: { label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; onClick: () => void; disabled: boolean; className: string }) {
  return (
    <button type="button" aria-label={label} title={label} disabled={disabled} onClick={onClick} className={cn('rounded-md p-1 transition', className, focusRing)}>
      <Icon aria-hidden className="size-3.5" />
    </button>
  );
}

/** Among a message's hover actions: Pin / Unpin (for everyone here) and Save / Remove from saved (for oneself). */
export function MessagePinActions({ message, className }: { message: TListMessage; className: string }) {
  const { t } = useT();
  const { conversation } = useConversationInfo();
  const marks = usePinMarks();
  const pinnable = canPinIn(conversation, message);
  if (!marks || message.pending || message.deleted) return null;
  const { pins, saves } = marks;
  const pinned = pinnable && marks.pinned.has(message.id);
  const saved = marks.saved.has(message.id);
  return (
    <>
      {pinnable && (
        <IconAction
          label={t(pinned ? PIN_TEXTS.unpin : PIN_TEXTS.pin)}
          icon={pinned ? PinOff : Pin}
          disabled={pins.pendingId === message.id}
          onClick={() => (pinned ? pins.unpin(message.id) : pins.pin(message.id))}
          className={className}
        />
      )}
      <IconAction
        label={t(saved ? PIN_TEXTS.unsave : PIN_TEXTS.save)}
        icon={saved ? BookmarkX : Bookmark}
        disabled={saves.pendingId === message.id}
        onClick={() => (saved ? saves.unsave(message.id) : saves.save(message.id))}
        className={className}
      />
    </>
  );
}

/** In a pinned message's bubble: a small pin and "Pinned". */
export function PinnedMark({ message, own }: { message: TListMessage; own: boolean }) {
  const { t } = useT();
  const { conversation } = useConversationInfo();
  const marks = usePinMarks();
  const pinned = !message.inThread && !!pinsConversationOf(conversation) && !!marks?.pinned.has(message.id);
  if (!pinned) return null;
  return (
    <p data-testid="pinned-mark" className={cn('mb-1 flex items-center gap-1 text-[11px] font-medium text-amber-700 dark:text-amber-300', own && 'justify-end')}>
      <Pin aria-hidden="true" className="size-3 shrink-0" />
      {t(PIN_TEXTS.pinned)}
    </p>
  );
}
