import { DELETED_MESSAGE_TEXT } from '@agentroom/shared';
import { useT } from '../i18n';
import { Modal } from '../ui/dialogs';
import { Button } from '../ui/button';

/** The confirmation behind "Delete message": the message goes for everyone. */
export function DeleteMessageDialog({
  open,
  onOpenChange,
  deleting,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deleting: boolean;
  onConfirm: () => void;
}) {
  const { t } = useT();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !deleting && onOpenChange(next)}
      title={t('Delete this message?')}
      description={t('Everyone in the conversation will see “{{deleted}}” instead, and its files are removed. This cannot be undone.', { deleted: t(DELETED_MESSAGE_TEXT) })}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={deleting}>
          {t('Cancel')}
        </Button>
        <Button variant="danger" loading={deleting} onClick={onConfirm}>
          {t('Delete')}
        </Button>
      </div>
    </Modal>
  );
}
