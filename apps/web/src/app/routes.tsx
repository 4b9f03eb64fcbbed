import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../auth/pages/login-page';
import { RedirectIfSignedIn, RequireVerifiedUser } from '../auth/route-guards';
// Toasts and browser notifications for new messages, once per signed-in session. In the first load
// (≈ 1.4 kB gzip) on purpose: loaded on demand, its code could arrive after the socket had connected and a
// message had come in, and that message would never toast. It listens from the moment the socket is
// there; until a message arrives it does nothing.
import MessageNotifications from '../notifications/message-notifications';
import { PageSpinner } from '../ui/spinner';
import { NotFoundPage } from './not-found-page';
import { chatLoader, shellLoader, teamLoader } from './route-data';

/**
 * Everything but the sign-in page loads on demand, so the first visit downloads little. Each page is
 * a route's `lazy` part: the router fetches the chunks of every route the URL matches at once (shell,
 * team layout and chat page side by side, not one after the other) and renders when they are in, so
 * no Suspense fallback stands in between. The spinner shows while the first ones arrive.
 */
type Loaded<K extends string> = Promise<Record<K, ComponentType>>;
const page = (load: () => Loaded<'default'>): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> => ({
  lazy: async () => ({ Component: (await load()).default }),
  hydrateFallbackElement: <PageSpinner />,
});
const named = <K extends string>(load: () => Loaded<K>, name: K) => page(() => load().then((module) => ({ default: module[name] })));
const signedOutOnly = <K extends string>(load: () => Loaded<K>, name: K): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> => ({
  lazy: async () => {
    const Page: ComponentType = (await load())[name];
    return { element: <RedirectIfSignedIn><Page /></RedirectIfSignedIn> };
  },
  hydrateFallbackElement: <PageSpinner />,
});

const RegisterPage = signedOutOnly(() => import('../auth/pages/register-page'), 'RegisterPage');
const VerifyEmailPage = named(() => import('../auth/pages/verify-email-page'), 'VerifyEmailPage');
const ForgotPasswordPage = named(() => import('../auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = named(() => import('../auth/pages/reset-password-page'), 'ResetPasswordPage');
const MagicLinkPage = named(() => import('../auth/pages/magic-link-page'), 'MagicLinkPage');
const SsoPage = named(() => import('../auth/pages/sso-page'), 'SsoPage');
const InvitePage = named(() => import('../invitations/invite-page'), 'InvitePage');
const ConfirmEmailChangePage = named(() => import('../account/confirm-email-change-page'), 'ConfirmEmailChangePage');
const UnsubscribePage = named(() => import('../notifications/unsubscribe-page'), 'UnsubscribePage');

// Signed-in screens, all inside the app shell (sidebar, or header and drawer on a phone).
const AppShell = page(() => import('../shell/app-shell'));
const HomePage = page(() => import('../shell/home-page'));
const TeamLayout = page(() => import('../teams/team-layout'));
const TeamPage = page(() => import('../team-settings/team-home-page'));
const TeamSettingsPage = page(() => import('../team-settings/team-settings-page'));
// A conversation's page comes with pins and saved messages: pins/ builds on chat/, so it is handed
// in here (chat/message-add-ons.ts), its code fetched beside the page's.
const withPins = (load: () => Loaded<'default'>) =>
  page(async () => {
    const [{ default: Page }, { withPins: wrap }] = await Promise.all([load(), import('../pins/pins-add-ons')]);
    return { default: wrap(Page) };
  });
const ChatPage = withPins(() => import('../chat/chat-page'));
const RoomPage = withPins(() => import('../rooms/room-page'));
const SavedPage = page(() => import('../pins/saved-page'));
const TeamUsagePage = page(() => import('../teams/team-usage-page'));
const ThreadsPage = page(() => import('../threads/threads-page'));
// The account's pages (their menu: account/account-sections.ts).
const AccountLayout = page(() => import('../account/account-layout'));
const ProfilePage = page(() => import('../account/profile-page'));
const EmailPage = page(() => import('../account/email-page'));
const PasswordPage = page(() => import('../account/password-page'));
const SessionsPage = page(() => import('../account/sessions-page'));
const DeleteAccountPage = page(() => import('../account/delete-account-page'));
const BlockedPage = page(() => import('../account/blocked-page'));
const MyDataPage = page(() => import('../exports/my-data-page'));
// The instance administrators' area (decision 0028); the API answers 404 to anyone else.
const AdminPage = page(() => import('../admin/admin-page'));

/**
 * The one routes table. The loaders start a page's data as soon as its URL is known (beside its
 * code and /auth/me, into the query cache the page reads; see route-data.ts) and wait for nothing.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  { path: '/auth/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
  { path: '/auth/register', ...RegisterPage },
  { path: '/auth/verify-email', ...VerifyEmailPage },
  { path: '/auth/forgot-password', ...ForgotPasswordPage },
  { path: '/auth/reset-password', ...ResetPasswordPage },
  { path: '/auth/magic-link', ...MagicLinkPage },
  { path: '/auth/sso', ...SsoPage },
  { path: '/auth/confirm-email-change', ...ConfirmEmailChangePage },
  { path: '/invite', ...InvitePage },
  { path: '/notifications/unsubscribe', ...UnsubscribePage },
  {
    element: <RequireVerifiedUser alongside={<MessageNotifications />} />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        ...AppShell,
        loader: shellLoader(queryClient),
        children: [
          { path: '/', ...HomePage },
          { path: '/p/:username', ...ChatPage, loader: chatLoader(queryClient) },
          { path: '/saved', ...SavedPage },
          { path: '/threads', ...ThreadsPage },
          { path: '/admin', ...AdminPage },
          { path: '/admin/:section', ...AdminPage },
          {
            path: '/account',
            ...AccountLayout,
            children: [
              { index: true, element: <Navigate to="/account/profile" replace /> },
              { path: 'profile', ...ProfilePage },
              { path: 'email', ...EmailPage },
              { path: 'password', ...PasswordPage },
              { path: 'sessions', ...SessionsPage },
              { path: 'blocked', ...BlockedPage },
              { path: 'data', ...MyDataPage },
              { path: 'delete', ...DeleteAccountPage },
            ],
          },
          {
            path: '/t/:handle',
            ...TeamLayout,
            loader: teamLoader(queryClient),
            children: [
              { index: true, ...TeamPage },
              { path: 'p/:username', ...ChatPage, loader: chatLoader(queryClient) },
              { path: 'r/:room', ...RoomPage },
              { path: 'usage', ...TeamUsagePage },
              { path: 'settings', ...TeamSettingsPage },
              { path: 'settings/:section', ...TeamSettingsPage },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
