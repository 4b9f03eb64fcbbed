import { LoaderCircle } from 'lucide-react';
import { useT } from '../i18n';
import { cn } from './cn';

/** A spinning icon. With a `label` it is announced; without one it is decoration (e.g. inside a button). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the viewport while something page-sized loads, e.g. the startup auth check. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <div className="flex min-h-dvh items-center justify-center bg-zinc-50 dark:bg-zinc-950">
      <div role="status" className="flex flex-col items-center gap-3 text-sm text-zinc-500 dark:text-zinc-400">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-indigo-600 dark:text-indigo-400" />
        <span>{label ?? t('Loading...')}</span>
      </div>
    </div>
  );
}
