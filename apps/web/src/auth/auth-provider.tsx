import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_ERRORS } from '@agentroom/shared';
import { authApi } from '../api/auth-api';
import { refreshSession } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { onSessionEvent } from '../api/session-events';
import { ssoApi } from '../api/sso-api';
import { tokenStorage } from '../api/token-storage';
import { applyLanguage, currentLanguage, t } from '../i18n';
import { AuthContext, type AuthActions } from './auth-context';
import { authReducer, initialAuthState } from './auth-state';
import { showFlashedToast } from './flash-toast';
import { linkPendingSso } from './sso-link';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  // A session ends once: a second end (the socket's refresh answering 401 after "Sign out") must not
  // clear the cache again, under the sign-in page already loading (its queries would be cancelled).
  const signedIn = useRef(state.isAuthenticated);
  useEffect(() => {
    signedIn.current = state.isAuthenticated;
  }, [state.isAuthenticated]);
  const [signedInAtStartup, setSignedInAtStartup] = useState(false);
  const queryClient = useQueryClient();

  // A message the page before the last full load left (e.g. "Your … sign-in is linked.").
  useEffect(showFlashedToast, []);

  // The account's own language wins over this device's choice once the user is known (from /auth/me,
  // a sign-in or a refresh); an account without one keeps what the device shows.
  const accountLanguage = state.user?.locale;
  useEffect(() => {
    if (accountLanguage && accountLanguage !== currentLanguage()) void applyLanguage(accountLanguage).catch(() => undefined);
  }, [accountLanguage]);

  // Startup check: a stored token is only trusted once the server recognises it.
  useEffect(() => {
    let cancelled = false;
    if (!tokenStorage.get()) {
      dispatch({ type: 'signedOut' });
      return;
    }
    authApi.me().then(
      (user) => {
        const token = tokenStorage.get();
        if (cancelled) return;
        if (token) {
          setSignedInAtStartup(true);
          dispatch({ type: 'signedIn', user, token });
        } else dispatch({ type: 'signedOut' });
      },
      (error: unknown) => {
        // Only a token the server refused is dropped. A request that never got an answer (offline, or
        // cut short by the page navigating away) says nothing about the token: dropping it then
        // signed people out of the next page they opened.
        if (error instanceof ApiError && error.status === 401) tokenStorage.remove();
        if (!cancelled) dispatch({ type: 'signedOut' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  // The API client refreshes tokens by itself; mirror what it learns.
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type === 'refreshed') dispatch({ type: 'refreshed', user: event.user, token: event.token });
        else {
          if (signedIn.current) queryClient.clear();
          dispatch({ type: 'signedOut' });
        }
      }),
    [queryClient],
  );

  const actions = useMemo<AuthActions>(
    () => ({
      async login(usernameOrEmail, password) {
        const { user, token } = await authApi.login(usernameOrEmail, password);
        tokenStorage.set(token);
        dispatch({ type: 'signedIn', user, token });
        await linkPendingSso();
        return user;
      },
      async signInWithSsoTicket(ticket) {
        const { user, token } = await ssoApi.exchangeTicket(ticket);
        tokenStorage.set(token);
        dispatch({ type: 'signedIn', user, token });
        return user;
      },
      async register(input) {
        const user = await authApi.register(input);
        dispatch({ type: 'registered', user });
        return user;
      },
      async logout() {
        try {
          // While the sign-in still holds: the next person here gets none of this one's pushes (never fails the sign-out).
          await import('../push/forget-this-device').then((push) => push.forgetThisDevice(), () => undefined);
          if (tokenStorage.get()) await authApi.logout();
        } catch {
          // The server may be unreachable or the session already gone; signing out locally is what matters.
        } finally {
          tokenStorage.remove();
          if (signedIn.current) queryClient.clear();
          dispatch({ type: 'signedOut' });
        }
      },
      async verifyEmail(token) {
        const user = await authApi.verifyEmail(token);
        dispatch({ type: 'emailVerified', user });
        return user;
      },
      async resendVerification(next) {
        if (!tokenStorage.get()) throw new ApiError(t(AUTH_ERRORS.loginToResend), 401);
        await authApi.resendVerification(next);
      },
      async sendMagicLink(emailOrUsername, next) {
        await authApi.sendMagicLink(emailOrUsername, next);
      },
      async verifyMagicLink(token) {
        const result = await authApi.verifyMagicLink(token);
        tokenStorage.set(result.token);
        dispatch({ type: 'signedIn', user: result.user, token: result.token });
        await linkPendingSso();
        return result.user;
      },
      async sendPasswordReset(email) {
        await authApi.sendPasswordReset(email);
      },
      async resetPassword(token, newPassword) {
        return authApi.resetPassword(token, newPassword);
      },
      async refresh() {
        const { user } = await refreshSession();
        return user;
      },
    }),
    [queryClient],
  );

  const value = useMemo(() => ({ ...state, ...actions, signedInAtStartup }), [state, actions, signedInAtStartup]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
