import type { TUser } from '@agentroom/shared';

/** What the app knows of the session: loading, signed in (verified or not) with its user and token, or signed out. */
export interface AuthState {
  isLoading: boolean;
  isAuthenticated: boolean;
  isEmailVerified: boolean;
  user: TUser | null;
  token: string | null;
}

export type AuthAction =
  /** Startup check, password login or magic link succeeded. */
  | { type: 'signedIn'; user: TUser; token: string }
  /** Startup check failed, logout, or the session ended under us. */
  | { type: 'signedOut' }
  /** Registered: we know the user but hold no token until they sign in. */
  | { type: 'registered'; user: TUser }
  | { type: 'emailVerified'; user: TUser }
  | { type: 'refreshed'; user: TUser; token: string };

export const initialAuthState: AuthState = {
  isLoading: true,
  isAuthenticated: false,
  isEmailVerified: false,
  user: null,
  token: null,
};

const signedOut: AuthState = { ...initialAuthState, isLoading: false };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'signedIn':
    case 'refreshed':
      return {
        isLoading: false,
        isAuthenticated: true,
        isEmailVerified: action.user.isVerified,
        user: action.user,
        token: action.token,
      };
    case 'signedOut':
      return signedOut;
    case 'registered':
      return { ...signedOut, user: action.user };
    case 'emailVerified':
      // A verification link opened while signed in as someone else must not swap the user
      // under that session's token.
      if (state.isAuthenticated && state.user && state.user.id !== action.user.id) return state;
      return { ...state, isLoading: false, user: action.user, isEmailVerified: true };
  }
}
