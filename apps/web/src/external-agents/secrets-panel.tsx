import { useEffect, useState } from 'react';
import { Check, Copy, KeyRound } from 'lucide-react';
import { EXTERNAL_AGENT_TEXTS, type TExternalAgentSecrets } from '@agentroom/shared';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { useT } from '../i18n';

const T = EXTERNAL_AGENT_TEXTS;
const COPIED_FOR_MS = 2_000;

function SecretRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(t(T.copyFailed));
    }
  };
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <code
          aria-label={label}
          className="block min-w-0 flex-1 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-xs break-all text-zinc-900 select-all dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {value}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={copied ? t(T.copied) : copyLabel}>
          {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />}
          {copied ? t(T.copied) : copyLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * The token (and the webhook secret) as the API answered them this once: only hashes and sealed copies
 * are kept, so closing this is the last anyone sees of them. The caller drops the answer on close.
 */
export function SecretsPanel({ secrets, onDone }: { secrets: TExternalAgentSecrets; onDone: () => void }) {
  const { t } = useT();
  return (
    <div className="space-y-4" data-testid="external-secrets">
      <Alert tone="info" title={t(T.secretsTitle)}>
        <span className="inline-flex items-start gap-1.5">
          <KeyRound aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {t(T.secretsNote)}
        </span>
      </Alert>
      <SecretRow label={t(T.token)} value={secrets.token} copyLabel={t(T.copyToken)} />
      {secrets.webhookSecret && <SecretRow label={t(T.webhookSecret)} value={secrets.webhookSecret} copyLabel={t(T.copySecret)} />}
      <div className="flex justify-end">
        <Button onClick={onDone}>{t(T.done)}</Button>
      </div>
    </div>
  );
}
