import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';
import { Spinner } from './spinner';

const VARIANTS = {
  primary:
    'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 active:bg-indigo-700 dark:bg-indigo-500 dark:hover:bg-indigo-600',
  secondary:
    'border border-zinc-300 bg-white text-zinc-900 shadow-xs hover:bg-zinc-50 active:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  // Darker on hover: a lighter red under white text falls below 4.5:1.
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800 dark:bg-red-600 dark:hover:bg-red-700',
  ghost: 'text-zinc-700 hover:bg-zinc-100 active:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800',
  link: 'h-auto px-0 py-0 font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400',
} as const;

const SIZES = {
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-5 text-sm',
  sm: 'h-8 px-3 text-xs',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Shows a spinner and disables the button, keeping its width so nothing jumps. */
  loading?: boolean;
  /** Renders the child (e.g. a router Link) with the button's look. */
  asChild?: boolean;
};

export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-zinc-900';

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  asChild = false,
  className,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors select-none',
    'disabled:pointer-events-none disabled:opacity-60',
    focusRing,
    SIZES[size],
    VARIANTS[variant],
    className,
  );
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
