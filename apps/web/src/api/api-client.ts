import type { TAuthResult, TEnvelope } from '@agentroom/shared';
import { ApiError } from './api-error';
import { API_PREFIX } from './api-base-url';
import { emitSessionEvent } from './session-events';
import { tokenStorage } from './token-storage';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the stored token (the refresh call sends the old one explicitly). */
  token?: string | null;
}

const REFRESH_PATH = '/auth/refresh';

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const token = options.token === undefined ? tokenStorage.get() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw ApiError.network();
  }

  let envelope: TEnvelope<T> | undefined;
  try {
    envelope = (await response.json()) as TEnvelope<T>;
  } catch {
    envelope = undefined;
  }
  if (response.ok && envelope?.success === true) return envelope.data;
  if (envelope && envelope.success === false && envelope.error)
    throw new ApiError(envelope.error, response.status, envelope.code, envelope.details);
  throw new ApiError(`HTTP ${response.status}`, response.status);
}

let refreshing: Promise<TAuthResult> | null = null;

/**
 * Trades the stored (possibly expired) token for a fresh one. Concurrent callers share one
 * refresh, so a burst of expired calls does not log the session in and out several times.
 */
export function refreshSession(): Promise<TAuthResult> {
  refreshing ??= (async () => {
    try {
      const result = await send<TAuthResult>(REFRESH_PATH, { method: 'POST', token: tokenStorage.get() });
      tokenStorage.set(result.token);
      emitSessionEvent({ type: 'refreshed', user: result.user, token: result.token });
      return result;
    } catch (error) {
      // Only a definite "no" from the server ends the session; a network blip leaves it alone.
      if (error instanceof ApiError && error.status === 401) {
        tokenStorage.remove();
        emitSessionEvent({ type: 'ended' });
      }
      throw error;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * One JSON call to the API. Answers the envelope's `data`; throws ApiError otherwise.
 * A 401 TOKEN_EXPIRED means the access token aged out while the session lives: refresh once, retry.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    const expired = error instanceof ApiError && error.status === 401 && error.code === 'TOKEN_EXPIRED';
    if (!expired || path === REFRESH_PATH || options.token !== undefined || !tokenStorage.get()) throw error;
    try {
      await refreshSession();
    } catch {
      throw error;
    }
    return send<T>(path, options);
  }
}
