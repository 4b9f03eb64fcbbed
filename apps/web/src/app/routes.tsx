import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../auth/pages/login-page';
import { RedirectIfSignedIn, RequireVerifiedUser } from '../auth/route-guards';
import { NotFoundPage } from './not-found-page';

// Everything but the sign-in page loads on demand, so the first visit downloads little.
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const RegisterPage = named(() => import('../auth/pages/register-page'), 'RegisterPage');
const VerifyEmailPage = named(() => import('../auth/pages/verify-email-page'), 'VerifyEmailPage');
const ForgotPasswordPage = named(() => import('../auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = named(() => import('../auth/pages/reset-password-page'), 'ResetPasswordPage');
const MagicLinkPage = named(() => import('../auth/pages/magic-link-page'), 'MagicLinkPage');
const InvitePage = named(() => import('../invitations/invite-page'), 'InvitePage');
const UnsubscribePage = named(() => import('../notifications/unsubscribe-page'), 'UnsubscribePage');

// Signed-in screens, all inside the app shell (sidebar, or header and drawer on a phone).
const AppShell = lazy(() => import('../shell/app-shell'));
const HomePage = lazy(() => import('../shell/home-page'));
const TeamLayout = lazy(() => import('../teams/team-layout'));
const TeamPage = lazy(() => import('../teams/team-page'));
const ChatPage = lazy(() => import('../chat/chat-page'));
const RoomPage = lazy(() => import('../rooms/room-page'));
const TeamUsagePage = lazy(() => import('../teams/team-usage-page'));

export const routes: RouteObject[] = [
  { path: '/auth/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
  { path: '/auth/register', element: <RedirectIfSignedIn><RegisterPage /></RedirectIfSignedIn> },
  { path: '/auth/verify-email', element: <VerifyEmailPage /> },
  { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/auth/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth/magic-link', element: <MagicLinkPage /> },
  { path: '/invite', element: <InvitePage /> },
  { path: '/notifications/unsubscribe', element: <UnsubscribePage /> },
  {
    element: <RequireVerifiedUser />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/p/:username', element: <ChatPage /> },
          {
            path: '/t/:handle',
            element: <TeamLayout />,
            children: [
              { index: true, element: <TeamPage /> },
              { path: 'p/:username', element: <ChatPage /> },
              { path: 'r/:room', element: <RoomPage /> },
              { path: 'usage', element: <TeamUsagePage /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
