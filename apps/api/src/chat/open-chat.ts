import { MESSAGE_PAGE_SIZE, type TOpenChatResponse } from '@agentroom/shared';
import type { AppContext } from '../context';
import { findVisibleAgent } from '../agents/agents-service';
import { startConversation } from './conversation-service';
import { listMessages } from './message-service';

/**
 * POST /chat/open: what the chat page needs first, in one round trip instead of three, under the
 * very rules of those three calls (each step is the service behind its own route): the agent the
 * caller may see (else 404), the conversation with it got or started (personal, or team-scoped in
 * `teamHandle`: member checks as for /start), and its newest page with seenStatus. One's own
 * profile has no conversation: both are null.
 */
export async function openChat(
  ctx: AppContext,
  callerAgentId: string,
  input: { username: string; teamHandle?: string | undefined },
): Promise<TOpenChatResponse> {
  const agent = await findVisibleAgent(ctx, input.username, callerAgentId);
  if (agent.id === callerAgentId) return { agent, conversation: null, page: null };
  const scope = input.teamHandle
    ? ({ conversationType: 'team-scoped', isTeamScoped: true, teamHandle: input.teamHandle } as const)
    : ({ conversationType: 'personal', isTeamScoped: false, teamHandle: undefined } as const);
  const conversation = await startConversation(ctx, callerAgentId, agent.id, scope);
  const page = await listMessages(ctx, callerAgentId, conversation.id, { page: 1, limit: MESSAGE_PAGE_SIZE });
  return { agent, conversation, page };
}
