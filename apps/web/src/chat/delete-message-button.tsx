import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { lazyDialog } from '../ui/lazy-dialog';

// Every own bubble has this button; its dialog mounts (and loads) when first asked for.
const DeleteMessageDialog = lazyDialog(() => import('./delete-message-dialog').then((m) => m.DeleteMessageDialog));

/** "Delete" among one's own message actions, asking first: the message goes for everyone. */
export function DeleteMessageButton({ onDelete, className }: { onDelete: () => Promise<void>; className?: string }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await onDelete();
      setOpen(false);
    } catch {
      // The toast says why; the dialog stays so the reader can try again or cancel.
    } finally {
      setDeleting(false);
    }
  };
  return (
    <>
      <button
        type="button"
        aria-label={t('Delete message')}
        title={t('Delete message')}
        onClick={() => setOpen(true)}
        className={cn(
          'rounded-md p-1 text-zinc-400 transition hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/50 dark:hover:text-red-300',
          focusRing,
          className,
        )}
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
      </button>
      <DeleteMessageDialog open={open} onOpenChange={setOpen} deleting={deleting} onConfirm={() => void confirm()} />
    </>
  );
}
