/** The admin area's sections, in menu order (`/admin/<path>`). Labels are literal `t()` keys in admin-layout. */
export const ADMIN_SECTIONS = ['people', 'reports', 'teams', 'settings', 'health', 'audit'] as const;
export type TAdminSection = (typeof ADMIN_SECTIONS)[number];

export const isAdminSection = (value: string): value is TAdminSection => (ADMIN_SECTIONS as readonly string[]).includes(value);
