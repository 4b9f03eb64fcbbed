import { useState } from 'react';
import { History, KeyRound, Pencil, RotateCw, Trash2, TriangleAlert } from 'lucide-react';
import { EXTERNAL_AGENT_TEXTS, type TExternalAgent } from '@agentroom/shared';
import { AgentAvatar } from '../people/agent-avatar';
import { ExternalBadge } from '../people/external-badge';
import { Button } from '../ui/button';
import { useLanguage, useT } from '../i18n';
import { EditExternalAgentDialog, RemoveExternalAgentDialog, RevokeTokenDialog, RotateTokenDialog } from './external-agent-dialogs';
import { listensToLabel } from './external-agent-form';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';

const T = EXTERNAL_AGENT_TEXTS;
type Open = 'edit' | 'rotate' | 'revoke' | 'remove' | 'deliveries' | null;
const muted = 'text-xs text-zinc-600 dark:text-zinc-400';

/** One external agent: who it is, what it hears, where its events go, its token and webhook health, and what can be done with it. */
export function ExternalAgentItem({ handle, external }: { handle: string; external: TExternalAgent }) {
  const { t, tf } = useT();
  const language = useLanguage();
  const [open, setOpen] = useState<Open>(null);
  const { agent, token, webhooks } = external;
  const name = agent.fullName;
  const dialog = (which: Exclude<Open, null>) => ({ open: open === which, onOpenChange: (next: boolean) => setOpen(next ? which : null) });

  return (
    <div className="space-y-2 px-3 py-3" role="group" aria-label={name}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <AgentAvatar src={agent.avatarUrl} name={name} className="size-10 shrink-0" />
          <div className="min-w-0 space-y-0.5">
            <p className="flex flex-wrap items-center gap-1.5 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              <span className="truncate">{name}</span>
              <ExternalBadge />
            </p>
            <p className={muted}>
              @{agent.username}
              {agent.role && ` · ${agent.role}`}
            </p>
            <p className={muted}>
              {t(T.listensTo)}: {t(listensToLabel[external.listensTo])}
            </p>
            <p className={`${muted} break-all`}>{external.webhookUrl ?? t(T.socket)}</p>
            {token ? (
              <p className={muted}>
                <KeyRound aria-hidden="true" className="me-1 inline size-3" />
                {tf(T.tokenHint, token.hint)} · {token.lastUsedAt ? tf(T.tokenLastUsed, new Date(token.lastUsedAt).toLocaleString(language)) : t(T.tokenNeverUsed)}
              </p>
            ) : (
              <p className="text-xs font-medium text-amber-800 dark:text-amber-300">{t(T.tokenRevoked)}</p>
            )}
            {external.webhookUrl && (
              <p className={muted} data-testid="webhook-health">
                {tf(T.webhookHealth, webhooks.delivered, webhooks.pending, webhooks.failed)}
              </p>
            )}
            {webhooks.lastError && (
              <p className="flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                <span className="min-w-0 break-words">{tf(T.lastWebhookError, webhooks.lastError)}</span>
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-1 sm:max-w-[16rem] sm:shrink-0 sm:justify-end">
          <Button variant="ghost" size="sm" onClick={() => setOpen('edit')} aria-label={t('Edit {{name}}', { name })}>
            <Pencil aria-hidden="true" className="size-3.5" />
            {t(T.edit)}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setOpen('rotate')} aria-label={t('Rotate token of {{name}}', { name })}>
            <RotateCw aria-hidden="true" className="size-3.5" />
            {t(T.rotate)}
          </Button>
          {token && (
            <Button variant="ghost" size="sm" onClick={() => setOpen('revoke')} aria-label={t('Revoke token of {{name}}', { name })}>
              <KeyRound aria-hidden="true" className="size-3.5" />
              {t(T.revoke)}
            </Button>
          )}
          {external.webhookUrl && (
            <Button variant="ghost" size="sm" onClick={() => setOpen('deliveries')} aria-label={t('Webhook deliveries of {{name}}', { name })}>
              <History aria-hidden="true" className="size-3.5" />
              {t(T.deliveries)}
            </Button>
          )}
          <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-400" onClick={() => setOpen('remove')} aria-label={t('Remove {{name}}', { name })}>
            <Trash2 aria-hidden="true" className="size-3.5" />
            {t(T.remove)}
          </Button>
        </div>
      </div>
      <EditExternalAgentDialog handle={handle} external={external} {...dialog('edit')} />
      <RotateTokenDialog handle={handle} external={external} {...dialog('rotate')} />
      <RevokeTokenDialog handle={handle} external={external} {...dialog('revoke')} />
      <RemoveExternalAgentDialog handle={handle} external={external} {...dialog('remove')} />
      <WebhookDeliveriesDialog handle={handle} external={external} {...dialog('deliveries')} />
    </div>
  );
}
