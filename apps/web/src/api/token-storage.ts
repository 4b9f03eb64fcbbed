import { AUTH_TOKEN_STORAGE_KEY } from '@agentroom/shared';

/**
 * The bearer token, kept in localStorage so a session outlives the tab. Storage can throw (private mode, quota, disabled
 * cookies): then we behave as if nothing is stored rather than crash the app.
 */
export const tokenStorage = {
  get(): string | null {
    try {
      return localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
    } catch {
      // Nothing to do: the session lasts for this page only.
    }
  },
  remove(): void {
    try {
      localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    } catch {
      // Ignore, as above.
    }
  },
};
