import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../ui/toast';
import { TEAM_ACTION_ERRORS, TEAM_CHANGE_TEXTS, ZUpdateTeamRequest, type TErrorDetails, type TTeam } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { TextAreaField } from '../ui/form-fields';
import { TextField } from '../ui/text-field';
import { useDeleteTeam, useUpdateTeam } from './team-queries';

/** Owners rename and describe their team. */
export function TeamDetailsForm({ team }: { team: TTeam }) {
  const { t } = useT();
  const updateTeam = useUpdateTeam(team.handle);
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description);
  const [errors, setErrors] = useState<TErrorDetails>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(ZUpdateTeamRequest, { name, description });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await updateTeam.mutateAsync(checked.data);
      toast.success(t('Team details saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(Object.keys(fields).length ? fields : { name: t(errorMessage(error, TEAM_ACTION_ERRORS.saveTeam)) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('Team details')}>
      <TextField label={t('Team name')} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
      <TextAreaField label={t('Description')} optional rows={3} value={description} error={errors.description} onChange={(e) => setDescription(e.target.value)} />
      <Button type="submit" variant="secondary" loading={updateTeam.isPending}>
        {t('Save Details')}
      </Button>
    </form>
  );
}

/** The danger zone: deleting asks for the team's handle, typed exactly, before the button works. */
export function DeleteTeamSection({ team }: { team: TTeam }) {
  const { t } = useT();
  const navigate = useNavigate();
  const deleteTeam = useDeleteTeam(team.handle);
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === team.handle;

  const onDelete = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    try {
      await deleteTeam.mutateAsync();
      toast.success(t('{{team}} was deleted', { team: team.name }));
      navigate('/', { replace: true });
    } catch {
      // Shown below from the mutation state.
    }
  };

  return (
    <form onSubmit={onDelete} noValidate className="space-y-3 rounded-xl border border-red-200 p-4 dark:border-red-900/60" aria-label={t('Delete team')}>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t(TEAM_CHANGE_TEXTS.deleteHint)}
      </p>
      {deleteTeam.isError && <Alert>{t(errorMessage(deleteTeam.error, TEAM_ACTION_ERRORS.deleteTeam))}</Alert>}
      <TextField label={t('Type {{handle}} to confirm', { handle: team.handle })} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
      <Button type="submit" disabled={!confirmed} loading={deleteTeam.isPending} variant="danger">
        {t('Delete Team')}
      </Button>
    </form>
  );
}
