import { useState, type FormEvent } from 'react';
import { toast } from '../ui/toast';
import { TEAM_ACTION_ERRORS, ZCreateAiAgentRequest, ZUpdateAiAgentRequest, type TErrorDetails, type TTeamAgent } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { AvatarPicker } from '../avatars/avatar-picker';
import { isUploadedAvatar, useAgentAvatars } from '../avatars/use-avatar-uploads';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { TextAreaField } from '../ui/form-fields';
import { TextField } from '../ui/text-field';
import { useCreateAiAgent, useUpdateAiAgent } from './team-queries';

const DEFAULT_PERSONALITY = 'A helpful AI assistant';
const AVATAR_AFTER_CREATE_FAILED = 'Could not upload the avatar';

interface Props {
  handle: string;
  /** Editing this agent; creating a new one when absent. */
  agent?: TTeamAgent;
  onDone: () => void;
}

/** An existing agent's avatar changes at once (its own upload), beside the form's other fields. */
function EditAvatar({ agent }: { agent: TTeamAgent }) {
  const avatars = useAgentAvatars();
  const [src, setSrc] = useState(agent.avatarUrl);
  return (
    <AvatarPicker
      name={agent.fullName}
      src={src}
      removable={isUploadedAvatar(src)}
      onUpload={(file, onProgress) => avatars.upload(agent.id, file, onProgress).then((updated) => setSrc(updated.avatarUrl))}
      onRemove={() => avatars.remove(agent.id).then((updated) => setSrc(updated.avatarUrl))}
    />
  );
}

/** Creates an AI agent in the team, or edits one: avatar, name, role, personality prompt and model. */
export function AiAgentForm({ handle, agent, onDone }: Props) {
  const { t } = useT();
  const create = useCreateAiAgent(handle);
  const update = useUpdateAiAgent();
  const avatars = useAgentAvatars();
  const mutation = agent ? update : create;
  const [values, setValues] = useState({
    firstName: agent?.firstName ?? '',
    lastName: agent?.lastName ?? '',
    role: agent?.role ?? '',
    personality: agent?.personality ?? '',
    model: agent?.model ?? '',
  });
  // A new agent's image waits until the agent exists; then it is uploaded like any other.
  const [pendingAvatar, setPendingAvatar] = useState<File | null>(null);
  const [uploadingAvatar, setUploadingAvatar] = useState(false);
  const [errors, setErrors] = useState<TErrorDetails>({});
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function uploadPendingAvatar(created: TTeamAgent) {
    if (!pendingAvatar) return;
    setUploadingAvatar(true);
    try {
      await avatars.upload(created.id, pendingAvatar);
    } catch (error) {
      toast.error(t('{{name}} was created without the avatar', { name: created.fullName }), { description: t(errorMessage(error, AVATAR_AFTER_CREATE_FAILED)) });
    } finally {
      setUploadingAvatar(false);
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      if (agent) {
        const checked = validateForm(ZUpdateAiAgentRequest, values);
        if (checked.errors) return setErrors(checked.errors);
        await update.mutateAsync({ id: agent.id, input: values });
        toast.success(t('{{name}} updated', { name: values.firstName }));
      } else {
        const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
        const checked = validateForm(ZCreateAiAgentRequest, input);
        if (checked.errors) return setErrors(checked.errors);
        const created = await create.mutateAsync(checked.data);
        await uploadPendingAvatar(created);
        toast.success(t('{{name}} joined the team as @{{username}}', { name: created.fullName, username: created.username }));
      }
      onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };

  const formError = mutation.isError && !Object.keys(errors).length ? t(errorMessage(mutation.error, TEAM_ACTION_ERRORS.saveAgent)) : '';
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={agent ? t('Edit {{name}}', { name: agent.fullName }) : t('New AI agent')}>
      {formError && <Alert>{formError}</Alert>}
      {agent ? (
        <EditAvatar agent={agent} />
      ) : (
        <AvatarPicker
          name={values.firstName || t('New agent')}
          src=""
          removable={!!pendingAvatar}
          pendingFile={pendingAvatar}
          onUpload={async (file) => setPendingAvatar(file)}
          onRemove={async () => setPendingAvatar(null)}
          disabled={mutation.isPending || uploadingAvatar}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('First name')} required autoFocus {...field('firstName')} />
        <TextField label={t('Last name')} optional {...field('lastName')} />
      </div>
      <TextField label={t('Role')} optional placeholder={t('Agent')} {...field('role')} />
      <TextAreaField
        label={t('Personality')}
        optional
        rows={4}
        placeholder={t(DEFAULT_PERSONALITY)}
        hint={t('The prompt that shapes how this agent answers.')}
        {...field('personality')}
      />
      <TextField label={t('Model')} optional placeholder={t('Server default')} {...field('model')} />
      <div className="flex justify-end gap-2 pt-1">
        <Button variant="ghost" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={mutation.isPending || uploadingAvatar}>
          {agent ? t('Save Agent') : t('Create Agent')}
        </Button>
      </div>
    </form>
  );
}
