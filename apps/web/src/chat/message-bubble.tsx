import { memo, useMemo, useState } from 'react';
import { Ban, CornerDownRight, RefreshCw } from 'lucide-react';
import { DELETED_MESSAGE_TEXT, type TListMessage } from '@agentroom/shared';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';
import { BubbleFrame, fullTimeOf, MessageSeenBy, ReplyVersionPager, useReplyVersions } from './bubble-parts';
import { useConversationActions, useConversationInfo } from './conversation-context';
import { mentionMarksOf } from './conversation-members';
import { MessageAttachments } from './message-attachments';
import { useMessageAddOns } from './message-add-ons';
import { MessageEditForm } from './message-edit-form';
import { MessageHoverActions } from './message-hover-actions';
import { MessageMarkdown } from './message-markdown';
import { ReactionChips } from './message-reactions';
import { NoticeBubble } from './notice-bubble';
import { FromThreadLine, ThreadSummaryLine } from './thread-summary';
import { useIsBlocked } from '../safety/use-blocks';
import { BlockedBubble } from './blocked-bubble';
import { ApprovalBubble } from './approval-bubble';
import { StepLimitLine, ToolStepList } from '../tools/tool-step-list';

export interface MessageBubbleProps {
  message: TListMessage;
  firstInGroup: boolean;
  /** The newest message of the conversation: only it can be regenerated (a notice can be retried wherever it is). */
  canRegenerate: boolean;
  /** The message a search hit opened the chat at: marked so the eye finds it. */
  focused?: boolean;
}

interface BubbleProps extends MessageBubbleProps {
  own: boolean;
}

const NO_IDS: readonly string[] = [];
const tag = 'rounded px-1.5 py-px text-[11px] font-medium bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300';

/**
 * One message: a notice, a deleted message, or text with its files, tags, reactions, seen markers
 * and actions. Its props are its message and its place in the list; the rest it reads from the
 * conversation (conversation-context.tsx), so it renders again only when these change.
 */
export const MessageBubble = memo(function MessageBubble(props: MessageBubbleProps) {
  const own = props.message.sender.id === useConversationInfo().selfId;
  const blockedSender = useIsBlocked(props.message.sender.id);
  if (props.message.messageType === 'notice') return <NoticeBubble message={props.message} own={own} />;
  if (props.message.messageType === 'approval' && props.message.approval)
    return <ApprovalBubble message={props.message} approval={props.message.approval} own={own} />;
  if (props.message.deleted === true) return <DeletedBubble {...props} own={own} />;
  if (!own && blockedSender) return <BlockedBubble {...props} own={own} reveal={() => <TextBubble {...props} own={own} />} />;
  return <TextBubble {...props} own={own} />;
});

function DeletedBubble({ message, own, firstInGroup, focused = false }: BubbleProps) {
  const { t } = useT();
  const fullTime = fullTimeOf(message.timestamp);
  return (
    <BubbleFrame message={message} own={own} firstInGroup={firstInGroup} fullTime={fullTime} marks={{ 'data-deleted': 'true' }}>
      <p
        title={fullTime}
        className={cn(
          'flex items-center gap-1.5 rounded-2xl border border-dashed border-zinc-300 px-3.5 py-2 text-sm text-zinc-500 italic dark:border-zinc-700 dark:text-zinc-400',
          focused && 'ring-2 ring-amber-400',
        )}
      >
        <Ban aria-hidden="true" className="size-3.5 shrink-0" />
        {t(DELETED_MESSAGE_TEXT)}
      </p>
      {message.thread && <ThreadSummaryLine rootMessageId={message.id} thread={message.thread} own={own} />}
      <MessageSeenBy message={message} own={own} />
    </BubbleFrame>
  );
}

function TextBubble({ message, own, firstInGroup, canRegenerate, focused = false }: BubbleProps) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const addOns = useMessageAddOns();
  const { selfId, members } = useConversationInfo();
  const { edit, react, regenerate } = useConversationActions();
  const fullTime = fullTimeOf(message.timestamp);
  const canEdit = own && !message.pending;
  const canReact = !message.pending;
  const versions = useReplyVersions(message);
  const { content } = versions;
  const { pending, mentions: mentionIds } = message;
  // 'Stopped' is said of the newest version (the one the reply was stopped in).
  const stopped = message.stopped === true && versions.index === versions.count - 1;
  // A message still sending has not been read by the server yet: its text says whom it mentions.
  const mentions = useMemo(
    () => (members ? mentionMarksOf(content, pending ? null : (mentionIds ?? NO_IDS), members) : undefined),
    [members, content, pending, mentionIds],
  );
  const marks = { 'data-pending': message.pending ? 'true' : undefined, 'data-focused': focused ? 'true' : undefined } as const;
  return (
    <BubbleFrame message={message} own={own} firstInGroup={firstInGroup} fullTime={fullTime} marks={marks} className="group">
      {addOns && <addOns.BubbleMark message={message} own={own} />}
      {message.askedBy && (
        <p data-testid="asked-by" className="mb-1 flex items-center gap-1 text-[11px] text-zinc-500 dark:text-zinc-400">
          <CornerDownRight aria-hidden="true" className="size-3 shrink-0 rtl:-scale-x-100" />
          {t('{{asker}} asked {{agent}}', { asker: fullNameOf(message.askedBy), agent: fullNameOf(message.sender) })}
        </p>
      )}
      {message.fromThread && <FromThreadLine place={message.fromThread} />}
      {message.sender.isAgent && <ToolStepList steps={message.toolSteps} filesRead={message.filesRead} agentName={fullNameOf(message.sender)} />}
      <div className={cn('flex items-center gap-1', own && 'flex-row-reverse')}>
        <div
          title={fullTime}
          className={cn(
            'min-w-0 rounded-2xl px-3.5 py-2',
            own
              ? 'rounded-ee-md bg-indigo-600 text-white dark:bg-indigo-500 [&_a]:text-white'
              : 'rounded-es-md bg-white text-zinc-900 ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-700 [&_a]:text-indigo-700 dark:[&_a]:text-indigo-300',
            // Dimmed while sending, no further: white on the faded indigo keeps a 4.5:1 contrast (axe checks it).
            message.pending && 'opacity-85',
            focused && 'ring-2 ring-amber-400 ring-offset-2 ring-offset-zinc-50 dark:ring-offset-zinc-950',
            editing && 'bg-transparent p-0 ring-0 dark:bg-transparent',
          )}
        >
          {editing ? (
            <MessageEditForm initial={message.content} onSave={(text) => edit(message.id, text)} onCancel={() => setEditing(false)} />
          ) : (
            <>
              {content && <MessageMarkdown content={content} mentions={mentions} onAccent={own} />}
              <MessageAttachments attachments={message.attachments} own={own} />
            </>
          )}
        </div>
        {!editing && canReact && <MessageHoverActions message={message} own={own} canReact={canReact} canEdit={canEdit} onEdit={() => setEditing(true)} />}
      </div>
      <ReactionChips
        reactions={message.reactions ?? []}
        selfAgentId={selfId}
        own={own}
        onToggle={canReact ? (emoji, reacted) => react(message.id, emoji, reacted) : undefined}
      />
      {message.thread && <ThreadSummaryLine rootMessageId={message.id} thread={message.thread} own={own} />}
      {message.stepLimit !== undefined && <StepLimitLine agentName={fullNameOf(message.sender)} steps={message.stepLimit} />}
      {(message.isEdited || stopped || message.pending) && (
        <div className={cn('mt-0.5 flex gap-1.5', own && 'justify-end')}>
          {message.pending && <span className="sr-only">{t('Sending')}</span>}
          {message.isEdited && <span className={tag}>{t('edited')}</span>}
          {stopped && <span className={tag}>{t('Stopped')}</span>}
        </div>
      )}
      {message.sender.isAgent && (canRegenerate || versions.count > 1) && (
        <div className="mt-1 flex items-center gap-1">
          {versions.count > 1 && <ReplyVersionPager {...versions} />}
          {canRegenerate && (
            <Button size="sm" variant="ghost" className="h-7 px-2 text-zinc-500 dark:text-zinc-400" onClick={() => regenerate(message.id)}>
              <RefreshCw aria-hidden="true" className="size-3.5" />
              {t('Regenerate')}
            </Button>
          )}
        </div>
      )}
      <MessageSeenBy message={message} own={own} inDirectChat={!message.sender.isAgent} />
    </BubbleFrame>
  );
}
