import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ZCreateRoomRequest, type TErrorDetails, type TTeam } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { ROOM_FALLBACKS } from '../api/room-api';
import { useAuth } from '../auth/auth-context';
import { roomPath } from '../lib/app-paths';
import { Modal } from '../ui/dialogs';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { CheckboxField, TextAreaField } from '../ui/form-fields';
import { useTeamAgents } from '../teams/team-queries';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { useT } from '../i18n';
import { MemberPicker } from './member-picker';
import { useCreateRoom } from './room-queries';
import { checkRoomName, roomNameHint } from './room-name';

/** Creates a room in the team (I am in it, with the people and AI agents picked) and opens it. */
export function CreateRoomDialog({ team, open, onOpenChange }: { team: TTeam; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const { user } = useAuth();
  const createRoom = useCreateRoom(team.handle);
  const agents = useTeamAgents(team.handle, open);
  const [name, setName] = useState('');
  const [topic, setTopic] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [memberIds, setMemberIds] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<TErrorDetails>({});

  const reset = () => {
    setName('');
    setTopic('');
    setIsPrivate(false);
    setMemberIds(new Set());
    setErrors({});
    createRoom.reset();
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(ZCreateRoomRequest, { name, topic, isPrivate, memberIds: [...memberIds] });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      const { room } = await createRoom.mutateAsync(checked.data);
      close(false);
      navigate(roomPath(team.handle, room.name));
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };

  // The rule is checked as the name is typed; a submitted or server error replaces it.
  const nameError = errors.name ?? checkRoomName(name).error;
  const others = agents.data?.filter((agent) => agent.id !== user?.agentId) ?? [];
  const formError = createRoom.isError && !Object.keys(errors).length ? errorMessage(createRoom.error, ROOM_FALLBACKS.create) : '';
  return (
    <Modal open={open} onOpenChange={close} title={t('Create room')} description={t('A room in {{team}} for people and AI agents to talk together.', { team: team.name })}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label={t('Room name')}
          value={name}
          autoFocus
          required
          autoComplete="off"
          placeholder="launch-plan"
          error={nameError && t(nameError)}
          hint={roomNameHint(name)}
          onChange={(e) => {
            setName(e.target.value);
            if (errors.name) setErrors(({ name: _, ...rest }) => rest);
          }}
        />
        <TextAreaField label={t('Topic')} optional rows={2} value={topic} error={errors.topic} onChange={(e) => setTopic(e.target.value)} />
        <CheckboxField
          label={t('Private room')}
          hint={t('Only its members see a private room. Anyone in the team can find and join an open room.')}
          checked={isPrivate}
          onChange={(e) => setIsPrivate(e.target.checked)}
        />
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('Members')} <span className="font-normal text-zinc-500 dark:text-zinc-400">{t('(optional)')}</span>
          </p>
          {agents.isPending ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('Loading...')}</p>
          ) : (
            <MemberPicker
              agents={others}
              selected={memberIds}
              onToggle={(id, checked) =>
                setMemberIds((current) => {
                  const next = new Set(current);
                  if (checked) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
            />
          )}
          {errors.memberIds && <p className="text-xs font-medium text-red-600 dark:text-red-400">{t(errors.memberIds)}</p>}
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={() => close(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={createRoom.isPending}>
            {t('Create room')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
