import { useState } from 'react';
import type { TAdminPerson } from '@agentroom/shared';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { TextAreaField } from '../ui/form-fields';

/** Asks before an account is disabled, with an optional reason the audit log keeps. */
export function DisableAccountDialog({
  person,
  onConfirm,
  onClose,
  busy,
  error,
  withReason = true,
}: {
  person: Pick<TAdminPerson, 'name' | 'username'> | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  busy: boolean;
  error?: string;
  withReason?: boolean;
}) {
  const { t } = useT();
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={person !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason('');
          onClose();
        }
      }}
      title={t('Disable {{name}}?', { name: person ? `${person.name} (@${person.username})` : '' })}
      description={t('Their sessions end at once and they cannot sign in until you enable the account again.')}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason.trim());
        }}
      >
        {withReason && <TextAreaField label={t('Reason')} optional maxLength={500} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />}
        {error && <Alert>{error}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            {t('Disable account')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
