import { useState } from 'react';
import { toast } from '../ui/toast';
import { TEAM_ACTION_ERRORS, TEAM_MEMBER_ROLES, type TTeam, type TTeamAgent, type TTeamMemberRole } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { t, useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useChangeMemberRole, useRemoveMember } from './team-queries';

/** A role as shown, in the current language (a role the web does not know yet shows as the server wrote it). */
const roleLabel = (role: string): string => {
  const labels: Record<TTeamMemberRole, string> = { owner: t('Owner'), admin: t('Admin'), member: t('Member') };
  return labels[role as TTeamMemberRole] ?? role;
};

/** The toast after a role change: one text per role, as each language words it. */
const roleChanged = (name: string, role: TTeamMemberRole): string =>
  ({ owner: t('{{name}} is now owner', { name }), admin: t('{{name}} is now admin', { name }), member: t('{{name}} is now member', { name }) })[role];
const selectClass =
  'h-8 rounded-lg border border-zinc-300 bg-white px-2 text-xs text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

/**
 * The member list with roles. Managers change roles and remove members; only owners touch owners
 * (the API enforces the same), nobody acts on themselves (they leave), and AI agents stay members.
 */
export function TeamMembersSection({ team, agents }: { team: TTeam; agents: TTeamAgent[] }) {
  useT();
  const { user } = useAuth();
  const changeRole = useChangeMemberRole(team.handle);
  const removeMember = useRemoveMember(team.handle);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const iAmOwner = team.myRole === 'owner';
  const mayActOn = (agent: TTeamAgent) => team.canManage && agent.id !== user?.agentId && (iAmOwner || agent.membershipRole !== 'owner');
  const roleChoices = TEAM_MEMBER_ROLES.filter((role) => iAmOwner || role !== 'owner');

  const onRole = async (agent: TTeamAgent, role: TTeamMemberRole) => {
    setError(null);
    try {
      await changeRole.mutateAsync({ agentId: agent.id, input: { role } });
      toast.success(roleChanged(agent.fullName, role));
    } catch (failure) {
      setError(t(errorMessage(failure, TEAM_ACTION_ERRORS.changeRole)));
    }
  };
  const onRemove = async (agent: TTeamAgent) => {
    setError(null);
    try {
      await removeMember.mutateAsync(agent.id);
      setConfirmingId(null);
      toast.success(t('{{name}} was removed from the team', { name: agent.fullName }));
    } catch (failure) {
      setError(t(errorMessage(failure, TEAM_ACTION_ERRORS.removeMember)));
    }
  };

  return (
    <div className="space-y-3">
      {error && <Alert>{error}</Alert>}
      <ul aria-label={t('Members')} className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {agents.map((agent) => (
          <li key={agent.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
            <AgentAvatar src={agent.avatarUrl} name={agent.fullName} className="size-8" />
            <span className="min-w-32 flex-1">
              <span className="block truncate text-sm font-medium">{agent.fullName}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                @{agent.username}
                {agent.isHuman ? '' : ` · ${t('AI agent')}`}
              </span>
            </span>
            {/* The controls keep to the right, and move under the name when the row is too narrow for both. */}
            <span className="ms-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
              {mayActOn(agent) && agent.isHuman ? (
                <select
                  aria-label={t('Role of {{name}}', { name: agent.fullName })}
                  className={selectClass}
                  value={agent.membershipRole}
                  disabled={changeRole.isPending}
                  onChange={(e) => onRole(agent, e.target.value as TTeamMemberRole)}
                >
                  {roleChoices.map((role) => (
                    <option key={role} value={role}>
                      {roleLabel(role)}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="text-xs text-zinc-600 dark:text-zinc-400">{roleLabel(agent.membershipRole)}</span>
              )}
              {mayActOn(agent) &&
                (confirmingId === agent.id ? (
                  <span className="flex items-center gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setConfirmingId(null)}>
                      {t('Keep')}
                    </Button>
                    <Button size="sm" variant="danger" loading={removeMember.isPending} onClick={() => onRemove(agent)}>
                      {t('Remove {{name}}', { name: agent.fullName })}
                    </Button>
                  </span>
                ) : (
                  <Button variant="ghost" size="sm" aria-label={t('Remove {{name}}', { name: agent.fullName })} onClick={() => setConfirmingId(agent.id)}>
                    {t('Remove')}
                  </Button>
                ))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
