import type { TListMessage, TToolApproval } from '@agentroom/shared';
import { ApprovalCard } from '../tools/approval-card';
import { fullNameOf } from './agent-names';
import { MessageSeenBy } from './bubble-parts';
import { useConversationInfo } from './conversation-context';

/** A message of type 'approval' in the list: the agent's approval card (tools/approval-card.tsx), with the room's seen markers. */
export function ApprovalBubble({ message, approval, own }: { message: TListMessage; approval: TToolApproval; own: boolean }) {
  const { selfId } = useConversationInfo();
  return (
    <ApprovalCard message={message} approval={approval} agentName={fullNameOf(message.sender)} selfId={selfId}>
      <MessageSeenBy message={message} own={own} />
    </ApprovalCard>
  );
}
