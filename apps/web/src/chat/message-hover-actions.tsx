import { useMemo } from 'react';
import { MessageSquareReply, Pencil } from 'lucide-react';
import { COMPOSER_TEXTS, hasReacted, type TListMessage } from '@agentroom/shared';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { useConversationActions, useConversationInfo } from './conversation-context';
import { ReportMessageButton } from '../safety/report-message-button';
import { CopyButton } from './copy-button';
import { DeleteMessageButton } from './delete-message-button';
import { useMessageAddOns } from './message-add-ons';
import { ReactionPicker } from './message-reactions';
import { ReplyContextButton } from './reply-context-button';
import { useThreadOpener } from './thread-url';

/** Shown while the bubble is hovered or has focus (and while the reaction palette is open). */
const hoverAction = 'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100';

const actionLook = 'text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200';

/** Beside a bubble: react, copy an AI reply, and for one's own message edit and delete. */
export function MessageHoverActions({
  message,
  own,
  canReact,
  canEdit,
  onEdit,
}: {
  message: TListMessage;
  own: boolean;
  canReact: boolean;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { selfId, conversation } = useConversationInfo();
  const openThread = useThreadOpener();
  // Threads (decision 0026): a text message of a room or a 1:1 starts one; a thread's replies do not.
  const canStartThread = !!openThread && !!conversation && !conversation.thread && !message.pending && !message.inThread && message.messageType === 'text';
  const { react, deleteMessage } = useConversationActions();
  const { reactions, id } = message;
  const mine = useMemo(() => new Set((reactions ?? []).filter((r) => hasReacted(r, selfId)).map((r) => r.emoji)), [reactions, selfId]);
  // Pin / Unpin and Save / Remove from saved (pins/), when the page gives them.
  const addOns = useMessageAddOns();
  const { t } = useT();
  return (
    <div className={cn('flex items-center', own && 'flex-row-reverse')}>
      {canReact && <ReactionPicker mine={mine} onPick={(emoji, reacted) => react(id, emoji, reacted)} className={hoverAction} />}
      {message.sender.isAgent && message.content && (
        <CopyButton label={t(COMPOSER_TEXTS.copy)} text={() => message.content} className={cn(actionLook, hoverAction)} />
      )}
      {message.sender.isAgent && !message.pending && (
        <ReplyContextButton messageId={id} agentName={`${message.sender.firstName} ${message.sender.lastName}`.trim()} className={cn(actionLook, hoverAction)} />
      )}
      {canStartThread && (
        <button
          type="button"
          aria-label={t('Reply in thread')}
          title={t('Reply in thread')}
          onClick={() => openThread?.(id)}
          className={cn('rounded-md p-1 transition', actionLook, hoverAction, focusRing)}
        >
          <MessageSquareReply aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
        </button>
      )}
      {canEdit && (
        <button
          type="button"
          aria-label={t('Edit message')}
          title={t('Edit message')}
          onClick={onEdit}
          className={cn('rounded-md p-1 transition', actionLook, hoverAction, focusRing)}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
        </button>
      )}
      {canEdit && <DeleteMessageButton onDelete={() => deleteMessage(id)} className={hoverAction} />}
      {addOns && <addOns.HoverActions message={message} className={cn(actionLook, hoverAction)} />}
      {!own && (
        <ReportMessageButton
          messageId={id}
          sender={{ id: message.sender.id, name: `${message.sender.firstName} ${message.sender.lastName}`.trim(), isAgent: message.sender.isAgent }}
          className={hoverAction}
        />
      )}
    </div>
  );
}
