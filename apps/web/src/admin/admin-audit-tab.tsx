import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { auditApi } from '../audit/audit-api';
import { AuditLogView } from '../audit/audit-log-view';
import { useT } from '../i18n';
import { SelectField } from '../ui/form-fields';
import { ADMIN_KEY, adminApi } from './admin-api';

/** The admin area's "Audit log" tab (decision 0028): every team's log and the instance's own, or one team's. */
export function AdminAuditTab() {
  const { t } = useT();
  const [team, setTeam] = useState('');
  // The teams' first page: enough to pick from on most instances; the log itself is never limited by it.
  const teams = useQuery({ queryKey: [...ADMIN_KEY, 'teams', { page: 1 }], queryFn: () => adminApi.listTeams({ page: 1 }) });
  const choices = (teams.data?.teams ?? []).map((row) => ({ value: row.id, label: `${row.name} (${row.handle})` }));
  return (
    <AuditLogView
      queryKey={['admin', team]}
      fetchPage={(query) => auditApi.adminLog({ ...query, ...(team ? { team } : {}) })}
      extraFilters={<SelectField label={t('Team')} value={team} onChange={(event) => setTeam(event.target.value)} options={[{ value: '', label: t('All teams') }, ...choices]} />}
    />
  );
}
