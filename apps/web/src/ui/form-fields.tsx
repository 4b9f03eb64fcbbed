import { useId, type ComponentProps, type ReactNode } from 'react';
import { useT } from '../i18n';
import { cn } from './cn';

const labelClass = 'text-sm font-medium text-zinc-800 dark:text-zinc-200';

/** A labelled textarea matching the UI kit's TextField (error tied by aria-describedby). */
export function TextAreaField({
  label,
  error,
  hint,
  optional,
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'id'> & { label: string; error?: string; hint?: ReactNode; optional?: boolean }) {
  const { t } = useT();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {optional && <span className="font-normal text-zinc-500 dark:text-zinc-400"> {t('(optional)')}</span>}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs outline-none placeholder:text-zinc-400',
          'focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:bg-zinc-950 dark:text-zinc-100',
          error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700',
        )}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxField({ label, hint, ...props }: Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 rounded border-zinc-300 text-indigo-600 focus:ring-2 focus:ring-indigo-500 dark:border-zinc-700"
        {...props}
      />
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

export function SelectField({
  label,
  options,
  ...props
}: Omit<ComponentProps<'select'>, 'id'> & { label: string; options: Array<{ value: string; label: string }> }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        className="block h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
