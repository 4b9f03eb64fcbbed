import { HostNotFound, HostRefused, resolveAllowedHost } from '../ai/tools/mcp/host-rule';

/*
 * Where our server may POST a push. The endpoint is whatever a signed-in person sends, and the server
 * fetches it, so it follows the MCP servers' host rule (no loopback, private, link-local or metadata
 * address) and must be https: push services (FCM, Mozilla, Apple, Microsoft) all are. Hosts the
 * operator names in PUSH_ALLOWED_HOSTS may be anything (a local push service in tests). Checked when a
 * device subscribes and again at every send, whose connection goes to the checked addresses only
 * (DNS may answer differently later).
 */

const PUSH_ENDPOINT_ERRORS = {
  notHttps: 'A push endpoint must be an https URL',
  refused: 'A push endpoint may not be on a loopback, private or link-local address',
  withCredentials: 'A push endpoint may not carry a user name or password',
} as const;

/** The endpoint broke the rule; `message` is one of PUSH_ENDPOINT_ERRORS. */
export class PushEndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointRefused';
  }
}

const isAllowedHost = (url: URL, allowedHosts: readonly string[]) => allowedHosts.includes(url.hostname.replace(/^\[|\]$/g, '').toLowerCase());

/** The scheme and form of the URL, without resolving it. */
export function checkEndpointForm(url: URL, allowedHosts: readonly string[]): void {
  if (url.username || url.password) throw new PushEndpointRefused(PUSH_ENDPOINT_ERRORS.withCredentials);
  const allowed = isAllowedHost(url, allowedHosts);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) throw new PushEndpointRefused(PUSH_ENDPOINT_ERRORS.notHttps);
}

/**
 * The form, then the addresses the host resolves to. A host that does not resolve (now) passes at
 * subscribe time: the send resolves it again and refuses it then if it must.
 */
export async function checkPushEndpoint(endpoint: string, allowedHosts: readonly string[]): Promise<void> {
  const url = new URL(endpoint);
  checkEndpointForm(url, allowedHosts);
  try {
    await resolveAllowedHost(url, allowedHosts);
  } catch (error) {
    if (error instanceof HostRefused) throw new PushEndpointRefused(PUSH_ENDPOINT_ERRORS.refused);
    if (!(error instanceof HostNotFound)) throw error;
  }
}
