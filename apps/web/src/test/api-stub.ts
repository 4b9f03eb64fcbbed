import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** Simulates a request that never got an answer. */
  networkError?: boolean;
}

interface RecordedCall {
  method: string;
  path: string;
  /** The parsed JSON body, or the FormData of a multipart upload. */
  body: unknown;
  authorization: string | null;
}

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer);

export const ok = (data: unknown, status = 200): StubAnswer => ({ status, body: { success: true, data } });
export const fail = (status: number, error: string, code: string, details?: Record<string, string>): StubAnswer => ({
  status,
  body: { success: false, error, code, ...(details ? { details } : {}) },
});

/**
 * Replaces fetch with a table of answers keyed 'METHOD /path' (path after /api/v1).
 * A handler may be a list, answered in turn. Unknown calls answer 404 in the envelope.
 */
export function stubApi(table: Record<string, Handler | Handler[]>) {
  const calls: RecordedCall[] = [];
  const queues = new Map(Object.entries(table).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^.*\/api\/v1/, '');
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path,
      body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const entry = queues.get(`${call.method} ${path}`);
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    const answer = typeof handler === 'function' ? handler(call) : (handler ?? fail(404, 'Not found', 'NOT_FOUND'));
    if (answer.networkError) throw new TypeError('Failed to fetch');
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchMock));
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Uploads with progress go through XMLHttpRequest: this stand-in answers from the same table as
 * fetch, after reporting the body as sent in two halves (50 %, then 100 %).
 */
function fakeXhrOver(fetchLike: FetchLike) {
  return class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: BodyInit | null) {
      void (async () => {
        await Promise.resolve();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        try {
          const response = await fetchLike(this.url, { method: this.method, headers: this.headers, body: body ?? undefined });
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        } catch {
          this.onerror?.();
        }
      })();
    }
  };
}
