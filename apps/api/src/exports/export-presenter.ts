import type { TDataExport } from '@agentroom/shared';
import type { DataExportView } from './export-repo';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const presentExport = (row: DataExportView): TDataExport => ({
  id: row.id,
  kind: row.kind,
  teamHandle: row.teamHandle,
  status: row.status,
  progress: row.progress,
  size: row.size,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: iso(row.finishedAt),
  expiresAt: iso(row.expiresAt),
  downloadedAt: iso(row.downloadedAt),
});
