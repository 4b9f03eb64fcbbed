import { Link } from 'react-router';
import { Bot, CheckCircle2, Circle, Hash, UserPlus } from 'lucide-react';
import type { TTeam } from '@agentroom/shared';
import { useT } from '../i18n';
import { useTeamRooms } from '../rooms/room-queries';
import { usePendingInvitations } from '../teams/team-invitations-section';
import { useTeamAgents } from '../teams/team-queries';
import { teamSettingsPath, type TTeamSettingsSection } from '../teams/team-settings-sections';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';

interface Step {
  id: string;
  label: string;
  done: boolean;
  section: TTeamSettingsSection;
  icon: typeof Bot;
}

/**
 * A new team's first steps, for the people who can take them (owners and admins): invite
 * people, add an AI agent, create a room. Each is ticked once done; the card goes once all are.
 */
export function TeamNextSteps({ team }: { team: TTeam }) {
  const { t } = useT();
  const agents = useTeamAgents(team.handle, team.canManage);
  const rooms = useTeamRooms(team.canManage ? team.handle : undefined);
  const invitations = usePendingInvitations(team.handle, team.canManage);
  if (!team.canManage || !agents.data || !rooms.data) return null;
  const steps: Step[] = [
    {
      id: 'invite',
      label: t('Invite people'),
      done: agents.data.filter((agent) => agent.isHuman).length > 1 || (invitations.data?.length ?? 0) > 0,
      section: 'invitations',
      icon: UserPlus,
    },
    { id: 'agent', label: t('Add an AI agent'), done: agents.data.some((agent) => !agent.isHuman), section: 'agents', icon: Bot },
    { id: 'room', label: t('Create a room'), done: rooms.data.some((room) => !room.isGeneral), section: 'rooms', icon: Hash },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <section aria-label={t('Next steps')} className="mt-6 rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900/60 dark:bg-indigo-950/20">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t('Next steps')}</h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3">
        {steps.map((step) => {
          const Mark = step.done ? CheckCircle2 : Circle;
          return (
            <li key={step.id}>
              <Link
                to={teamSettingsPath(team.handle, step.section)}
                className={cn(
                  'flex items-center gap-2 rounded-lg border border-zinc-200 bg-white px-3 py-2.5 text-sm font-medium hover:border-indigo-300 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700',
                  step.done ? 'text-zinc-500 line-through dark:text-zinc-400' : 'text-zinc-900 dark:text-zinc-100',
                  focusRing,
                )}
              >
                <Mark aria-hidden="true" className={cn('size-4 shrink-0', step.done ? 'text-emerald-600 dark:text-emerald-400' : 'text-zinc-400')} />
                <step.icon aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
                {step.label}
                {step.done && <span className="sr-only">{t('(done)')}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
