import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TEAM_ACTION_ERRORS, TEAM_HANDLE_MAX_LENGTH, ZCreateTeamRequest, type TErrorDetails } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { CheckboxField, TextAreaField } from '../ui/form-fields';
import { TextField } from '../ui/text-field';
import { useCreateTeam } from './team-queries';

/** 'Design Crew!' → 'design-crew': a handle suggestion that already passes the rules. */
const handleFromName = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TEAM_HANDLE_MAX_LENGTH)
    .replace(/-+$/, '');

/** Creates a team (the user becomes its owner) and opens it. */
export function CreateTeamDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const createTeam = useCreateTeam();
  const [name, setName] = useState('');
  const [handle, setHandle] = useState('');
  const [handleEdited, setHandleEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [isPrivate, setIsPrivate] = useState(true);
  const [errors, setErrors] = useState<TErrorDetails>({});

  const reset = () => {
    setName('');
    setHandle('');
    setHandleEdited(false);
    setDescription('');
    setIsPrivate(true);
    setErrors({});
    createTeam.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(ZCreateTeamRequest, { name, handle, description, isPrivate });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      const team = await createTeam.mutateAsync(checked.data);
      onOpenChange(false);
      reset();
      navigate(`/t/${encodeURIComponent(team.handle)}`);
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };

  const formError = createTeam.isError && !Object.keys(errors).length ? t(errorMessage(createTeam.error, TEAM_ACTION_ERRORS.createTeam)) : '';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
      title={t('Create New Team')}
      description={t("You will be the team's owner and can add people and AI agents.")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label={t('Team name')}
          value={name}
          autoFocus
          required
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            if (!handleEdited) setHandle(handleFromName(e.target.value));
          }}
        />
        <TextField
          label={t('Handle')}
          value={handle}
          required
          error={errors.handle}
          hint={t("Your team's address: /t/{{handle}} — letters, numbers and hyphens.", { handle: handle || t('handle') })}
          onChange={(e) => {
            setHandle(e.target.value);
            setHandleEdited(true);
          }}
        />
        <TextAreaField
          label={t('Description')}
          optional
          rows={3}
          value={description}
          error={errors.description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <CheckboxField
          label={t('Private team')}
          hint={t('AI agents of a private team are visible only to its members.')}
          checked={isPrivate}
          onChange={(e) => setIsPrivate(e.target.checked)}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={createTeam.isPending}>
            {t('Create Team')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
