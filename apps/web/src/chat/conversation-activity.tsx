import { OctagonX } from 'lucide-react';
import { typingText } from '@agentroom/shared';
import { Button } from '../ui/button';
import { fullNameOf } from './agent-names';
import { useConversationActions, useConversationInfo, useStreamingReplies, useTypingAgents } from './conversation-context';
import { TypingDots } from './typing-dots';

/** The line under the messages: who is typing and, in a room while AI agents write, 'Stop all replies'. */
export function ConversationActivity() {
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
  const typingAgents = useTypingAgents();
  if (typingAgents.length === 0) return null;
  return (
    <>
      <TypingDots />
      <span data-testid="typing-indicator" className="min-w-0 leading-tight">
        {typingText(typingAgents.map((a) => fullNameOf(a)))}
      </span>
    </>
  );
}

/** Rooms: while any AI agent writes, anyone can stop every reply and the agents asking each other. */
function StopAllReplies() {
  const { conversation } = useConversationInfo();
  const streams = useStreamingReplies();
  const { stopChain } = useConversationActions();
  if (!conversation?.room || !streams.some((reply) => !reply.done)) return null;
  return (
    <Button size="sm" variant="secondary" className="my-1 h-7 shrink-0 px-2.5" onClick={stopChain}>
      <OctagonX aria-hidden="true" className="size-3.5" />
      Stop all replies
    </Button>
  );
}
