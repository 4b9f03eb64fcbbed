import { useState, type ReactNode } from 'react';
import { CircleAlert, Clock, ShieldQuestion } from 'lucide-react';
import { AGENT_TOOL_TEXTS as T, type TChatMessage, type TToolApproval } from '@agentroom/shared';
import { useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { currentApproval, decidedText, expiryText, shownStatus } from './approval-status';
import { readableArguments, TextBox } from './text-box';
import { useApprovalDecision } from './use-approval-decision';
import { useNow } from './use-now';

/** Arguments longer than this start folded (the card stays short in the conversation). */
const LONG_ARGUMENTS = 400;

const STATUS_LOOK: Record<TToolApproval['status'], string> = {
  pending: 'border-amber-300 bg-amber-50/60 dark:border-amber-800/70 dark:bg-amber-950/30',
  approved: 'border-emerald-300 bg-white dark:border-emerald-900/70 dark:bg-zinc-900',
  denied: 'border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900',
  expired: 'border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900',
};

/**
 * An AI agent asks to run a tool: the same card for everyone in the conversation, with Approve and
 * Deny for those who may decide while it is pending. The card follows its message (`message:updated`
 * replaces it when anyone decides or it expires), and says a change of status aloud.
 */
export function ApprovalCard({
  message,
  approval: stored,
  agentName,
  selfId,
  children,
}: {
  message: Pick<TChatMessage, 'id' | 'conversationId' | 'seq' | 'sender'>;
  approval: TToolApproval;
  agentName: string;
  selfId: string;
  /** Under the card (the seen markers of a room). */
  children?: ReactNode;
}) {
  const { t, tf } = useT();
  const { inFlight, error, local, decide } = useApprovalDecision(message, stored);
  const approval = currentApproval(stored, local);
  const now = useNow(approval.status === 'pending');
  const status = shownStatus(approval, now);
  const pending = status === 'pending';
  const mayDecide = pending && approval.approverIds.includes(selfId);
  const decided = decidedText(approval, status, agentName);
  const announcement = useStatusAnnouncement(status, decided);
  const args = readableArguments(approval.arguments);

  return (
    <div className="flex gap-2.5 px-4 pt-3" data-testid="message" data-message-id={message.id}>
      <span className="w-8 shrink-0">
        <AgentAvatar src={message.sender.avatarUrl} name={agentName} className="size-8" />
      </span>
      <div className="flex max-w-[85%] min-w-0 flex-1 flex-col items-start sm:max-w-lg">
        <div
          role="group"
          aria-label={tf(T.cardLabel, agentName)}
          data-testid="approval-card"
          data-status={status}
          className={cn('flex w-full min-w-0 flex-col gap-2 rounded-xl border px-3.5 py-3 text-zinc-900 dark:text-zinc-100', STATUS_LOOK[status])}
        >
          <p className="flex min-w-0 items-start gap-1.5 text-sm">
            <ShieldQuestion aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
            <span className="min-w-0 wrap-anywhere">
              <span className="font-medium">{agentName}</span> {t(T.wantsToUse)}{' '}
              <code className="rounded bg-zinc-100 px-1 py-px font-mono text-[13px] dark:bg-zinc-800">{approval.tool}</code>
            </span>
          </p>
          {approval.reason && <p className="text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere">{approval.reason}</p>}
          <details open={args.length <= LONG_ARGUMENTS} className="min-w-0">
            <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-400">{t(T.argumentsHeading)}</summary>
            <TextBox text={args} label={t(T.argumentsHeading)} className="mt-1" />
          </details>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{tf(T.whoMayApprove, approval.approversLabel)}</p>
          {pending ? (
            <p data-testid="approval-expiry" className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
              <Clock aria-hidden="true" className="size-3.5 shrink-0" />
              {expiryText(approval.expiresAt, now)}
            </p>
          ) : (
            <p data-testid="approval-outcome" className="text-sm font-medium">
              {decided}
            </p>
          )}
          {mayDecide && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" loading={inFlight === 'approve'} disabled={inFlight !== null} onClick={() => void decide('approve')}>
                {t(T.approve)}
              </Button>
              <Button size="sm" variant="secondary" loading={inFlight === 'deny'} disabled={inFlight !== null} onClick={() => void decide('deny')}>
                {t(T.deny)}
              </Button>
            </div>
          )}
          {error && (
            <p role="alert" className="flex items-start gap-1.5 text-xs text-red-700 dark:text-red-400">
              <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              <span className="min-w-0 wrap-anywhere">{error}</span>
            </p>
          )}
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </div>
        {children}
      </div>
    </div>
  );
}

/** The words a screen reader hears when the card's status changes while it is on screen (not on its first render). */
function useStatusAnnouncement(status: TToolApproval['status'], decided: string | undefined): string {
  const [first] = useState(status);
  return status !== first && decided ? decided : '';
}
