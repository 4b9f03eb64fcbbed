import { ERROR_CODE, type TAuthResult, type TEnvelope } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { ApiError, translatedDetails, withFallback } from './api-error';
import { t } from '../i18n';
import { API_PREFIX } from './api-base-url';
import { emitSessionEvent } from './session-events';
import { tokenStorage } from './token-storage';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except a FormData, which goes as multipart (the browser writes its boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the stored token (the refresh call sends the old one explicitly). */
  token?: string | null;
  /** The text shown when the server gives no message of its own (see withFallback). */
  fallback?: string;
  /**
   * A multipart upload's progress, as the fraction (0–1) of the body sent. fetch cannot report it,
   * so such a request goes through XMLHttpRequest; everything else about it is the same.
   */
  onUploadProgress?: (fraction: number) => void;
}

const REFRESH_PATH = routes.refreshSession.path;

function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

interface RawResponse {
  status: number;
  ok: boolean;
  text: string;
}
interface RawRequest {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
}

async function sendWithFetch(url: string, request: RawRequest): Promise<RawResponse> {
  const response = await fetch(url, request);
  return { status: response.status, ok: response.ok, text: await response.text() };
}

/** The same exchange through XMLHttpRequest, whose upload events say how much of the body has gone. */
function sendWithProgress(url: string, request: RawRequest, onProgress: (fraction: number) => void): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((request.body as XMLHttpRequestBodyInit | undefined) ?? null);
  });
}

/** One HTTP exchange: the envelope's data, or an ApiError (the server's, 'HTTP {status}', or 'Network error'). */
async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const token = options.token === undefined ? tokenStorage.get() : options.token;
  const { body, contentType } = encodeBody(options.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (contentType) headers['Content-Type'] = contentType;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: RawResponse;
  try {
    const request = { method: options.method ?? 'GET', headers, body, signal: options.signal };
    const url = `${API_PREFIX}${path}`;
    response = options.onUploadProgress ? await sendWithProgress(url, request, options.onUploadProgress) : await sendWithFetch(url, request);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw ApiError.network();
  }

  let envelope: TEnvelope<T> | undefined;
  try {
    envelope = JSON.parse(response.text) as TEnvelope<T>;
  } catch {
    envelope = undefined;
  }
  if (response.ok && envelope?.success === true) return envelope.data;
  // The server writes its messages in English (the shared texts): they show in the reader's language.
  if (envelope && envelope.success === false && envelope.error)
    throw new ApiError(t(envelope.error), response.status, envelope.code, translatedDetails(envelope.details));
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

const isExpiredToken = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && error.code === ERROR_CODE.TOKEN_EXPIRED;

/** A 401 TOKEN_EXPIRED means the access token aged out while the session lives: refresh once, retry once. */
async function sendWithRefresh<T>(path: string, options: RequestOptions): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (!isExpiredToken(error) || path === REFRESH_PATH || options.token !== undefined || !tokenStorage.get()) throw error;
    try {
      await refreshSession();
    } catch {
      throw error;
    }
    return send<T>(path, options);
  }
}

/**
 * The one way the web app calls the API, JSON and multipart alike. Answers the envelope's `data`;
 * throws ApiError otherwise, carrying `options.fallback` when the server gave no message.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await sendWithRefresh<T>(path, options);
  } catch (error) {
    if (options.fallback === undefined || options.signal?.aborted) throw error;
    throw withFallback(error, options.fallback);
  }
}
