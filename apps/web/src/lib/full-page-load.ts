/**
 * Leaves the SPA with a real page load (spec §2: after sign-in the app starts fresh at the
 * target). Kept in its own module so component tests can replace it; jsdom cannot navigate.
 */
export function fullPageLoad(path: string): void {
  window.location.assign(path);
}

/**
 * Where to go after signing in: the protected page the user first asked for, if it is a path
 * inside this app, else '/'. Anything else (other origins, '//host', auth pages) is ignored.
 */
export function safeRedirectTarget(from: unknown): string {
  if (typeof from !== 'string') return '/';
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from.startsWith('/auth/')) return '/';
  return from;
}
