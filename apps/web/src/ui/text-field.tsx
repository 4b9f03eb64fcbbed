import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useT } from '../i18n';
import { cn } from './cn';
import { focusRing } from './button';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Shown under the input in red, tied to it with aria-describedby and aria-invalid. */
  error?: string;
  hint?: ReactNode;
  /** Something at the right end of the label row, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode;
  /** Something inside the input's right edge, e.g. the show/hide password button. */
  trailing?: ReactNode;
  /** Something beside the input, e.g. its form's button: it lines up with the input, whatever the hint or error under it. */
  action?: ReactNode;
  optional?: boolean;
};

const inputBase =
  'block h-10 w-full rounded-lg border bg-white px-3 text-sm text-zinc-900 shadow-xs transition-colors placeholder:text-zinc-400 ' +
  'outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 disabled:opacity-60 ' +
  'dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500';

export function TextField({ label, error, hint, labelAside, trailing, action, optional, className, required, ...props }: TextFieldProps) {
  const { t } = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const input = (
    <div className={cn('relative', action && 'min-w-0 flex-1')}>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          inputBase,
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-500/30 dark:border-red-700'
            : 'border-zinc-300 dark:border-zinc-700',
          trailing ? 'pe-11' : null,
        )}
        {...props}
      />
      {trailing && <div className="absolute inset-y-0 end-0 flex items-center pe-1">{trailing}</div>}
    </div>
  );
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
          {optional && <span className="font-normal text-zinc-500 dark:text-zinc-400"> {t('(optional)')}</span>}
        </label>
        {labelAside}
      </div>
      {action ? (
        <div className="flex items-center gap-3">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
      {hint && (
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text field for passwords with a show/hide toggle that keeps focus and the caret where they were. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useT();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('Hide password') : t('Show password')}
          aria-pressed={visible}
          className={cn(
            'inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200',
            focusRing,
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      }
    />
  );
}
