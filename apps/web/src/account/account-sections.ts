import { ACCOUNT_PAGE_TEXTS, GOVERNANCE_TEXTS, SAFETY_TEXTS } from '@agentroom/shared';

/** The account pages, in menu order (each has a route in app/routes.tsx; the layout needs nothing else). */
export const ACCOUNT_SECTIONS = [
  { path: 'profile', label: ACCOUNT_PAGE_TEXTS.sections.profile },
  { path: 'email', label: ACCOUNT_PAGE_TEXTS.sections.email },
  { path: 'password', label: ACCOUNT_PAGE_TEXTS.sections.password },
  { path: 'sessions', label: ACCOUNT_PAGE_TEXTS.sections.sessions },
  { path: 'blocked', label: SAFETY_TEXTS.blockedPeople },
  { path: 'data', label: GOVERNANCE_TEXTS.yourData },
  { path: 'delete', label: ACCOUNT_PAGE_TEXTS.sections.delete },
] as const;
