import { useQuery } from '@tanstack/react-query';
import { ssoApi } from '../api/sso-api';

/**
 * The sign-in page's choices (providers, whether passwords count). Until they arrive, or when they
 * cannot be had, the page is the password form as always: no providers, passwords on.
 */
export function useSignInOptions() {
  const options = useQuery({ queryKey: ['sign-in-options'], queryFn: ssoApi.signInOptions, staleTime: 5 * 60_000, retry: false });
  return { providers: options.data?.providers ?? [], passwordSignIn: options.data?.passwordSignIn ?? true };
}
