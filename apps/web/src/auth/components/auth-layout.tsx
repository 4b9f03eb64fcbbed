import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../ui/card';
import { Brand } from './brand';
import { LanguageMenu } from './language-menu';

/**
 * The frame of every sign-in and account screen: brand on top, one card, optional text under it, the
 * language menu at the foot.
 * The card is the page's `main`, so landmarks stay simple for screen readers.
 */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 px-4 py-10 sm:py-16 dark:bg-zinc-950">
      <header className="mx-auto flex w-full max-w-[26rem] justify-center">
        <Link to="/" className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          <Brand />
        </Link>
      </header>
      <main className="mx-auto mt-8 w-full max-w-[26rem]">
        <Card className="p-6 sm:p-8">{children}</Card>
        {footer && <div className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</div>}
        <LanguageMenu />
      </main>
    </div>
  );
}

/** Title and subtitle at the top of an auth card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6 space-y-1.5">
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
      {subtitle && <p className="text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p>}
    </div>
  );
}
