import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

/** An in-app link styled as accent text with a visible focus ring. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-medium text-indigo-600 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-400',
        className,
      )}
      {...props}
    />
  );
}
