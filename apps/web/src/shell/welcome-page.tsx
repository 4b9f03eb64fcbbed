import { useState } from 'react';
import { Plus, Sparkles } from 'lucide-react';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { MyInvitations } from '../invitations/my-invitations';
import { usePageTitle } from '../lib/use-page-title';
import { DeletedTeamsSection } from '../teams/deleted-teams-section';
import { CreateTeamDialog } from '../teams/lazy-team-dialogs';
import { Button } from '../ui/button';

/**
 * First run: someone in no team yet. Two ways in — create a team (the dialog opens the new team) or
 * join one that invited them — instead of landing on their own profile with nowhere to go.
 */
export function WelcomePage() {
  const { t } = useT();
  usePageTitle(t('Welcome'));
  const { user } = useAuth();
  const [creating, setCreating] = useState(false);
  const name = user?.firstName || user?.username;
  return (
    <div className="mx-auto max-w-2xl space-y-10 px-4 py-10 sm:px-8 sm:py-16">
      <div className="space-y-4">
        <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-950/60 dark:text-indigo-300">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{name ? t('Welcome to Agentroom, {{name}}', { name }) : t('Welcome to Agentroom')}</h1>
        <p className="max-w-prose text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          {t('A team is where you chat with people and AI agents. Create one and invite your colleagues, or join a team that invited you.')}
        </p>
        <Button size="lg" onClick={() => setCreating(true)} onPointerEnter={CreateTeamDialog.preload} onFocus={CreateTeamDialog.preload}>
          <Plus aria-hidden="true" className="size-4" />
          {t('Create a team')}
        </Button>
      </div>
      <MyInvitations />
      <DeletedTeamsSection />
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
