import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { useT } from '../i18n';
import { Spinner } from './spinner';

/** A page's loading text ('Retrieving team data...', 'Retrieving agents...'), centred. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-zinc-500 dark:text-zinc-400">
      <Spinner className="size-5 text-indigo-600 dark:text-indigo-400" />
      <span>{text}</span>
    </div>
  );
}

/** A page that could not load says 'Error: {message}', with room for a way out. */
export function ErrorState({ message, children }: { message: string; children?: ReactNode }) {
  const { t } = useT();
  // The message is an English text (a fallback or the server's): it is its own key.
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
      <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
      <p className="text-sm font-medium text-red-700 dark:text-red-300">{t('Error: {{message}}', { message: t(message) })}</p>
      {children}
    </div>
  );
}
