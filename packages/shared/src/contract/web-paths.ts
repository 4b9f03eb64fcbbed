/**
 * The paths the web app renders (apps/web/src/app/routes.tsx; a web test keeps the two equal). The API
 * answers these with index.html and 200; any other path gets a 404 (decision in apps/api/src/http/web-app.ts),
 * and deploy/nginx.conf does the same with a regular expression checked against this list.
 * `:name` stands for one non-empty path segment.
 */
export const WEB_APP_PATHS = [
  '/',
  '/auth/login',
  '/auth/register',
  '/auth/verify-email',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/magic-link',
  '/auth/sso',
  '/auth/confirm-email-change',
  '/invite',
  // your account's pages
  '/account',
  '/account/profile',
  '/account/email',
  '/account/password',
  '/account/sessions',
  '/account/blocked',
  '/account/data',
  '/account/delete',
  '/notifications/unsubscribe',
  // the threads I follow, across conversations (decision 0026)
  '/threads',
  // the reader's saved messages (decision 0026)
  '/saved',
  // the instance administrators' area (decision 0028)
  '/admin',
  '/admin/:section',
  '/p/:username',
  '/t/:handle',
  '/t/:handle/p/:username',
  '/t/:handle/r/:room',
  '/t/:handle/usage',
  // Team settings as pages (members, invitations, agents, rooms, details, danger).
  '/t/:handle/settings',
  '/t/:handle/settings/:section',
] as const;

const patterns = WEB_APP_PATHS.map((pattern) => pattern.split('/').filter(Boolean));

/** Whether the web app has a page at `pathname`, matched as react-router does: case-insensitive, an optional trailing slash. */
export function isWebAppPath(pathname: string): boolean {
  if (!pathname.startsWith('/') || pathname.includes('//')) return false;
  const segments = pathname.split('/').filter(Boolean);
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]!.toLowerCase()),
  );
}
