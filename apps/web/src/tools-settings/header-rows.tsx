import { Plus, X } from 'lucide-react';
import { MCP_SERVER_LIMITS, type TErrorDetails } from '@agentroom/shared';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { t, useT } from '../i18n';

export interface HeaderRow {
  /** A client-made id, so removing a row keeps the others' inputs (and focus) in place. */
  id: number;
  name: string;
  value: string;
}

let nextRowId = 1;
export const emptyHeaderRow = (): HeaderRow => ({ id: nextRowId++, name: '', value: '' });

/** The rows as the request's record; rows left blank are skipped. */
export function headersOf(rows: HeaderRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.name.trim() || row.value).map((row) => [row.name.trim(), row.value]));
}

/**
 * Errors of the headers (`headers.<name>` from the shared schema or the server's 400) placed on their
 * row: a bad name on the name input, anything else on the value; a repeated name on its second row.
 */
export function headerRowErrors(rows: HeaderRow[], errors: TErrorDetails): Record<number, { name?: string; value?: string }> {
  const placed: Record<number, { name?: string; value?: string }> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (!name && !row.value) continue;
    if (!name) placed[row.id] = { name: t('Name the header') };
    else if (seen.has(name.toLowerCase())) placed[row.id] = { name: t('This header is already in the list') };
    seen.add(name.toLowerCase());
    const error = errors[`headers.${name}`];
    if (error) placed[row.id] = error === 'Invalid key in record' ? { name: t('Not a valid header name') } : { value: t(error) };
  }
  return placed;
}

/** Key/value rows for the auth headers sent to an MCP server (Authorization: Bearer …). */
export function HeaderRows({
  rows,
  onChange,
  errors,
}: {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  errors: Record<number, { name?: string; value?: string }>;
}) {
  useT(); // re-renders the labels below when the language changes
  const update = (id: number, patch: Partial<HeaderRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  return (
    <div className="space-y-2">
      {rows.map((row, index) => (
        <div key={row.id} className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-2 sm:flex-row sm:items-start sm:border-0 sm:p-0 dark:border-zinc-800">
          <TextField
            className="sm:w-2/5"
            label={t('Header {{number}} name', { number: index + 1 })}
            placeholder="Authorization"
            autoComplete="off"
            value={row.name}
            error={errors[row.id]?.name}
            onChange={(e) => update(row.id, { name: e.target.value })}
          />
          <TextField
            className="min-w-0 flex-1"
            label={t('Header {{number}} value', { number: index + 1 })}
            placeholder="Bearer …"
            type="password"
            autoComplete="new-password"
            value={row.value}
            error={errors[row.id]?.value}
            onChange={(e) => update(row.id, { value: e.target.value })}
          />
          <Button
            variant="ghost"
            size="sm"
            className="self-end sm:mt-7 sm:self-start"
            aria-label={t('Remove header {{number}}', { number: index + 1 })}
            onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
          >
            <X aria-hidden="true" className="size-3.5" />
            <span className="sm:sr-only">{t('Remove')}</span>
          </Button>
        </div>
      ))}
      {rows.length < MCP_SERVER_LIMITS.headersMax && (
        <Button variant="secondary" size="sm" onClick={() => onChange([...rows, emptyHeaderRow()])}>
          <Plus aria-hidden="true" className="size-3.5" />
          {t('Add header')}
        </Button>
      )}
    </div>
  );
}
