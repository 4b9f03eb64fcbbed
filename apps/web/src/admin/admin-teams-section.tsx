import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { TextField } from '../ui/text-field';
import { ADMIN_KEY, adminApi } from './admin-api';
import { useAdminFormat } from './admin-format';
import { AdminPager } from './admin-pager';
import { AdminQueryState } from './admin-query-state';
import { badge, cell, headCell, mutedCell, tableBody, tableClass, tableHead, tableRow, tableWrap } from './admin-table';
import { useDebounced } from './use-debounced';

/** Teams: every team with its size, activity, owners and retention. */
export function AdminTeamsSection() {
  const { t } = useT();
  const format = useAdminFormat();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  const query = { ...(q ? { q } : {}), page };
  const teams = useQuery({ queryKey: [...ADMIN_KEY, 'teams', query], queryFn: () => adminApi.listTeams(query), placeholderData: keepPreviousData });

  return (
    <div className="space-y-4">
      <TextField
        label={t('Search teams')}
        type="search"
        placeholder={t('Name or handle')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        className="sm:w-80"
      />
      <AdminQueryState query={teams} failed={t('Could not load teams')}>
        {(data) =>
          data.teams.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('No team matches.')}</p>
          ) : (
            <>
              <div className={tableWrap}>
                <table className={tableClass}>
                  <thead className={tableHead}>
                    <tr>
                      <th className={headCell}>{t('Team')}</th>
                      <th className={headCell}>{t('People')}</th>
                      <th className={headCell}>{t('AI agents')}</th>
                      <th className={headCell}>{t('Rooms')}</th>
                      <th className={headCell}>{t('Messages, last 7 days')}</th>
                      <th className={headCell}>{t('Last activity')}</th>
                      <th className={headCell}>{t('Owners')}</th>
                      <th className={headCell}>{t('Retention')}</th>
                    </tr>
                  </thead>
                  <tbody className={tableBody}>
                    {data.teams.map((team) => (
                      <tr key={team.id} data-testid="admin-team" className={tableRow}>
                        <td className={cell} data-label={t('Team')}>
                          <span>
                            <span className="font-medium" translate="no">
                              {team.name}
                            </span>
                            {team.deletedAt && <span className={`${badge} ms-2 bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300`}>{t('Deleted')}</span>}
                            <span className="block text-xs text-zinc-500 dark:text-zinc-400" translate="no">
                              {team.handle}
                            </span>
                          </span>
                        </td>
                        <td className={mutedCell} data-label={t('People')}>
                          {format.number(team.memberCount)}
                        </td>
                        <td className={mutedCell} data-label={t('AI agents')}>
                          {format.number(team.aiAgentCount)}
                        </td>
                        <td className={mutedCell} data-label={t('Rooms')}>
                          {format.number(team.roomCount)}
                        </td>
                        <td className={mutedCell} data-label={t('Messages, last 7 days')}>
                          {format.number(team.messagesLastWeek)}
                        </td>
                        <td className={mutedCell} data-label={t('Last activity')}>
                          {team.lastActivityAt ? format.date(team.lastActivityAt) : t('Never')}
                        </td>
                        <td className={cell} data-label={t('Owners')} translate="no">
                          {team.owners.map((owner) => `${owner.name} (@${owner.username})`).join(', ') || '—'}
                        </td>
                        <td className={mutedCell} data-label={t('Retention')}>
                          {team.retentionDays === null ? t('Forever') : t('{{count}} days', { count: team.retentionDays })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <AdminPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )
        }
      </AdminQueryState>
    </div>
  );
}
