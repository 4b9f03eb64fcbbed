import { useId, useState, type FormEvent } from 'react';
import { GENERIC_ERRORS, REPORT_DETAILS_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS, SAFETY_TEXTS, type TReportReason } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { CheckboxField, TextAreaField } from '../ui/form-fields';
import { toast } from '../ui/toast';
import { safetyApi } from './safety-api';
import { useBlockActions } from './use-blocks';

export interface ReportSubject {
  /** The reported message, when a message is reported (its sender is the person). */
  messageId?: string;
  /** The person (or AI agent) reported, or the sender of the message. */
  agentId: string;
  name: string;
  /** Offer "Also block {name}": a person not blocked yet. */
  canBlock: boolean;
}

/** Report a message or a person with a reason; it goes to the instance's administrators, and may block too. */
export function ReportDialog({ open, onOpenChange, subject }: { open: boolean; onOpenChange: (open: boolean) => void; subject: ReportSubject }) {
  const { t, tf } = useT();
  const [reason, setReason] = useState<TReportReason>('spam');
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const { block } = useBlockActions();
  const groupId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      const target = subject.messageId ? { messageId: subject.messageId } : { agentId: subject.agentId };
      await safetyApi.report({ ...target, reason, ...(details.trim() ? { details: details.trim() } : {}) });
      if (alsoBlock && subject.canBlock) await block.mutateAsync(subject.agentId);
      toast.success(t(SAFETY_TEXTS.reportSent));
      onOpenChange(false);
    } catch (caught) {
      setError(errorMessage(caught, t(GENERIC_ERRORS.internal)));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !sending && onOpenChange(next)}
      title={subject.messageId ? t(SAFETY_TEXTS.reportMessage) : tf(SAFETY_TEXTS.reportPerson, subject.name)}
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <fieldset className="space-y-2">
          <legend id={groupId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t(SAFETY_TEXTS.reportReason)}
          </legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 border-zinc-300 text-indigo-600 focus:ring-2 focus:ring-indigo-500 dark:border-zinc-700"
              />
              {t(REPORT_REASON_LABELS[value])}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label={t(SAFETY_TEXTS.reportDetails)}
          value={details}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          rows={3}
          onChange={(event) => setDetails(event.target.value)}
        />
        {subject.canBlock && (
          <CheckboxField label={tf(SAFETY_TEXTS.alsoBlock, subject.name)} checked={alsoBlock} onChange={(event) => setAlsoBlock(event.target.checked)} />
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)} disabled={sending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={sending}>
            {t(SAFETY_TEXTS.reportSend)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
