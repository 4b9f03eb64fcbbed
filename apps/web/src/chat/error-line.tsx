import { CircleAlert } from 'lucide-react';
import { useT } from '../i18n';
import { Button } from '../ui/button';

/** An error across the conversation's column, with what to do about it when there is something. */
export function ErrorLine({ message, action }: { message: string; action?: { label: string; run: () => void } }) {
  const { t } = useT();
  return (
    <div role="alert" className="flex items-center gap-2 border-b border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200">
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      {/* The message is often the server's: a known text shows in the reader's language (it is its own key). */}
      <span className="min-w-0 flex-1 break-words">{t('Error: {{message}}', { message: t(message) })}</span>
      {action && (
        <Button size="sm" variant="secondary" onClick={action.run}>
          {action.label}
        </Button>
      )}
    </div>
  );
}
