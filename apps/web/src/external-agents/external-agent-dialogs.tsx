import { useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { EXTERNAL_AGENT_TEXTS, type TExternalAgent, type TExternalAgentSecrets } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { toast } from '../ui/toast';
import { useT } from '../i18n';
import { ExternalAgentForm } from './external-agent-form';
import { createExternalKey, useRemoveExternalAgent, useRevokeExternalToken, useRotateExternalToken } from './external-agent-queries';
import { SecretsPanel } from './secrets-panel';

const T = EXTERNAL_AGENT_TEXTS;

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The form, then (once seated) the token shown this once; closing drops the answer for good. */
export function AddExternalAgentDialog({ handle, open, onOpenChange }: DialogProps & { handle: string }) {
  const { t } = useT();
  const [secrets, setSecrets] = useState<TExternalAgentSecrets | null>(null);
  const creating = useIsMutating({ mutationKey: createExternalKey(handle) }) > 0;
  const close = () => {
    if (creating) return;
    setSecrets(null);
    onOpenChange(false);
  };
  return (
    <Modal open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={t(secrets ? T.secretsTitle : T.addTitle)}>
      {secrets ? <SecretsPanel secrets={secrets} onDone={close} /> : <ExternalAgentForm handle={handle} onCreated={setSecrets} onDone={close} />}
    </Modal>
  );
}

export function EditExternalAgentDialog({ handle, external, open, onOpenChange }: DialogProps & { handle: string; external: TExternalAgent }) {
  const { tf } = useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={tf(T.editTitle, external.agent.fullName)}>
      <ExternalAgentForm handle={handle} external={external} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

/** A confirmation with its own error line; the buttons wait for the call. */
function ConfirmBody({ error, pending, confirmLabel, onCancel, onConfirm }: { error?: string; pending: boolean; confirmLabel: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useT();
  return (
    <>
      {error && <Alert className="mb-4">{error}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t(T.cancel)}
        </Button>
        <Button variant="danger" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}

/** Asked once more; then the new token (and webhook secret) shows this once. */
export function RotateTokenDialog({ handle, external, open, onOpenChange }: DialogProps & { handle: string; external: TExternalAgent }) {
  const { t, tf } = useT();
  const rotate = useRotateExternalToken(handle);
  const [secrets, setSecrets] = useState<TExternalAgentSecrets | null>(null);
  const close = () => {
    if (rotate.isPending) return;
    setSecrets(null);
    rotate.reset();
    onOpenChange(false);
  };
  const name = external.agent.fullName;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={secrets ? t(T.secretsTitle) : tf(T.rotateTitle, name)}
      description={secrets ? undefined : t(T.rotateHint)}
    >
      {secrets ? (
        <SecretsPanel secrets={secrets} onDone={close} />
      ) : (
        <ConfirmBody
          error={rotate.isError ? errorMessage(rotate.error, T.rotateFailed) : undefined}
          pending={rotate.isPending}
          confirmLabel={t(T.rotate)}
          onCancel={close}
          onConfirm={() => rotate.mutate(external.agent.id, { onSuccess: (answer) => setSecrets(answer) })}
        />
      )}
    </Modal>
  );
}

export function RevokeTokenDialog({ handle, external, open, onOpenChange }: DialogProps & { handle: string; external: TExternalAgent }) {
  const { t, tf } = useT();
  const revoke = useRevokeExternalToken(handle);
  const name = external.agent.fullName;
  const close = () => {
    if (revoke.isPending) return;
    revoke.reset();
    onOpenChange(false);
  };
  const confirm = async () => {
    try {
      await revoke.mutateAsync(external.agent.id);
      toast.success(tf(T.revoked, name));
      onOpenChange(false);
    } catch {
      // Shown in the dialog from the mutation state.
    }
  };
  return (
    <Modal open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={tf(T.revokeTitle, name)} description={t(T.revokeHint)}>
      <ConfirmBody
        error={revoke.isError ? errorMessage(revoke.error, T.revokeFailed) : undefined}
        pending={revoke.isPending}
        confirmLabel={t(T.revoke)}
        onCancel={close}
        onConfirm={() => void confirm()}
      />
    </Modal>
  );
}

export function RemoveExternalAgentDialog({ handle, external, open, onOpenChange }: DialogProps & { handle: string; external: TExternalAgent }) {
  const { t, tf } = useT();
  const remove = useRemoveExternalAgent(handle);
  const name = external.agent.fullName;
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onOpenChange(false);
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync(external.agent.id);
      toast.success(tf(T.removed, name));
      onOpenChange(false);
    } catch {
      // Shown in the dialog from the mutation state.
    }
  };
  return (
    <Modal open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={tf(T.removeTitle, name)} description={t(T.removeHint)}>
      <ConfirmBody
        error={remove.isError ? errorMessage(remove.error, T.removeFailed) : undefined}
        pending={remove.isPending}
        confirmLabel={t(T.remove)}
        onCancel={close}
        onConfirm={() => void confirm()}
      />
    </Modal>
  );
}
