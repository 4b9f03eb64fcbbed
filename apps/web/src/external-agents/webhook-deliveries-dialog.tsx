import { EXTERNAL_AGENT_TEXTS, type TExternalAgent, type TWebhookDelivery } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Modal } from '../ui/dialogs';
import { ErrorState, LoadingState } from '../ui/page-states';
import { useLanguage, useT } from '../i18n';
import { useWebhookDeliveries } from './external-agent-queries';

const T = EXTERNAL_AGENT_TEXTS;

const STATUS_TONE: Record<TWebhookDelivery['status'], string> = {
  delivered: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300',
  pending: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-300',
};

function DeliveryRow({ delivery }: { delivery: TWebhookDelivery }) {
  const { t, tf } = useT();
  const language = useLanguage();
  const when = (iso: string) => new Date(iso).toLocaleString(language);
  const status = t(T.deliveryStatus[delivery.status]);
  return (
    <li className="space-y-1 px-3 py-2.5" aria-label={`${delivery.event}: ${status}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs font-medium text-zinc-900 dark:text-zinc-100">{delivery.event}</span>
        <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-medium', STATUS_TONE[delivery.status])}>{status}</span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{tf(T.attempts, delivery.attempts)}</span>
        {delivery.attempts > 0 && <span className="text-xs text-zinc-600 dark:text-zinc-400">{tf(T.lastAnswer, delivery.lastStatus)}</span>}
      </div>
      {delivery.lastError && <p className="text-xs break-words text-red-700 dark:text-red-400">{delivery.lastError}</p>}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        <time dateTime={delivery.createdAt}>{when(delivery.createdAt)}</time>
        {delivery.deliveredAt && ` · ${tf(T.deliveredAt, when(delivery.deliveredAt))}`}
        {delivery.status === 'pending' && delivery.nextAttemptAt && ` · ${tf(T.nextAttempt, when(delivery.nextAttemptAt))}`}
      </p>
    </li>
  );
}

function Deliveries({ handle, agentId }: { handle: string; agentId: string }) {
  const { t } = useT();
  const deliveries = useWebhookDeliveries(handle, agentId);
  if (deliveries.isPending) return <LoadingState text={t('Retrieving deliveries...')} />;
  if (deliveries.isError)
    return (
      <ErrorState message={errorMessage(deliveries.error, T.deliveriesFailed)}>
        <Button variant="secondary" onClick={() => deliveries.refetch()}>
          {t(T.tryAgain)}
        </Button>
      </ErrorState>
    );
  if (deliveries.data.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{t(T.noDeliveries)}</p>;
  return (
    <ul aria-label={t(T.deliveries)} className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {deliveries.data.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} />
      ))}
    </ul>
  );
}

/** The newest webhook deliveries of one agent: event, state, attempts, last answer, times. Fetched while open. */
export function WebhookDeliveriesDialog({ handle, external, open, onOpenChange }: { handle: string; external: TExternalAgent; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, tf } = useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={tf(T.deliveriesTitle, external.agent.fullName)} description={t(T.deliveriesHint)} className="max-w-2xl">
      {open && <Deliveries handle={handle} agentId={external.agent.id} />}
    </Modal>
  );
}
