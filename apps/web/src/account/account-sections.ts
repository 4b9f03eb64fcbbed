import { ACCOUNT_PAGE_TEXTS } from '@agentroom/shared';

/**
 * The account pages, in menu order. Two more belong here and are linked at merge by their slices:
 * "Notifications" (path 'notifications', the ATTENTION slice) and "Blocked people" (path 'blocked',
 * the REACH slice) — add a row and a route in app/routes.tsx; the layout needs nothing else.
 */
export const ACCOUNT_SECTIONS = [
  { path: 'profile', label: ACCOUNT_PAGE_TEXTS.sections.profile },
  { path: 'email', label: ACCOUNT_PAGE_TEXTS.sections.email },
  { path: 'password', label: ACCOUNT_PAGE_TEXTS.sections.password },
  { path: 'sessions', label: ACCOUNT_PAGE_TEXTS.sections.sessions },
  { path: 'delete', label: ACCOUNT_PAGE_TEXTS.sections.delete },
] as const;
