import { inject } from 'vitest';
import { linkFromMail, nextMail, SUBJECTS } from './mail';

/** A JSON call straight to the API, for setting up data a journey is not about. */
export async function callApi<T>(path: string, body?: unknown, token?: string, method?: 'PUT' | 'PATCH' | 'DELETE'): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api/v1${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error?: string };
  if (!envelope.success) throw new Error(`${path}: ${response.status} ${envelope.error}`);
  return envelope.data;
}

type NewUser = { username: string; email: string; password: string; firstName: string; lastName: string };

/** Registers through the API; the verification mail is left in the capture unless `verify`. */
export async function registerViaApi(user: NewUser, options: { verify: boolean }) {
  await callApi('/auth/register', user);
  if (!options.verify) return;
  const link = linkFromMail(await nextMail(user.email, SUBJECTS.verifyEmail), '/auth/verify-email');
  await callApi('/auth/email/verify-email', { token: new URL(link).searchParams.get('token') });
}
