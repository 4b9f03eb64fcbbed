import { useState } from 'react';
import { AGENT_TOOL_TEXTS as T, type TChatMessage, type TToolApproval } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { isApiError } from '../api/api-error';
import { call } from '../api/call-route';
import { t, tf } from '../i18n';

export type Decision = 'approve' | 'deny';

/**
 * Approve or Deny on an approval card: one decision in flight at a time, the answer's card kept until
 * the message itself says it is decided (`message:updated`), and why it failed in words: 403 names
 * who may decide, 409 says someone was first and fetches the card as it is now.
 */
export function useApprovalDecision(message: Pick<TChatMessage, 'id' | 'conversationId' | 'seq'>, approval: TToolApproval) {
  const [inFlight, setInFlight] = useState<Decision | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [local, setLocal] = useState<TToolApproval | undefined>(undefined);

  /** The card as stored now: the message at its own seq. */
  const refetch = async () => {
    try {
      const page = await call(routes.listMessages, { params: { id: message.conversationId }, query: { after: message.seq - 1, limit: 1 } });
      const fresh = page.messages.find((m) => m.id === message.id)?.approval;
      if (fresh) setLocal(fresh);
    } catch {
      // The `message:updated` that decided it brings the card too; the error line has said enough.
    }
  };

  const decide = async (decision: Decision) => {
    if (inFlight) return;
    setInFlight(decision);
    setError(undefined);
    try {
      const route = decision === 'approve' ? routes.approveToolCall : routes.denyToolCall;
      const answer = await call(route, { params: { id: approval.toolCallId } });
      setLocal(answer.approval);
    } catch (failure) {
      // Said in the language on screen when it fails (a server's text is a key of its own).
      if (isApiError(failure) && failure.status === 403) setError(tf(T.onlyApprovers, approval.approversLabel));
      else if (isApiError(failure) && failure.status === 409) {
        setError(t(T.alreadyDecided));
        void refetch();
      } else setError(t(isApiError(failure) && failure.fromServer ? failure.message : T.decisionFailed));
    } finally {
      setInFlight(null);
    }
  };

  return { inFlight, error, local, decide };
}
