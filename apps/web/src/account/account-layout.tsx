import { NavLink, Outlet } from 'react-router';
import { ACCOUNT_PAGE_TEXTS } from '@agentroom/shared';
import { useT } from '../i18n';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';
import { ACCOUNT_SECTIONS } from './account-sections';

/**
 * /account/*: the account's pages beside their menu (a row of links above the page on a phone, a
 * column on wider screens).
 */
export default function AccountLayout() {
  const { t } = useT();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-8 md:flex-row">
      <nav aria-label={t(ACCOUNT_PAGE_TEXTS.title)} className="md:w-48 md:shrink-0">
        <h1 className="mb-3 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t(ACCOUNT_PAGE_TEXTS.title)}</h1>
        <ul className="-mx-1 flex flex-wrap gap-1 md:flex-col">
          {ACCOUNT_SECTIONS.map((section) => (
            <li key={section.path} className="shrink-0">
              <NavLink
                to={`/account/${section.path}`}
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
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0 flex-1">
        <Outlet />
      </section>
    </div>
  );
}
