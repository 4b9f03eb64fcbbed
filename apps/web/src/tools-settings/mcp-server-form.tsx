import { useState, type FormEvent } from 'react';
import { toast } from '../ui/toast';
import { TOOL_SETTINGS_TEXTS, ZCreateMcpServerRequest, ZUpdateMcpServerRequest, type TCreateMcpServerRequest, type TErrorDetails, type TMcpServer, type TUpdateMcpServerRequest } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { serverFieldErrors, validateForm } from '../ui/form-errors';
import { TextField } from '../ui/text-field';
import { useT } from '../i18n';
import { HeaderNameChips } from './header-name-chips';
import { emptyHeaderRow, headerRowErrors, HeaderRows, headersOf, type HeaderRow } from './header-rows';
import { useCreateMcpServer, useUpdateMcpServer } from './tool-queries';

/** An edit keeps the stored headers, replaces them with the rows, or removes them. */
type HeaderMode = 'keep' | 'replace' | 'remove';

const FIELDS = ['name', 'url'] as const;
const isFieldError = (key: string) => (FIELDS as readonly string[]).includes(key) || key === 'headers' || key.startsWith('headers.');

interface Props {
  handle: string;
  /** Editing this server; adding a new one when absent. */
  server?: TMcpServer;
  onDone: () => void;
}

/** Adds an MCP server to the team, or edits one: name, URL and the auth headers (values write-only). */
export function McpServerForm({ handle, server, onDone }: Props) {
  const { t } = useT();
  const create = useCreateMcpServer(handle);
  const update = useUpdateMcpServer(handle);
  const mutation = server ? update : create;
  const [name, setName] = useState(server?.name ?? '');
  const [url, setUrl] = useState(server?.url ?? '');
  const [headerMode, setHeaderMode] = useState<HeaderMode>(server ? 'keep' : 'replace');
  const [rows, setRows] = useState<HeaderRow[]>(() => (server ? [] : [emptyHeaderRow()]));
  const [errors, setErrors] = useState<TErrorDetails>({});
  const [formError, setFormError] = useState('');
  const rowErrors = headerRowErrors(rows, errors);

  /** What an edit sends: only what changed. */
  const changes = (): TUpdateMcpServerRequest => ({
    ...(name.trim() !== server?.name ? { name } : {}),
    ...(url.trim() !== server?.url ? { url } : {}),
    ...(headerMode === 'replace' ? { headers: headersOf(rows) } : headerMode === 'remove' ? { headers: null } : {}),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const headers = headersOf(rows);
    const input: TCreateMcpServerRequest | TUpdateMcpServerRequest = server ? changes() : { name, url, ...(Object.keys(headers).length ? { headers } : {}) };
    const checked = validateForm(server ? ZUpdateMcpServerRequest : ZCreateMcpServerRequest, input);
    const clientErrors = checked.errors ?? {};
    if (checked.errors || Object.keys(headerRowErrors(rows, clientErrors)).length) return setErrors(clientErrors);
    setErrors({});
    if (server && !Object.keys(input).length) return onDone();
    try {
      const saved = server ? await update.mutateAsync({ id: server.id, input }) : await create.mutateAsync(input as TCreateMcpServerRequest);
      toast.success(server ? t('{{name}} saved', { name: saved.name }) : t('{{name}} added', { name: saved.name }));
      onDone();
    } catch (error) {
      // Field details go under their fields; anything else (a refused host, say) is the server's message as is.
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).some(isFieldError)) setErrors(fields);
      else setFormError(errorMessage(error, TOOL_SETTINGS_TEXTS.saveServerFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" aria-label={server ? t('Edit {{name}}', { name: server.name }) : t('Add MCP server')}>
      {formError && <Alert>{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <TextField label={t('Name')} required autoFocus placeholder="crm" autoComplete="off" value={name} error={errors.name && t(errors.name)} onChange={(e) => setName(e.target.value)} />
        <TextField
          label={t('URL')}
          required
          type="url"
          inputMode="url"
          placeholder="https://mcp.example.com/mcp"
          autoComplete="off"
          value={url}
          error={errors.url && t(errors.url)}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t(TOOL_SETTINGS_TEXTS.serverHelp)}</p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('Headers')} <span className="font-normal text-zinc-500 dark:text-zinc-400">{t('(optional)')}</span>
        </legend>
        {server && headerMode !== 'replace' && (
          <div className="flex flex-wrap items-center gap-2">
            {headerMode === 'remove' ? (
              <span className="text-sm text-zinc-600 dark:text-zinc-400">{t('The headers are removed when you save.')}</span>
            ) : server.headerNames.length ? (
              <HeaderNameChips names={server.headerNames} />
            ) : (
              <span className="text-sm text-zinc-500 dark:text-zinc-400">{t('No headers.')}</span>
            )}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setHeaderMode('replace');
                setRows([emptyHeaderRow()]);
              }}
            >
              {server.headerNames.length ? t('Replace headers') : t('Add headers')}
            </Button>
            {headerMode === 'keep' && server.headerNames.length > 0 && (
              <Button variant="ghost" size="sm" onClick={() => setHeaderMode('remove')}>
                {t('Remove headers')}
              </Button>
            )}
            {headerMode === 'remove' && (
              <Button variant="ghost" size="sm" onClick={() => setHeaderMode('keep')}>
                {t('Keep headers')}
              </Button>
            )}
          </div>
        )}
        {headerMode === 'replace' && (
          <>
            <HeaderRows rows={rows} onChange={setRows} errors={rowErrors} />
            {errors.headers && <p className="text-xs font-medium text-red-600 dark:text-red-400">{t(errors.headers)}</p>}
            {server && (
              <Button variant="ghost" size="sm" onClick={() => setHeaderMode('keep')}>
                {t('Keep the current headers')}
              </Button>
            )}
          </>
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {server ? t('Save Server') : t('Add Server')}
        </Button>
      </div>
    </form>
  );
}
