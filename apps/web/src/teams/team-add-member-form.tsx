import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { TEAM_ACTION_ERRORS, ZAddMemberRequest, type TErrorDetails } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { SelectField } from '../ui/form-fields';
import { TextField } from '../ui/text-field';
import { toast } from '../ui/toast';
import { useAddMember } from './team-queries';

/** Managers add an existing person (or the team's AI agent) by username. */
export function AddMemberForm({ handle }: { handle: string }) {
  const { t } = useT();
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
      toast.success(t('{{name}} was added to the team', { name: added.fullName }));
      setUsername('');
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(Object.keys(fields).length ? fields : { username: t(errorMessage(error, TEAM_ACTION_ERRORS.addMember)) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('Add a member')}>
      <TextField
        label={t('Username')}
        placeholder="@username"
        value={username}
        error={errors.username}
        hint={t("A colleague's username, or an AI agent's.")}
        onChange={(e) => setUsername(e.target.value)}
      />
      <div className="flex items-end gap-3">
        <div className="flex-1">
          <SelectField
            label={t('Role in the team')}
            value={role}
            onChange={(e) => setRole(e.target.value as 'member' | 'admin')}
            options={[
              { value: 'member', label: t('Member') },
              { value: 'admin', label: t('Admin (can manage)') },
            ]}
          />
        </div>
        <Button type="submit" loading={addMember.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('Add Member')}
        </Button>
      </div>
    </form>
  );
}
