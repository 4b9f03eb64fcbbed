import { DELETED_MESSAGE_TEXT } from '@agentroom/shared';
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
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !deleting && onOpenChange(next)}
      title="Delete this message?"
      description={`Everyone in the conversation will see “${DELETED_MESSAGE_TEXT}” instead, and its files are removed. This cannot be undone.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" loading={deleting} onClick={onConfirm}>
          Delete
        </Button>
      </div>
    </Modal>
  );
}
