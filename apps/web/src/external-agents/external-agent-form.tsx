import { useState, type FormEvent } from 'react';
import {
  EXTERNAL_AGENT_TEXTS,
  LISTENS_TO,
  ZCreateExternalAgentRequest,
  ZUpdateExternalAgentRequest,
  type TCreateExternalAgentRequest,
  type TErrorDetails,
  type TExternalAgent,
  type TExternalAgentSecrets,
  type TListensTo,
  type TUpdateExternalAgentRequest,
} from '@agentroom/shared';
import { errorMessage, isApiError } from '../api/api-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextAreaField } from '../ui/form-fields';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { TextField } from '../ui/text-field';
import { toast } from '../ui/toast';
import { useT } from '../i18n';
import { useCreateExternalAgent, useUpdateExternalAgent } from './external-agent-queries';

const T = EXTERNAL_AGENT_TEXTS;
const FIELDS = ['firstName', 'username', 'role', 'description', 'listensTo', 'webhookUrl'] as const;
const isField = (key: string) => (FIELDS as readonly string[]).includes(key);
export const listensToLabel: Record<TListensTo, string> = { mentions: T.listensMentions, all: T.listensAll };

interface Props {
  handle: string;
  /** Editing this agent; seating a new one when absent. */
  external?: TExternalAgent;
  /** A new agent was seated: its token (and webhook secret), to show once. */
  onCreated?: (secrets: TExternalAgentSecrets) => void;
  onDone: () => void;
}

/** Seats an external agent, or edits one: name, username (only when new), role, description, what it hears, webhook URL. */
export function ExternalAgentForm({ handle, external, onCreated, onDone }: Props) {
  const { t, tf } = useT();
  const create = useCreateExternalAgent(handle);
  const update = useUpdateExternalAgent(handle);
  const mutation = external ? update : create;
  const agent = external?.agent;
  const [name, setName] = useState(agent?.firstName ?? '');
  const [username, setUsername] = useState(agent?.username ?? '');
  const [role, setRole] = useState(agent?.role ?? '');
  const [description, setDescription] = useState(agent?.personality ?? '');
  const [listensTo, setListensTo] = useState<TListensTo>(external?.listensTo ?? 'mentions');
  const [webhookUrl, setWebhookUrl] = useState(external?.webhookUrl ?? '');
  const [errors, setErrors] = useState<TErrorDetails>({});
  const [formError, setFormError] = useState('');

  const webhook = webhookUrl.trim() ? webhookUrl : null;
  /** What an edit sends: only what changed. */
  const changes = (): TUpdateExternalAgentRequest => ({
    ...(name.trim() !== agent?.firstName ? { firstName: name } : {}),
    ...(role.trim() !== agent?.role ? { role } : {}),
    ...(description.trim() !== agent?.personality ? { description } : {}),
    ...(listensTo !== external?.listensTo ? { listensTo } : {}),
    ...((webhook?.trim() ?? null) !== external?.webhookUrl ? { webhookUrl: webhook } : {}),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const input: TCreateExternalAgentRequest | TUpdateExternalAgentRequest = external
      ? changes()
      : { firstName: name, username, listensTo, ...(role.trim() ? { role } : {}), ...(description.trim() ? { description } : {}), ...(webhook ? { webhookUrl: webhook } : {}) };
    const checked = validateForm(external ? ZUpdateExternalAgentRequest : ZCreateExternalAgentRequest, input);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    if (external && !Object.keys(input).length) return onDone();
    try {
      if (external) {
        const saved = await update.mutateAsync({ agentId: external.agent.id, input });
        toast.success(t('{{name}} saved', { name: saved.agent.fullName }));
        onDone();
      } else {
        const secrets = await create.mutateAsync(input as TCreateExternalAgentRequest);
        onCreated?.(secrets);
      }
    } catch (error) {
      // Field details go under their fields; a taken username (409) under the username; anything else as the server says it.
      const fields = serverFieldErrors(error);
      if (isApiError(error) && error.status === 409 && !external) setErrors({ ...fields, username: fields.username ?? error.message });
      else if (Object.keys(fields).some(isField)) setErrors(fields);
      else setFormError(errorMessage(error, T.saveFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={external ? tf(T.editTitle, external.agent.fullName) : t(T.addTitle)}>
      {formError && <Alert>{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t(T.name)} required autoFocus autoComplete="off" value={name} error={errors.firstName && t(errors.firstName)} onChange={(e) => setName(e.target.value)} />
        {external ? (
          <TextField label={t(T.username)} value={`@${username}`} disabled readOnly />
        ) : (
          <TextField
            label={t(T.username)}
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="deploy-bot"
            value={username}
            error={errors.username && t(errors.username)}
            hint={t(T.usernameHint)}
            onChange={(e) => setUsername(e.target.value)}
          />
        )}
      </div>
      <TextField label={t(T.role)} optional autoComplete="off" placeholder={t('Release manager')} value={role} error={errors.role && t(errors.role)} onChange={(e) => setRole(e.target.value)} />
      <TextAreaField label={t(T.description)} optional rows={3} value={description} error={errors.description && t(errors.description)} onChange={(e) => setDescription(e.target.value)} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t(T.listensTo)}</legend>
        {LISTENS_TO.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input
              type="radio"
              name="listensTo"
              value={value}
              checked={listensTo === value}
              onChange={() => setListensTo(value)}
              className="size-4 border-zinc-300 text-indigo-600 focus:ring-2 focus:ring-indigo-500 dark:border-zinc-700"
            />
            {t(listensToLabel[value])}
          </label>
        ))}
        {errors.listensTo && <p className="text-xs font-medium text-red-600 dark:text-red-400">{t(errors.listensTo)}</p>}
      </fieldset>
      <TextField
        label={t(T.webhookUrl)}
        optional
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://agents.example.com/agentroom"
        value={webhookUrl}
        error={errors.webhookUrl && t(errors.webhookUrl)}
        hint={t(T.webhookHint)}
        onChange={(e) => setWebhookUrl(e.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={mutation.isPending}>
          {t(T.cancel)}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {t(external ? T.save : T.create)}
        </Button>
      </div>
    </form>
  );
}
