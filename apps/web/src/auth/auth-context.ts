import { createContext, useContext } from 'react';
import type { TRegisterRequest, TUser } from '@agentroom/shared';
import type { AuthState } from './auth-state';

export interface AuthActions {
  /** Also links a provider sign-in waiting in this browser (see sso-link.ts). */
  login(usernameOrEmail: string, password: string): Promise<TUser>;
  /** Signs in with the one-time ticket a provider's sign-in ended with (/auth/sso#ticket=…). */
  signInWithSsoTicket(ticket: string): Promise<TUser>;
  register(input: TRegisterRequest): Promise<TUser>;
  /** Always ends the local session, even when the server call fails. */
  logout(): Promise<void>;
  verifyEmail(token: string): Promise<TUser>;
  /** `next`: where the mailed link returns to (a path of this app). */
  resendVerification(next?: string): Promise<void>;
  sendMagicLink(emailOrUsername: string, next?: string): Promise<void>;
  verifyMagicLink(token: string): Promise<TUser>;
  sendPasswordReset(email: string): Promise<void>;
  resetPassword(token: string, newPassword: string): Promise<TUser>;
  /** Asks the server for a fresh token and the current user (e.g. after verifying in another tab). */
  refresh(): Promise<TUser>;
}

export type AuthContextValue = AuthState &
  AuthActions & {
    /** The startup check found a live session (as opposed to signing in on this page). */
    signedInAtStartup: boolean;
  };

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
