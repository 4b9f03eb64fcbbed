import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ROOM_AGENT_TURN_LIMIT_MAX,
  ROOM_MESSAGES,
  ZUpdateRoomRequest,
  type TConversationParticipant,
  type TErrorDetails,
  type TRoom,
  type TUpdateRoomRequest,
} from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { ROOM_FALLBACKS } from '../api/room-api';
import { roomPath } from '../lib/app-paths';
import { Modal } from '../ui/dialogs';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { CheckboxField, SelectField, TextAreaField } from '../ui/form-fields';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { useT } from '../i18n';
import { useUpdateRoom } from './room-queries';
import { checkRoomName, roomNameHint } from './room-name';

interface Values {
  name: string;
  topic: string;
  isPrivate: boolean;
  answersAllAgentId: string;
  agentTurnLimit: string;
}

const valuesOf = (room: TRoom): Values => ({
  name: room.name,
  topic: room.topic,
  isPrivate: room.isPrivate,
  answersAllAgentId: room.answersAllAgentId ?? '',
  agentTurnLimit: String(room.agentTurnLimit),
});

/** Only what changed goes to the server (#general's name and openness cannot change at all). */
function changesOf(room: TRoom, values: Values): TUpdateRoomRequest {
  const changes: TUpdateRoomRequest = {};
  if (values.name !== room.name) changes.name = values.name;
  if (values.topic !== room.topic) changes.topic = values.topic;
  if (values.isPrivate !== room.isPrivate) changes.isPrivate = values.isPrivate;
  if ((values.answersAllAgentId || null) !== room.answersAllAgentId) changes.answersAllAgentId = values.answersAllAgentId || null;
  const limit = values.agentTurnLimit.trim() === '' ? Number.NaN : Number(values.agentTurnLimit);
  if (limit !== room.agentTurnLimit) changes.agentTurnLimit = limit;
  return changes;
}

function SettingsForm({ room, aiMembers, onDone }: { room: TRoom; aiMembers: readonly TConversationParticipant[]; onDone: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const update = useUpdateRoom(room.team.handle, room.name);
  const [values, setValues] = useState(() => valuesOf(room));
  const [errors, setErrors] = useState<TErrorDetails>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(room, values);
    if (Object.keys(changes).length === 0) return onDone();
    const checked = validateForm(ZUpdateRoomRequest, changes);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      const { room: saved } = await update.mutateAsync(checked.data);
      onDone();
      if (saved.name !== room.name) navigate(roomPath(saved.team.handle, saved.name), { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };

  const nameError = errors.name ?? checkRoomName(values.name).error;
  const formError = update.isError && !Object.keys(errors).length ? errorMessage(update.error, ROOM_FALLBACKS.update) : '';
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      <TextField
        label={t('Room name')}
        value={values.name}
        required
        autoComplete="off"
        disabled={room.isGeneral}
        error={nameError && t(nameError)}
        hint={room.isGeneral ? t(ROOM_MESSAGES.generalKeepsItsName) : roomNameHint(values.name)}
        onChange={(e) => set('name', e.target.value)}
      />
      <TextAreaField label={t('Topic')} optional rows={2} value={values.topic} error={errors.topic && t(errors.topic)} onChange={(e) => set('topic', e.target.value)} />
      <CheckboxField
        label={t('Private room')}
        hint={room.isGeneral ? t(ROOM_MESSAGES.generalStaysOpen) : t('Only its members see a private room.')}
        checked={values.isPrivate}
        disabled={room.isGeneral}
        onChange={(e) => set('isPrivate', e.target.checked)}
      />
      <div className="space-y-1.5">
        <SelectField
          label={t('AI agent that answers everything')}
          value={values.answersAllAgentId}
          onChange={(e) => set('answersAllAgentId', e.target.value)}
          options={[
            { value: '', label: t('None: AI agents answer when @mentioned') },
            ...aiMembers.map((m) => ({ value: m.agentId, label: m.agent.fullName })),
          ]}
        />
        {errors.answersAllAgentId && <p className="text-xs font-medium text-red-600 dark:text-red-400">{t(errors.answersAllAgentId)}</p>}
      </div>
      <TextField
        label={t('AI agent turns after each message')}
        type="number"
        inputMode="numeric"
        min={0}
        max={ROOM_AGENT_TURN_LIMIT_MAX}
        value={values.agentTurnLimit}
        error={errors.agentTurnLimit && t(errors.agentTurnLimit)}
        hint={t('How many AI replies, agents asking each other included, may follow one message from a person (0 to {{max}}).', { max: ROOM_AGENT_TURN_LIMIT_MAX })}
        onChange={(e) => set('agentTurnLimit', e.target.value)}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('Save')}
        </Button>
      </div>
    </form>
  );
}

/** Room settings for its managers: name, topic, privacy, the AI agent that answers everything, the agent turn limit. */
export function RoomSettingsDialog({
  room,
  aiMembers,
  open,
  onOpenChange,
}: {
  room: TRoom;
  aiMembers: readonly TConversationParticipant[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('Room settings')} description={`# ${room.name}`}>
      {/* Mounted while open: every opening starts from the room as it is now. */}
      {open && <SettingsForm room={room} aiMembers={aiMembers} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}
