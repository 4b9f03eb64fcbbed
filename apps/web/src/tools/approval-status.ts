import { AGENT_TOOL_TEXTS as T, formatMessageTimestamp, type TToolApproval } from '@agentroom/shared';
import { currentLanguage, t, tf } from '../i18n';

const MINUTE_MS = 60_000;

/** How a pending card counts down: within the hour "Expires in 58 min", beyond it "Expires at 14:05". */
export function expiryText(expiresAt: string, now: number): string {
  const remaining = new Date(expiresAt).getTime() - now;
  if (remaining > 60 * MINUTE_MS) return tf(T.expiresAt, formatMessageTimestamp(expiresAt, now, { locale: currentLanguage() }));
  return tf(T.expiresIn, Math.floor(remaining / MINUTE_MS));
}

/**
 * The status the card shows: the server's, except that a pending card past its expiry reads as
 * expired at once (the server's own update follows; a decision now would be refused anyway).
 */
export function shownStatus(approval: TToolApproval, now: number): TToolApproval['status'] {
  if (approval.status === 'pending' && new Date(approval.expiresAt).getTime() <= now) return 'expired';
  return approval.status;
}

/** The line a decided card ends with: "Approved by Maya Lee at 14:02", "Denied by …", "Expired — …" (in the language on screen). */
export function decidedText(approval: TToolApproval, status: TToolApproval['status'], agentName: string): string | undefined {
  const who = approval.decidedBy ? `${approval.decidedBy.firstName} ${approval.decidedBy.lastName}`.trim() : t('someone');
  const at = approval.decidedAt ? formatMessageTimestamp(approval.decidedAt, undefined, { locale: currentLanguage() }) : '';
  if (status === 'approved') return tf(T.approvedBy, who, at);
  if (status === 'denied') return tf(T.deniedBy, who, at);
  if (status === 'expired') return tf(T.expired, agentName);
  return undefined;
}

/**
 * Which copy of the card to show: the message's, once it is decided (the server's word, live for
 * everyone); while it still says pending, what this reader's own decision (or a refetch) answered.
 */
export function currentApproval(fromMessage: TToolApproval, local: TToolApproval | undefined): TToolApproval {
  if (fromMessage.status !== 'pending' || !local || local.toolCallId !== fromMessage.toolCallId) return fromMessage;
  return local;
}
