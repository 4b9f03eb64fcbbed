import { useState } from 'react';
import { Ban, Flag } from 'lucide-react';
import { GENERIC_ERRORS, SAFETY_TEXTS, type TAgent } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { lazyDialog } from '../ui/lazy-dialog';
import { toast } from '../ui/toast';
import { useBlockActions, useBlockedIdsQuery } from './use-blocks';

const ReportDialog = lazyDialog(() => import('./report-dialog').then((m) => m.ReportDialog));

/** On a person's profile: Block or Unblock (asking first before a block), and Report. */
export function PersonSafetyActions({ agent }: { agent: TAgent }) {
  const { t, tf } = useT();
  const blockedIds = useBlockedIdsQuery();
  const blocked = blockedIds?.has(agent.id) ?? false;
  const { block, unblock } = useBlockActions();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const name = agent.fullName || `@${agent.username}`;

  const run = async (action: 'block' | 'unblock') => {
    try {
      if (action === 'block') await block.mutateAsync(agent.id);
      else await unblock.mutateAsync(agent.id);
      toast.success(action === 'block' ? tf(SAFETY_TEXTS.blocked, name) : tf(SAFETY_TEXTS.unblocked, name));
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, t(GENERIC_ERRORS.internal)));
    }
  };

  return (
    <div className="flex flex-wrap justify-center gap-2">
      {agent.isHuman &&
        (blocked ? (
          <Button variant="secondary" size="sm" loading={unblock.isPending} onClick={() => void run('unblock')}>
            {t(SAFETY_TEXTS.unblock)}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" disabled={!blockedIds} onClick={() => setConfirming(true)}>
            <Ban aria-hidden="true" className="size-3.5" />
            {t(SAFETY_TEXTS.block)}
          </Button>
        ))}
      <Button variant="ghost" size="sm" onMouseEnter={ReportDialog.preload} onClick={() => setReporting(true)}>
        <Flag aria-hidden="true" className="size-3.5" />
        {t(SAFETY_TEXTS.report)}
      </Button>
      <Modal open={confirming} onOpenChange={(next) => !block.isPending && setConfirming(next)} title={t('Block {{name}}?', { name })} description={tf(SAFETY_TEXTS.blockConfirm, name)}>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={block.isPending}>
            {t('Cancel')}
          </Button>
          <Button variant="danger" loading={block.isPending} onClick={() => void run('block')}>
            {t(SAFETY_TEXTS.block)}
          </Button>
        </div>
      </Modal>
      <ReportDialog open={reporting} onOpenChange={setReporting} subject={{ agentId: agent.id, name, canBlock: agent.isHuman && !blocked }} />
    </div>
  );
}
