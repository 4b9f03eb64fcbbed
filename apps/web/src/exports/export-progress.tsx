import { useT } from '../i18n';

/** How far an export has come: a bar (0–100) with what is happening written above it. */
export function ExportProgress({ progress, label }: { progress: number; label: string }) {
  const { t } = useT();
  const value = Math.min(100, Math.max(0, Math.round(progress)));
  return (
    <div className="space-y-1.5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={t('Export progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-full max-w-md overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-300 motion-reduce:transition-none dark:bg-indigo-400" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
