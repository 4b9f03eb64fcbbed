import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { OctagonX, WifiOff } from 'lucide-react';
import { typingText, type TListMessage } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { t, useT } from '../i18n';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { fullNameOf } from './agent-names';
import { Composer } from './composer';
import {
  useConversationActions,
  useConversationInfo,
  useConversationList,
  useConversationStatus,
  useStreamingReplies,
  useTypingAgents,
} from './conversation-context';
import { ReadOnlyLine, readOnlyReasonOf } from '../safety/read-only-line';
import { useBlockedIds } from '../safety/use-blocks';
import { ErrorLine } from './error-line';
import { loadPlainText, quickSnippet } from './lazy-snippet';
import { usePreloadMarkdownWhenIdle } from './markdown-loader';
import { useMessageAddOns } from './message-add-ons';
import { MessageList } from './message-list';
import { OutboxList } from './outbox-list';
import { TypingDots } from './typing-dots';

/**
 * A conversation under its header, the same for a 1:1 chat and a team room: connection and load
 * errors, the messages, who is typing, the composer. It reads the conversation of the nearest
 * ConversationProvider. A conversation with more than two members (a room, see
 * conversation-members.ts) also names and marks its AI agents, shows everyone's seen markers,
 * completes @mentions, and offers 'Stop all replies' while AI agents write.
 */
export function ConversationPane({
  header,
  blocked,
  alsoSendLabel,
  label,
  className,
}: {
  header?: ReactNode;
  /** Shown instead of the messages, with the composer disabled (the agent is unknown, it is oneself). */
  blocked?: ReactNode;
  /** A thread: the label of the composer's checkbox that also sends a reply to the thread's conversation. */
  alsoSendLabel?: string;
  /** The region's name: 'Chat', or 'Thread replies' beside it (two regions of one name are ambiguous). */
  label?: string;
  className?: string;
}) {
  usePreloadMarkdownWhenIdle();
  const { t } = useT();
  const addOns = useMessageAddOns();
  const content = (
    <>
      {header}
      <ConnectionNotices />
      <div className="flex min-h-0 flex-1 flex-col">{blocked ?? <ConversationBody />}</div>
      <ConversationActivity />
      <NewMessageAnnouncer />
      <ConversationComposer disabled={!!blocked} alsoSendLabel={alsoSendLabel} />
    </>
  );
  return (
    <section aria-label={label ?? t('Chat')} className={cn('flex-col bg-zinc-50 dark:bg-zinc-950', className)}>
      {addOns ? <addOns.Scope>{content}</addOns.Scope> : content}
    </section>
  );
}

function ConnectionNotices() {
  const { conversation } = useConversationInfo();
  const { offline, socketError, connection } = useConversationStatus();
  const { reconnect } = useConversationActions();
  const { t } = useT();
  return (
    <>
      {offline && (
        <p role="status" className="flex items-center gap-2 border-b border-zinc-200 bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {t('You are offline. New messages will appear when the connection is back.')}
        </p>
      )}
      {conversation && socketError && (
        <ErrorLine message={socketError} action={connection === 'connected' ? undefined : { label: t('Reconnect'), run: reconnect }} />
      )}
    </>
  );
}

function ConversationBody() {
  const { conversation } = useConversationInfo();
  const { loadError } = useConversationStatus();
  const { listKey } = useConversationList();
  const { retryLoad } = useConversationActions();
  const { t } = useT();
  if (loadError) return <ErrorLine message={loadError} action={{ label: t('Try again'), run: retryLoad }} />;
  if (!conversation)
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label={t('Loading messages...')} className="size-5 text-indigo-600 dark:text-indigo-400" />
      </div>
    );
  // Another window (a search hit, or back to the newest messages) starts the list view over.
  return <MessageList key={listKey} />;
}

/** Says new messages from others aloud (the virtualised list itself is not a live region: scrolling would re-announce). */
function NewMessageAnnouncer() {
  const { selfId } = useConversationInfo();
  const latest = useConversationList().messages.at(-1);
  const text = useAnnouncement(latest, selfId);
  return (
    <p aria-live="polite" className="sr-only">
      {text}
    </p>
  );
}

/** How much of a new message is read aloud. */
const ANNOUNCED_LENGTH = 200;

function useAnnouncement(latest: TListMessage | undefined, selfId: string): string {
  const [text, setText] = useState('');
  const lastSeen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!latest || latest.pending) return;
    const previous = lastSeen.current;
    lastSeen.current = latest.id;
    if (previous === undefined || previous === latest.id || latest.sender.id === selfId) return;
    // Read as the bubble shows it, not its Markdown ('**Done**' is 'Done', not 'star star Done').
    let current = true;
    void loadPlainText().then(
      (plainText) => current && setText(t('New message from {{name}}: {{text}}', { name: fullNameOf(latest.sender), text: plainText(latest.content, ANNOUNCED_LENGTH) })),
      () => current && setText(t('New message from {{name}}: {{text}}', { name: fullNameOf(latest.sender), text: quickSnippet(latest.content, ANNOUNCED_LENGTH) })),
    );
    return () => {
      current = false;
    };
  }, [latest, selfId]);
  return text;
}

function ConversationComposer({ disabled, alsoSendLabel }: { disabled: boolean; alsoSendLabel: string | undefined }) {
  const { user } = useAuth();
  const { conversation, members, selfId } = useConversationInfo();
  const { sendError } = useConversationStatus();
  const { send, setTyping } = useConversationActions();
  const [alsoSend, setAlsoSend] = useState(false);
  const alsoSendId = useId();
  const mentionCandidates = useMemo(() => members?.list.filter((member) => member.id !== selfId), [members, selfId]);
  // A 1:1 out of reach or behind a block takes no messages: its line replaces the composer (decision 0022).
  const readOnly = readOnlyReasonOf(conversation?.readOnly, conversation?.otherAgent?.id, useBlockedIds());
  if (conversation && !conversation.room && readOnly) return <ReadOnlyLine reason={readOnly} />;
  return (
    <Composer
      onSend={
        alsoSendLabel
          ? async (content, files) => {
              await send(content, files, { alsoSendToParent: alsoSend });
              // Like the text, the choice is for one message: the next reply stays in the thread.
              setAlsoSend(false);
            }
          : send
      }
      options={
        alsoSendLabel && (
          <div className="mt-1.5 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            <input
              id={alsoSendId}
              type="checkbox"
              checked={alsoSend}
              disabled={!conversation || disabled}
              onChange={(event) => setAlsoSend(event.target.checked)}
              className="size-4 rounded border-zinc-300 accent-indigo-600 dark:border-zinc-600"
            />
            <label htmlFor={alsoSendId}>{alsoSendLabel}</label>
          </div>
        )
      }
      onTypingChange={setTyping}
      disabled={!conversation || disabled}
      error={sendError}
      draftKey={conversation && user ? `${user.agentId}/${conversation.id}` : undefined}
      mentionCandidates={mentionCandidates}
      outbox={user && <OutboxList userId={user.agentId} conversationId={conversation?.id} />}
    />
  );
}

/** The line under the messages: who is typing and, in a room while AI agents write, 'Stop all replies'. */
function ConversationActivity() {
  return (
    <div className="flex min-h-6 items-center gap-2 px-4 text-xs text-zinc-500 dark:text-zinc-400">
      <div aria-live="polite" className="flex min-w-0 flex-1 items-center gap-2">
        <TypingIndicator />
      </div>
      <StopAllReplies />
    </div>
  );
}

function TypingIndicator() {
  const { tf } = useT();
  const typingAgents = useTypingAgents();
  if (typingAgents.length === 0) return null;
  return (
    <>
      <TypingDots />
      <span data-testid="typing-indicator" className="min-w-0 leading-tight">
        {tf(typingText, typingAgents.map((a) => fullNameOf(a)))}
      </span>
    </>
  );
}

/** Rooms: while any AI agent writes, anyone can stop every reply and the agents asking each other. */
function StopAllReplies() {
  const { conversation, members } = useConversationInfo();
  const streams = useStreamingReplies();
  const { stopChain } = useConversationActions();
  const { t } = useT();
  // A thread of a room (its members mirror the room's) stops its replies the same way.
  const manyVoices = !!conversation?.room || (!!conversation?.thread && !!members);
  if (!manyVoices || !streams.some((reply) => !reply.done)) return null;
  return (
    <Button size="sm" variant="secondary" className="my-1 h-7 shrink-0 px-2.5" onClick={stopChain}>
      <OctagonX aria-hidden="true" className="size-3.5" />
      {t('Stop all replies')}
    </Button>
  );
}
