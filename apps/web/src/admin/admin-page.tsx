import { Navigate, NavLink, useParams } from 'react-router';
import { GOVERNANCE_TEXTS } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { AdminAuditTab } from './admin-audit-tab';
import { AdminHealthSection } from './admin-health-section';
import { AdminNotFound } from './admin-not-found';
import { AdminPeopleSection } from './admin-people-section';
import { AdminReportsSection } from './admin-reports-section';
import { ADMIN_SECTIONS, isAdminSection, type TAdminSection } from './admin-sections';
import { AdminSettingsSection } from './admin-settings-section';
import { AdminTeamsSection } from './admin-teams-section';

function sectionLabel(section: TAdminSection, t: (key: string) => string): string {
  // Literal keys, so the catalog check sees each one.
  switch (section) {
    case 'people':
      return t('People');
    case 'reports':
      return t('Reports');
    case 'teams':
      return t('Teams');
    case 'settings':
      return t('Settings');
    case 'health':
      return t('Health');
    case 'audit':
      return t('Audit log');
  }
}

const SECTION_CONTENT: Record<TAdminSection, () => React.JSX.Element> = {
  people: AdminPeopleSection,
  reports: AdminReportsSection,
  teams: AdminTeamsSection,
  settings: AdminSettingsSection,
  health: AdminHealthSection,
  audit: () => <AdminAuditTab />,
};

function AdminArea({ section }: { section: TAdminSection }) {
  const { t } = useT();
  usePageTitle(`${sectionLabel(section, t)} · ${t(GOVERNANCE_TEXTS.adminArea)}`);
  const Content = SECTION_CONTENT[section];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 md:flex-row">
      <nav aria-label={t(GOVERNANCE_TEXTS.adminArea)} className="md:w-48 md:shrink-0">
        <h1 className="mb-3 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t(GOVERNANCE_TEXTS.adminArea)}</h1>
        <ul className="-mx-1 flex flex-wrap gap-1 md:flex-col">
          {ADMIN_SECTIONS.map((path) => (
            <li key={path} className="shrink-0">
              <NavLink
                to={`/admin/${path}`}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-1.5 text-sm whitespace-nowrap',
                    isActive
                      ? 'bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950/50 dark:text-indigo-300'
                      : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800',
                    focusRing,
                  )
                }
              >
                {sectionLabel(path, t)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={sectionLabel(section, t)} className="min-w-0 flex-1">
        <h2 className="mb-4 text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{sectionLabel(section, t)}</h2>
        <Content />
      </section>
    </div>
  );
}

/**
 * /admin and /admin/:section: the instance administrators' area (decision 0028). Anyone else sees the
 * app's not-found page without a call being made (the API answers them 404 too), as if it did not exist.
 */
export default function AdminPage() {
  const { user } = useAuth();
  const { section } = useParams();
  if (!user?.isInstanceAdmin) return <AdminNotFound />;
  if (section === undefined) return <Navigate to="/admin/people" replace />;
  if (!isAdminSection(section)) return <AdminNotFound />;
  return <AdminArea section={section} />;
}
