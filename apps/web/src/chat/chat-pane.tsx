import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CircleAlert, OctagonX, UserRound, WifiOff } from 'lucide-react';
import { typingText, type TAgent, type TSeenAgent } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useOwnsTeam } from '../teams/use-my-teams';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { fullNameOf } from './agent-names';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { conversationMembers } from './conversation-members';
import { MessageList } from './message-list';
import { TypingDots } from './typing-dots';
import type { ChatSession } from './use-chat-session';
import { usePreloadMarkdownWhenIdle } from './markdown-loader';

/** Says new messages from others aloud (the virtualised list itself is not a live region: scrolling would re-announce). */
function useAnnouncement(session: ChatSession, selfAgentId: string | undefined): string {
  const [text, setText] = useState('');
  const lastSeen = useRef<string | undefined>(undefined);
  const latest = session.messages.at(-1);
  useEffect(() => {
    if (!latest || latest.pending) return;
    const previous = lastSeen.current;
    lastSeen.current = latest.id;
    if (previous === undefined || previous === latest.id || latest.sender.id === selfAgentId) return;
    setText(`New message from ${fullNameOf(latest.sender)}: ${latest.content.slice(0, 200)}`);
  }, [latest, selfAgentId]);
  return text;
}

function ErrorLine({ message, action }: { message: string; action?: { label: string; run: () => void } }) {
  return (
    <div role="alert" className="flex items-center gap-2 border-b border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200">
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 break-words">Error: {message}</span>
      {action && (
        <Button size="sm" variant="secondary" onClick={action.run}>
          {action.label}
        </Button>
      )}
    </div>
  );
}

/** The left pane of spec §2's chat page: the agent header above the conversation. */
export function ChatPane({
  session,
  agent,
  agentOnline,
  isSelf,
  agentError,
  profileOpen,
  onToggleProfile,
  onBack,
  header,
  className,
}: {
  session: ChatSession;
  agent: TAgent | undefined;
  agentOnline: boolean | null;
  isSelf: boolean;
  agentError: string | undefined;
  profileOpen: boolean;
  onToggleProfile: () => void;
  onBack: () => void;
  /** In place of the agent header (a room's own header). */
  header?: ReactNode;
  className?: string;
}) {
  usePreloadMarkdownWhenIdle();
  // An AI agent without a model: only its team's owners are told how to connect one.
  const showModelHint = useOwnsTeam(agent?.isHuman === false ? agent.ownerTeamId : null);
  const seenAgent: TSeenAgent | undefined = agent
    ? { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, avatarUrl: agent.avatarUrl }
    : undefined;

  let blocked;
  if (agentError) blocked = <ErrorLine message={agentError} />;
  else if (isSelf)
    blocked = (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
        <UserRound aria-hidden="true" className="size-8 text-zinc-300 dark:text-zinc-600" />
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">This is your profile</p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Open a teammate or an AI agent from a team to start chatting.</p>
      </div>
    );

  return (
    <section aria-label="Chat" className={cn('flex-col bg-zinc-50 dark:bg-zinc-950', className)}>
      {header ?? (
        <ChatHeader
          agent={agent}
          agentOnline={agentOnline}
          connection={session.conversation ? session.connection : 'disconnected'}
          onBack={onBack}
          profileOpen={profileOpen}
          onToggleProfile={onToggleProfile}
        />
      )}
      <ChatConversation session={session} agent={seenAgent} showModelHint={showModelHint} blocked={blocked} />
    </section>
  );
}

/**
 * One conversation under its header: connection and load errors, the messages, who is typing, the
 * composer. Shared by 1:1 chats (ChatPane) and team rooms: a conversation with more than two members
 * (`session.conversation.room`, see conversation-members.ts) also names and marks its AI agents, shows
 * everyone's seen markers, completes @mentions, and offers 'Stop all replies' while AI agents write.
 */
export function ChatConversation({
  session,
  agent,
  showModelHint = false,
  blocked,
}: {
  session: ChatSession;
  /** 1:1: the other agent, for its streaming replies (in rooms each reply names its own agent). */
  agent?: TSeenAgent;
  /** The viewer owns the AI agent's team: a 'no model' notice also says how to connect one. */
  showModelHint?: boolean;
  /** Shown instead of the messages, with the composer disabled (the agent is unknown, it is oneself). */
  blocked?: ReactNode;
}) {
  const { user } = useAuth();
  const selfId = user?.agentId ?? '';
  const announcement = useAnnouncement(session, user?.agentId);
  const ready = !!session.conversation;
  const members = useMemo(() => conversationMembers(session.conversation, selfId), [session.conversation, selfId]);
  const mentionCandidates = useMemo(() => members?.list.filter((member) => member.id !== selfId), [members, selfId]);
  // Rooms: while any AI agent writes, anyone can stop every reply and the agents asking each other.
  const chainRunning = !!session.conversation?.room && session.streams.some((reply) => !reply.done);

  let body;
  if (blocked) body = blocked;
  else if (session.loadError) body = <ErrorLine message={session.loadError} action={{ label: 'Try again', run: session.retryLoad }} />;
  else if (!ready)
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label="Loading messages..." className="size-5 text-indigo-600 dark:text-indigo-400" />
      </div>
    );
  else
    body = (
      <MessageList
        // Another window (a search hit, or back to the newest messages) starts the list view over.
        key={session.listKey}
        selfAgentId={selfId}
        messages={session.messages}
        streams={session.streams}
        agent={agent}
        members={members}
        hasMore={session.hasMore}
        loadingOlder={session.loadingOlder}
        seenStatus={session.seenStatus}
        onLoadOlder={session.loadOlder}
        onEdit={session.edit}
        onRegenerate={session.regenerate}
        onStop={session.stopReply}
        onVisible={session.markRead}
        showModelHint={showModelHint}
        hasNewer={session.hasNewer}
        loadingNewer={session.loadingNewer}
        onLoadNewer={session.loadNewer}
        focusMessageId={session.focusMessageId}
        onReact={session.react}
        onDelete={session.deleteMessage}
      />
    );

  return (
    <>
      {session.offline && (
        <p role="status" className="flex items-center gap-2 border-b border-zinc-200 bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          You are offline. New messages will appear when the connection is back.
        </p>
      )}
      {ready && session.socketError && (
        <ErrorLine message={session.socketError} action={session.connection === 'connected' ? undefined : { label: 'Reconnect', run: session.reconnect }} />
      )}
      <div className="flex min-h-0 flex-1 flex-col">{body}</div>
      <div className="flex min-h-6 items-center gap-2 px-4 text-xs text-zinc-500 dark:text-zinc-400">
        <div aria-live="polite" className="flex min-w-0 flex-1 items-center gap-2">
          {session.typingAgents.length > 0 && (
            <>
              <TypingDots />
              <span data-testid="typing-indicator" className="min-w-0 leading-tight">
                {typingText(session.typingAgents.map((a) => fullNameOf(a)))}
              </span>
            </>
          )}
        </div>
        {chainRunning && (
          <Button size="sm" variant="secondary" className="my-1 h-7 shrink-0 px-2.5" onClick={session.stopChain}>
            <OctagonX aria-hidden="true" className="size-3.5" />
            Stop all replies
          </Button>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Composer
        onSend={session.send}
        onTypingChange={session.setTyping}
        disabled={!ready || !!blocked}
        error={session.sendError}
        draftKey={session.conversation && user ? `${user.agentId}/${session.conversation.id}` : undefined}
        mentionCandidates={mentionCandidates}
      />
    </>
  );
}
