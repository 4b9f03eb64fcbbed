import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, Navigate, NavLink, useParams } from 'react-router';
import { useT } from '../i18n';
import { useMediaQuery, WIDE_SCREEN } from '../lib/use-media-query';
import { useTeamContext } from '../teams/team-layout';
import { sectionsFor, teamSettingsPath } from '../teams/team-settings-sections';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { TeamSettingsContent } from './team-settings-content';

/** The sections as links: a side nav beside the page on a wide screen, the whole page on a phone. */
function SectionLinks({ variant }: { variant: 'side' | 'list' }) {
  const { t } = useT();
  const { team } = useTeamContext();
  return (
    <nav aria-label={t('Team settings')}>
      <ul className={variant === 'side' ? 'space-y-0.5' : 'divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900'}>
        {sectionsFor(team).map((section) => (
          <li key={section.id}>
            <NavLink
              to={teamSettingsPath(team.handle, section.id)}
              className={({ isActive }) =>
                cn(
                  variant === 'side'
                    ? 'block rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
                    : 'flex items-center gap-3 px-4 py-3.5',
                  variant === 'side' && isActive && 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/40 dark:text-indigo-300',
                  section.id === 'danger' && 'text-red-700 dark:text-red-400',
                  focusRing,
                )
              }
            >
              {variant === 'side' ? (
                section.label
              ) : (
                <>
                  <span className="min-w-0 flex-1">
                    <span className={cn('block text-sm font-medium', section.id === 'danger' ? 'text-red-700 dark:text-red-400' : 'text-zinc-900 dark:text-zinc-100')}>
                      {section.label}
                    </span>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">{section.description}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 text-zinc-400 rtl:-scale-x-100" />
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /t/:handle/settings and /t/:handle/settings/:section: team settings as pages instead of
 * one long dialog. Wide screens: the sections in a side nav beside the open one (the bare address
 * opens Members). Phones: the bare address lists the sections; a section has a way back to the list.
 */
export default function TeamSettingsPage() {
  const { t } = useT();
  const { team } = useTeamContext();
  const { section: sectionId } = useParams();
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const sections = sectionsFor(team);
  const section = sections.find((s) => s.id === sectionId);
  if (sectionId && !section) return <Navigate replace to={teamSettingsPath(team.handle)} />;
  if (!section && wide) return <Navigate replace to={teamSettingsPath(team.handle, 'members')} />;

  const heading = (
    <div className="mb-6">
      <Link to={`/t/${encodeURIComponent(team.handle)}`} className={cn('text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400', focusRing)}>
        {team.name}
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t('Team settings')}</h1>
    </div>
  );

  if (!section)
    return (
      <div className="mx-auto max-w-xl px-4 py-6">
        {heading}
        <SectionLinks variant="list" />
      </div>
    );

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 lg:py-8">
      {heading}
      <div className={cn(wide && 'grid grid-cols-[12rem_minmax(0,1fr)] gap-8')}>
        {wide ? (
          <SectionLinks variant="side" />
        ) : (
          <Link
            to={teamSettingsPath(team.handle)}
            className={cn('mb-4 inline-flex items-center gap-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100', focusRing)}
          >
            <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('All settings')}
          </Link>
        )}
        <section aria-labelledby="team-settings-section" className="min-w-0 space-y-4">
          <h2 id="team-settings-section" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
            {section.label}
          </h2>
          <TeamSettingsContent section={section.id} />
        </section>
      </div>
    </div>
  );
}
