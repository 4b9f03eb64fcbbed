import { StrictMode, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../auth/auth-context';
import { AuthProvider } from '../auth/auth-provider';
import { makeUser } from './fixtures';

/** A complete auth context with every action a mock; pass what the test cares about. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    isLoading: false,
    isAuthenticated: false,
    isEmailVerified: false,
    user: null,
    token: null,
    signedInAtStartup: false,
    login: vi.fn(async () => makeUser()),
    signInWithSsoTicket: vi.fn(async () => makeUser()),
    register: vi.fn(async () => makeUser()),
    logout: vi.fn(async () => {}),
    verifyEmail: vi.fn(async () => makeUser()),
    resendVerification: vi.fn(async () => {}),
    sendMagicLink: vi.fn(async () => {}),
    verifyMagicLink: vi.fn(async () => makeUser()),
    sendPasswordReset: vi.fn(async () => {}),
    resetPassword: vi.fn(async () => makeUser()),
    refresh: vi.fn(async () => makeUser()),
    ...overrides,
  };
}

const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });

/**
 * Renders routes in a memory router at `path`. With `auth` the given fake context is used;
 * without it the real AuthProvider runs against the stubbed fetch.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  options: { path: string; auth?: AuthContextValue; state?: unknown; strict?: boolean },
) {
  const [pathname, query] = options.path.split('?');
  const queryClient = testQueryClient();
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [{ pathname, search: query ? `?${query}` : '', state: options.state }],
  });
  const withAuth = (children: ReactNode) =>
    options.auth ? <AuthContext.Provider value={options.auth}>{children}</AuthContext.Provider> : <AuthProvider>{children}</AuthProvider>;
  const tree = <QueryClientProvider client={queryClient}>{withAuth(<RouterProvider router={router} />)}</QueryClientProvider>;
  const view = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, router, queryClient };
}

/** Renders one page at `path`, with a stand-in for each route it may navigate to. */
export function renderPage(
  page: ReactNode,
  options: { path: string; auth?: AuthContextValue; state?: unknown; route?: string; strict?: boolean },
) {
  const route = options.route ?? options.path.split('?')[0]!;
  return renderRoutes(
    [
      { path: route, element: page },
      { path: '/auth/login', element: <p>Login screen</p> },
      { path: '/', element: <p>Home screen</p> },
      { path: '*', element: <p>Other screen</p> },
    ],
    options,
  );
}
