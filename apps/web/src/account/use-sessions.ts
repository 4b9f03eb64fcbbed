import { useQuery } from '@tanstack/react-query';
import { accountApi } from './account-api';

export const SESSIONS_KEY = ['account', 'sessions'] as const;

/** The caller's signed-in sessions (GET /users/me/sessions). */
export const useSessions = () => useQuery({ queryKey: SESSIONS_KEY, queryFn: accountApi.listSessions, retry: false });
