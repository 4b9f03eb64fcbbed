import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../ui/toast';
import { BarChart3, Bot, LogOut, Pencil, Plus, Settings2, Trash2, UserPlus, Users } from 'lucide-react';
import { TEAM_ACTION_ERRORS, ZAddMemberRequest, type TErrorDetails, type TTeam, type TTeamAgent } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { AgentAvatar } from '../people/agent-avatar';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Modal } from '../ui/dialogs';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { SelectField } from '../ui/form-fields';
import { TextField } from '../ui/text-field';
import { AiAgentForm } from './ai-agent-form';
import { TeamInvitationsSection } from './team-invitations-section';
import { TeamMembersSection } from './team-members-section';
import { DeleteTeamSection, TeamDetailsForm } from './team-owner-sections';
import { useAddMember, useLeaveTeam } from './team-queries';

const sectionTitle = 'flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100';

function AddMemberForm({ handle }: { handle: string }) {
  const addMember = useAddMember(handle);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [errors, setErrors] = useState<TErrorDetails>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(ZAddMemberRequest, { username, role });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      const added = await addMember.mutateAsync(checked.data);
      toast.success(`${added.fullName} was added to the team`);
      setUsername('');
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(Object.keys(fields).length ? fields : { username: errorMessage(error, TEAM_ACTION_ERRORS.addMember) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Add a member">
      <TextField
        label="Username"
        placeholder="@username"
        value={username}
        error={errors.username}
        hint="A colleague's username, or an AI agent's."
        onChange={(e) => setUsername(e.target.value)}
      />
      <div className="flex items-end gap-3">
        <div className="flex-1">
          <SelectField
            label="Role in the team"
            value={role}
            onChange={(e) => setRole(e.target.value as 'member' | 'admin')}
            options={[
              { value: 'member', label: 'Member' },
              { value: 'admin', label: 'Admin (can manage)' },
            ]}
          />
        </div>
        <Button type="submit" loading={addMember.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add Member
        </Button>
      </div>
    </form>
  );
}

function AiAgentsSection({ handle, agents }: { handle: string; agents: TTeamAgent[] }) {
  const [editing, setEditing] = useState<TTeamAgent | 'new' | null>(null);
  const aiAgents = agents.filter((agent) => !agent.isHuman);
  if (editing)
    return (
      <AiAgentForm
        key={editing === 'new' ? 'new' : editing.id}
        handle={handle}
        agent={editing === 'new' ? undefined : editing}
        onDone={() => setEditing(null)}
      />
    );
  return (
    <div className="space-y-3">
      {aiAgents.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No AI agents in this team yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {aiAgents.map((agent) => (
            <li key={agent.id} className="flex items-center gap-3 px-3 py-2.5">
              <AgentAvatar src={agent.avatarUrl} name={agent.fullName} className="size-8" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{agent.fullName}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{agent.role}</span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => setEditing(agent)} aria-label={`Edit ${agent.fullName}`}>
                <Pencil aria-hidden="true" className="size-3.5" />
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={() => setEditing('new')}>
        <Plus aria-hidden="true" className="size-4" />
        New AI Agent
      </Button>
    </div>
  );
}

function LeaveSection({ team }: { team: TTeam }) {
  const navigate = useNavigate();
  const leave = useLeaveTeam(team.handle);
  const [confirming, setConfirming] = useState(false);
  const onLeave = async () => {
    try {
      await leave.mutateAsync();
      toast.success(`You left ${team.name}`);
      navigate('/', { replace: true });
    } catch {
      // Shown below from the mutation state.
    }
  };
  return (
    <div className="space-y-3">
      {leave.isError && <Alert>{errorMessage(leave.error, TEAM_ACTION_ERRORS.leaveTeam)}</Alert>}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-zinc-600 dark:text-zinc-400">Leave {team.name}? You will need to be added again.</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setConfirming(false);
              leave.reset();
            }}
          >
            Stay
          </Button>
          <Button size="sm" variant="danger" loading={leave.isPending} onClick={onLeave}>
            Leave Team
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <LogOut aria-hidden="true" className="size-4" />
          Leave Team
        </Button>
      )}
    </div>
  );
}

/**
 * Team settings: everyone sees the members and may leave; owners and admins add members, change roles,
 * remove members and manage AI agents; owners edit the details and may delete the team.
 */
export function TeamSettingsDialog({
  team,
  agents,
  open,
  onOpenChange,
}: {
  team: TTeam;
  agents: TTeamAgent[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Team settings" description={`${team.name} · /t/${team.handle}`} className="max-w-xl">
      <div className="space-y-7">
        <section className="space-y-3">
          <h3 className={sectionTitle}>
            <Users aria-hidden="true" className="size-4" /> Members
          </h3>
          <TeamMembersSection team={team} agents={agents} />
        </section>
        {team.canManage ? (
          <>
            <section className="space-y-3">
              <h3 className={sectionTitle}>
                <UserPlus aria-hidden="true" className="size-4" /> Add a member
              </h3>
              <AddMemberForm handle={team.handle} />
            </section>
            <TeamInvitationsSection handle={team.handle} />
            <section className="space-y-3">
              <h3 className={sectionTitle}>
                <Bot aria-hidden="true" className="size-4" /> AI agents
              </h3>
              <AiAgentsSection handle={team.handle} agents={agents} />
            </section>
          </>
        ) : (
          <Alert tone="info">Only the team's owners and admins can add members and manage AI agents.</Alert>
        )}
        {team.myRole === 'owner' && (
          <section className="space-y-2">
            <h3 className={sectionTitle}>
              <BarChart3 aria-hidden="true" className="size-4" /> AI usage
            </h3>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Tokens per day by AI agent and by the person who asked, against the daily budget.{' '}
              <Link to={`/t/${team.handle}/usage`} onClick={() => onOpenChange(false)} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                See AI usage
              </Link>
            </p>
          </section>
        )}
        {team.myRole === 'owner' && (
          <section className="space-y-3">
            <h3 className={sectionTitle}>
              <Settings2 aria-hidden="true" className="size-4" /> Team details
            </h3>
            <TeamDetailsForm team={team} />
          </section>
        )}
        <section className="space-y-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <h3 className={sectionTitle}>
            <LogOut aria-hidden="true" className="size-4" /> Leave the team
          </h3>
          <LeaveSection team={team} />
        </section>
        {team.myRole === 'owner' && (
          <section className="space-y-3">
            <h3 className={cn(sectionTitle, 'text-red-700 dark:text-red-400')}>
              <Trash2 aria-hidden="true" className="size-4" /> Delete team
            </h3>
            <DeleteTeamSection team={team} />
          </section>
        )}
      </div>
    </Modal>
  );
}
