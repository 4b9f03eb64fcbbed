import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminPerson } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/form-fields';
import { TextField } from '../ui/text-field';
import { ADMIN_KEY, adminApi } from './admin-api';
import { useAdminFormat } from './admin-format';
import { AdminPager } from './admin-pager';
import { AdminQueryState } from './admin-query-state';
import { actionCell, badge, cell, headCell, mutedCell, tableBody, tableClass, tableHead, tableRow, tableWrap } from './admin-table';
import { DisableAccountDialog } from './disable-account-dialog';
import { useDebounced } from './use-debounced';

function PersonState({ person }: { person: TAdminPerson }) {
  const { t } = useT();
  if (person.disabledAt) return <span className={`${badge} bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300`}>{t('Disabled')}</span>;
  return <span className={`${badge} bg-emerald-50 text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300`}>{t('Active')}</span>;
}

/** People: everyone with an account, searchable; disable (after asking) and enable again. */
export function AdminPeopleSection() {
  const { t } = useT();
  const format = useAdminFormat();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [disabledOnly, setDisabledOnly] = useState(false);
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  const query = { ...(q ? { q } : {}), ...(disabledOnly ? { disabled: 'true' as const } : {}), page };
  const people = useQuery({ queryKey: [...ADMIN_KEY, 'people', query], queryFn: () => adminApi.listPeople(query), placeholderData: keepPreviousData });
  const [toDisable, setToDisable] = useState<TAdminPerson | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const settle = () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
  const disable = useMutation({
    mutationFn: ({ person, reason }: { person: TAdminPerson; reason: string }) => adminApi.disableAccount(person.agentId, reason),
    onSuccess: async (person) => {
      setToDisable(null);
      setNotice({ tone: 'success', text: t('{{name}} is disabled.', { name: person.name }) });
      await settle();
    },
  });
  const enable = useMutation({
    mutationFn: (person: TAdminPerson) => adminApi.enableAccount(person.agentId),
    onSuccess: async (person) => {
      setNotice({ tone: 'success', text: t('{{name}} can sign in again.', { name: person.name }) });
      await settle();
    },
    onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, t('Could not enable the account')) }),
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t('Search people')}
          type="search"
          placeholder={t('Name, username or email')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          className="sm:w-80"
        />
        <div className="pb-2">
          <CheckboxField
            label={t('Disabled only')}
            checked={disabledOnly}
            onChange={(event) => {
              setDisabledOnly(event.target.checked);
              setPage(1);
            }}
          />
        </div>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <AdminQueryState query={people} failed={t('Could not load people')}>
        {(data) =>
          data.people.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('Nobody matches.')}</p>
          ) : (
            <>
              <div className={tableWrap}>
                <table className={tableClass}>
                  <thead className={tableHead}>
                    <tr>
                      <th className={headCell}>{t('Name')}</th>
                      <th className={headCell}>{t('Verified')}</th>
                      <th className={headCell}>{t('Teams')}</th>
                      <th className={headCell}>{t('Last seen')}</th>
                      <th className={headCell}>{t('Created')}</th>
                      <th className={headCell}>{t('State')}</th>
                      <th className={headCell}>
                        <span className="sr-only">{t('Actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className={tableBody}>
                    {data.people.map((person) => (
                      <tr key={person.agentId} data-testid="admin-person" className={tableRow}>
                        <td className={cell} data-label={t('Name')}>
                          {/* A person's name, username and address are theirs: a page translator leaves them as written. */}
                          <span className="min-w-0">
                            <span className="block font-medium" translate="no">
                              {person.name}
                            </span>
                            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                              <bdi translate="no">@{person.username}</bdi>
                              {person.isInstanceAdmin && <span className={`${badge} ms-2 bg-indigo-50 text-indigo-700 dark:bg-indigo-950/50 dark:text-indigo-300`}>{t('Admin')}</span>}
                            </span>
                            <span className="block text-xs break-words text-zinc-500 dark:text-zinc-400" translate="no">
                              {person.email}
                            </span>
                          </span>
                        </td>
                        <td className={mutedCell} data-label={t('Verified')}>
                          {person.isVerified ? t('Yes') : t('No')}
                        </td>
                        <td className={mutedCell} data-label={t('Teams')}>
                          {format.number(person.teamCount)}
                        </td>
                        <td className={mutedCell} data-label={t('Last seen')}>
                          {person.lastSeenAt ? format.date(person.lastSeenAt) : t('Never')}
                        </td>
                        <td className={mutedCell} data-label={t('Created')}>
                          {format.day(person.createdAt)}
                        </td>
                        <td className={cell} data-label={t('State')}>
                          <PersonState person={person} />
                        </td>
                        <td className={actionCell}>
                          {person.agentId === user?.agentId ? null : person.disabledAt ? (
                            <Button variant="secondary" size="sm" disabled={enable.isPending} onClick={() => enable.mutate(person)} aria-label={`${t('Enable')}: ${person.name}`}>
                              {t('Enable')}
                            </Button>
                          ) : (
                            <Button
                              variant="secondary"
                              size="sm"
                              onClick={() => {
                                disable.reset();
                                setToDisable(person);
                              }}
                              aria-label={`${t('Disable')}: ${person.name}`}
                            >
                              {t('Disable')}
                            </Button>
                          )}
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
      <DisableAccountDialog
        person={toDisable}
        busy={disable.isPending}
        error={disable.isError ? errorMessage(disable.error, t('Could not disable the account')) : undefined}
        onClose={() => setToDisable(null)}
        onConfirm={(reason) => toDisable && disable.mutate({ person: toDisable, reason })}
      />
    </div>
  );
}
