import { useState } from 'react';
import { Flag } from 'lucide-react';
import { SAFETY_TEXTS } from '@agentroom/shared';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { lazyDialog } from '../ui/lazy-dialog';
import { useBlockedIds } from './use-blocks';

const ReportDialog = lazyDialog(() => import('./report-dialog').then((m) => m.ReportDialog));

/** "Report message" among the actions of someone else's message. */
export function ReportMessageButton({
  messageId,
  sender,
  className,
}: {
  messageId: string;
  sender: { id: string; name: string; isAgent: boolean };
  className?: string;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const blocked = useBlockedIds()?.has(sender.id) ?? false;
  return (
    <>
      <button
        type="button"
        aria-label={t(SAFETY_TEXTS.reportMessage)}
        title={t(SAFETY_TEXTS.reportMessage)}
        onMouseEnter={ReportDialog.preload}
        onClick={() => setOpen(true)}
        className={cn('rounded-md p-1 text-zinc-400 transition hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200', focusRing, className)}
      >
        <Flag aria-hidden="true" className="size-3.5" />
      </button>
      <ReportDialog open={open} onOpenChange={setOpen} subject={{ messageId, agentId: sender.id, name: sender.name, canBlock: !sender.isAgent && !blocked }} />
    </>
  );
}
