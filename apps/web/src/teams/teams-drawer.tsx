import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { ChevronsUpDown, Users } from 'lucide-react';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { lazyDialog } from '../ui/lazy-dialog';
import { CreateTeamDialog } from './lazy-team-dialogs';

// The drawer's code (its cards, radix's dialog parts) loads when it first opens; the teams button
// starts it when a pointer or the focus reaches it.
const TeamsSheet = lazyDialog(() => import('./teams-sheet').then((m) => m.TeamsSheet));

const OpenTeamsDrawer = createContext<(() => void) | null>(null);

/**
 * The 'Teams' drawer (at the inline end: right, left in right-to-left): every team of the user, and 'Create New Team'. It is held
 * here, above the app shell's layouts, so moving between the sidebar and the phone drawer (a resize
 * across the breakpoint) never closes it; the button that opens it lives in the sidebar.
 */
export function TeamsDrawerProvider({ currentHandle, children }: { currentHandle?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const openDrawer = useCallback(() => setOpen(true), []);
  const openCreateTeam = useCallback(() => setCreating(true), []);
  return (
    <OpenTeamsDrawer.Provider value={openDrawer}>
      {children}
      <TeamsSheet open={open} onOpenChange={setOpen} currentHandle={currentHandle} onCreateTeam={openCreateTeam} />
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
    </OpenTeamsDrawer.Provider>
  );
}

/**
 * The teams button: 'Loading...', 'Team not found', the team name or 'Select team'; it opens the
 * 'Teams' drawer. It heads the app shell's team switcher rather than floating in a corner of the
 * page, where it would cover content.
 */
export function TeamsButton({ label, className }: { label: string; className?: string }) {
  const openDrawer = useContext(OpenTeamsDrawer);
  return (
    <Button
      variant="secondary"
      onClick={() => openDrawer?.()}
      onPointerEnter={TeamsSheet.preload}
      onFocus={TeamsSheet.preload}
      aria-haspopup="dialog"
      data-testid="teams-button"
      className={cn('w-full justify-start px-3', className)}
    >
      <Users aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <span className="min-w-0 flex-1 truncate text-start">{label}</span>
      <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
    </Button>
  );
}
