import { memo, useMemo } from 'react';
import { Hourglass, Square } from 'lucide-react';
import { AGENT_TOOL_TEXTS } from '@agentroom/shared';
import { ToolStepList } from '../tools/tool-step-list';
import { useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Button } from '../ui/button';
import { fullNameOf } from './agent-names';
import { AgentKindBadge } from './ai-badge';
import { useConversationActions, useConversationInfo } from './conversation-context';
import { mentionMarksOf } from './conversation-members';
import { MessageMarkdown } from './message-markdown';
import type { StreamingReply } from './stream-assembly';
import { TypingDots } from './typing-dots';

/**
 * An AI reply as it is written: dots until the first token, then the text so far and 'Stop generating'.
 * In a room the reply names its own agent, marked as AI, and marks the @mentions it writes; in a 1:1
 * chat it is the chat's agent. A delta renders its own reply's bubble only.
 */
export const StreamingBubble = memo(function StreamingBubble({ reply }: { reply: StreamingReply }) {
  const { members, agent } = useConversationInfo();
  const { stopReply } = useConversationActions();
  const { t } = useT();
  const writer = members?.byId.get(reply.agentId) ?? agent;
  const name = writer ? fullNameOf(writer) : t('Agent');
  const mentions = useMemo(() => (members ? mentionMarksOf(reply.text, null, members) : undefined), [members, reply.text]);
  return (
    <div className="flex gap-2.5 px-4 pt-3" data-testid="streaming-reply" data-stream-id={reply.streamId}>
      <span className="w-8 shrink-0">
        <AgentAvatar src={writer?.avatarUrl ?? ''} name={name} className="size-8" />
      </span>
      <div className="flex max-w-[85%] min-w-0 flex-col items-start">
        <div className="mb-1 flex items-baseline gap-2 text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {name}
          {members && <AgentKindBadge external={members.byId.get(reply.agentId)?.isExternal} />}
        </div>
        <ToolStepList steps={reply.steps} filesRead={reply.filesRead} agentName={name} />
        <div className="min-w-0 rounded-2xl rounded-es-md bg-white px-3.5 py-2 text-zinc-900 ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-700">
          {reply.text && <MessageMarkdown content={reply.text} mentions={mentions} />}
          {reply.waiting ? <WaitingForApproval /> : !reply.text && <TypingDots />}
        </div>
        {!reply.done && (
          <Button size="sm" variant="secondary" className="mt-1.5 h-7 px-2.5" onClick={() => stopReply(reply.streamId)}>
            <Square aria-hidden="true" className="size-3 fill-current" />
            {t('Stop generating')}
          </Button>
        )}
      </div>
    </div>
  );
});

/** In place of the typing dots while a tool call waits for a person's decision on its card. */
function WaitingForApproval() {
  const { t } = useT();
  return (
    <p data-testid="waiting-for-approval" className="flex items-center gap-1.5 text-sm text-amber-800 not-first:mt-1.5 dark:text-amber-300">
      <Hourglass aria-hidden="true" className="size-3.5 shrink-0" />
      {t(AGENT_TOOL_TEXTS.waitingForApproval)}
    </p>
  );
}
