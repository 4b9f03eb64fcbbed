import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { Card } from '../ui/card';
import { ADMIN_KEY, adminApi } from './admin-api';
import { useAdminFormat } from './admin-format';
import { AdminQueryState } from './admin-query-state';
import { badge } from './admin-table';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <h3 className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">{children}</dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words text-zinc-800 dark:text-zinc-200">{children}</dd>
    </>
  );
}

/** Settings: what this instance runs with, read-only (they are set in its environment). */
export function AdminSettingsSection() {
  const { t } = useT();
  const format = useAdminFormat();
  const settings = useQuery({ queryKey: [...ADMIN_KEY, 'settings'], queryFn: adminApi.getSettings });
  const yesNo = (value: boolean) => (value ? t('Yes') : t('No'));
  const limit = (value: number | null) => (value === null ? t('No limit') : t('{{tokens}} tokens a day', { tokens: format.number(value) }));
  const none = <span className="text-zinc-500 dark:text-zinc-400">{t('None')}</span>;

  return (
    <AdminQueryState query={settings} failed={t('Could not load the settings')}>
      {(data) => (
        <div className="space-y-4">
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("These come from the instance's environment; change them there and restart.")}</p>
          <Group title={t('Models')}>
            <Row label={t('Provider configured')}>{yesNo(data.providerConfigured)}</Row>
            <Row label={t('Provider base URL')}>{data.providerBaseUrl ? <code className="text-xs">{data.providerBaseUrl}</code> : none}</Row>
            <Row label={t('Models')}>
              {data.models.length === 0 ? (
                none
              ) : (
                <ul className="space-y-1">
                  {data.models.map((model) => (
                    <li key={model.id}>
                      {model.label} <code className="text-xs text-zinc-500 dark:text-zinc-400">{model.id}</code>
                      {model.isDefault && <span className={`${badge} ms-2 bg-indigo-50 text-indigo-700 dark:bg-indigo-950/50 dark:text-indigo-300`}>{t('Default')}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </Row>
            <Row label={t('Tools')}>{data.toolsEnabled ? t('On') : t('Off')}</Row>
          </Group>
          <Group title={t('Budgets')}>
            <Row label={t('Each team')}>{limit(data.teamDailyTokenBudget)}</Row>
            <Row label={t('Each person')}>{limit(data.personDailyTokenLimit)}</Row>
          </Group>
          <Group title={t('Sign-in')}>
            <Row label={t('Password sign-in')}>{data.passwordSignIn ? t('On') : t('Off')}</Row>
            <Row label={t('Single sign-on')}>{data.ssoProviders.length === 0 ? none : data.ssoProviders.map((provider) => provider.name).join(', ')}</Row>
            <Row label={t('Administrators by email')}>{data.adminEmails.length === 0 ? none : data.adminEmails.join(', ')}</Row>
          </Group>
          <Group title={t('Data')}>
            <Row label={t('Retention runs every')}>{t('{{count}} minutes', { count: data.retentionIntervalMinutes })}</Row>
            <Row label={t('Exports are kept for')}>{t('{{count}} hours', { count: data.exportTtlHours })}</Row>
          </Group>
        </div>
      )}
    </AdminQueryState>
  );
}
