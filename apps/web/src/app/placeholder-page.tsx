import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { Brand } from '../auth/components/brand';
import { useAuth } from '../auth/auth-context';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/** A plain signed-in page used until a screen's real implementation lands. */
export function PlaceholderPage({ title, pageTitle, children }: { title: string; pageTitle: string; children?: ReactNode }) {
  usePageTitle(pageTitle);
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <header className="flex items-center justify-between border-b border-zinc-200 bg-white px-4 py-3 sm:px-6 dark:border-zinc-800 dark:bg-zinc-900">
        <Brand />
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-zinc-600 sm:inline dark:text-zinc-400">@{user?.username}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={async () => {
              await logout();
              navigate('/auth/login', { replace: true });
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Card className="p-6 sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
          {children && <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>}
        </Card>
      </main>
    </div>
  );
}
