import type request from 'supertest';
import { z } from 'zod';
import { API_BASE_PATH, ZErrorEnvelope, successEnvelope } from '@agentroom/shared';
import { findApiRoute } from '@agentroom/shared/contract';

type Agent = ReturnType<typeof request>;
interface SeenResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | undefined>;
  req: { method: string; path: string };
}

const envelopes = new WeakMap<z.ZodType, z.ZodType>();
const envelopeOf = (data: z.ZodType) => {
  let envelope = envelopes.get(data);
  if (!envelope) envelopes.set(data, (envelope = successEnvelope(data)));
  return envelope;
};

/**
 * Throws when a response of /api/v1 breaks the shared contract: an error that is not the envelope, a
 * success from a route missing in API_ROUTES, a status the route does not declare, or a body that does
 * not match the route's response schema (strict: an extra field is a mismatch too).
 */
function assertResponseContract(res: SeenResponse): void {
  const method = res.req.method;
  const path = res.req.path.split('?')[0]!;
  if (!path.startsWith(`${API_BASE_PATH}/`) || method === 'HEAD') return;
  const where = `${method} ${path} → ${res.status}`;
  const isJson = /^application\/json\b/.test(res.headers['content-type'] ?? '');
  if (res.status >= 400) {
    if (!isJson) throw new Error(`Contract: ${where} answered an error that is not JSON`);
    const parsed = ZErrorEnvelope.safeParse(res.body);
    if (!parsed.success) throw new Error(`Contract: ${where} is not the error envelope:\n${z.prettifyError(parsed.error)}`);
    return;
  }
  const route = findApiRoute(method, path.slice(API_BASE_PATH.length));
  if (!route) throw new Error(`Contract: ${where} succeeded on a route missing from API_ROUTES`);
  if (route.file || (route.redirect && res.status === 302)) return;
  const data = route.success?.[res.status as 200];
  if (!data) throw new Error(`Contract: ${where} is not a success status API_ROUTES declares for ${route.path}`);
  if (!isJson) throw new Error(`Contract: ${where} answered without a JSON body`);
  const parsed = envelopeOf(data).safeParse(res.body);
  if (!parsed.success) throw new Error(`Contract: ${where} does not match its response schema:\n${z.prettifyError(parsed.error)}`);
}

/** The same supertest agent, with every request checked against the contract before the test's own expectations. */
export function withContractChecks(agent: Agent): Agent {
  return new Proxy(agent, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        const test = result as { expect?: (check: (res: SeenResponse) => void) => unknown };
        if (typeof test?.expect === 'function') test.expect(assertResponseContract);
        return result;
      };
    },
  });
}
